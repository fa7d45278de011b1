import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import type { Env } from "~/lib/env.server";
import { fixedSecurityHeaders, inlineScriptHashes, nextNonce } from "./security-headers.server";

const sha256 = (text: string) => `'sha256-${crypto.createHash("sha256").update(text, "utf8").digest("base64")}'`;

const page = (inline: string) =>
  `<!DOCTYPE html><html><head><script type="application/ld+json">{"@type":"Organization"}</script>` +
  `<link rel="modulepreload" href="/assets/a.js"/></head><body><script>${inline}</script>` +
  `<script type="module" async="">import "/assets/entry.js";</script><script src="/assets/b.js"></script></body></html>`;

describe("inlineScriptHashes", () => {
  it("hashes every inline script the browser would run, as written, and nothing else", () => {
    expect(inlineScriptHashes(page("window.a = 1;"))).toEqual([sha256("window.a = 1;"), sha256('import "/assets/entry.js";')]);
  });

  it("gives a page whose inline script changed a new hash", () => {
    const [before] = inlineScriptHashes(page("window.a = 1;"));
    const [after] = inlineScriptHashes(page("window.a = 2;"));
    expect(after).not.toBe(before);
    expect(after).toBe(sha256("window.a = 2;"));
  });
});

describe("fixedSecurityHeaders", () => {
  it("is helmet's set of headers with the given sources in script-src instead of a nonce", () => {
    const env = { SITE_URL: "https://www.example.com" } as Env;
    const headers = new Map(fixedSecurityHeaders(env, ["'sha256-abc='"]));
    const csp = headers.get("Content-Security-Policy") ?? "";
    expect(/script-src ([^;]*)/.exec(csp)?.[1]).toBe("'self' 'sha256-abc='");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("upgrade-insecure-requests");
    expect(headers.get("Strict-Transport-Security")).toMatch(/max-age=\d+/);
    expect(headers.get("X-Frame-Options")).toBe("DENY");
    expect(headers.get("X-Content-Type-Options")).toBe("nosniff");
  });
});

describe("nextNonce", () => {
  it("gives 16 random bytes in base64, never the same twice, across refills of its pool", () => {
    const nonces = Array.from({ length: 1000 }, () => nextNonce());
    expect(nonces.every((nonce) => /^[A-Za-z0-9+/]{22}==$/.test(nonce) && Buffer.from(nonce, "base64").length === 16)).toBe(true);
    expect(new Set(nonces).size).toBe(nonces.length);
  });
});
