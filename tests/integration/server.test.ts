// The production server as a process: configuration errors, security headers, server-rendered
// head, 404, health check, the PGlite lock between processes, and graceful shutdown.
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPostgresDatabase, tempDir } from "../../scripts/support/databases";
import { hasTestPostgres } from "../support/environment";
import { startServerProcess, stopServerProcess, type ServerProcess } from "../../scripts/support/server-process";

describe("configuration errors", () => {
  it.each([
    [{ PORT: "abc" }, /^Invalid configuration: PORT must be a port number \(got "abc"\)$/],
    [{ DATABASE_URL: "mysql://localhost/db" }, /^Invalid configuration: DATABASE_URL must be a postgres:\/\/ URL/],
    [{ ADMIN_EMAIL: "admin@example.com" }, /^Invalid configuration: ADMIN_EMAIL and ADMIN_PASSWORD must be set together$/],
    [{ LOG_LEVEL: "loud" }, /^Invalid configuration: LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent \(got "loud"\)$/],
    [{ SITE_URL: "https://owner:site-pass@www.example.com" }, /^Invalid configuration: SITE_URL must not carry a user name or password$/],
    [{ EMAIL_FROM: "Halvorsen Advisory" }, /^Invalid configuration: EMAIL_FROM must be an e-mail address, optionally with a name/],
    // A public site would otherwise sell the bootcamp for nothing through the test checkout.
    [{ SITE_URL: "https://www.example.com" }, /^Invalid configuration: CHECKOUT_MODE must be set when SITE_URL is https and STRIPE_SECRET_KEY is not/],
    // Port 9 (discard) on the loopback: nothing listens there.
    [
      { DATABASE_URL: "postgres://app:db-pass@127.0.0.1:9/site" },
      /^Invalid configuration: DATABASE_URL could not be reached \(connect ECONNREFUSED 127\.0\.0\.1:9\)$/,
    ],
  ])("%o stops the server with one clear line", async (env, line) => {
    const server = await startServerProcess({ DATA_DIR: tempDir(), ...env });
    const { code } = await server.exited;
    expect(code).toBe(1);
    const lines = server.output().trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(line);
  });
});

describe("a running server on PGlite", () => {
  let server: ServerProcess;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = tempDir();
    server = await startServerProcess({ DATA_DIR: dataDir, SITE_URL: "https://www.example.com", CHECKOUT_MODE: "off" });
  });
  afterAll(async () => {
    await stopServerProcess(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("answers /healthz with 200 when the database answers", async () => {
    const response = await fetch(`${server.url}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok" });
  });

  it("renders the home page's title, description, canonical and Open Graph tags on the server", async () => {
    const html = await (await fetch(server.url)).text();
    expect(html).toMatch(/<title>[^<]*Halvorsen Manufacturing Advisory[^<]*<\/title>/);
    expect(html).toMatch(/<meta name="description" content="[^"]{50,}"/);
    expect(html).toContain('<link rel="canonical" href="https://www.example.com/"/>');
    expect(html).toMatch(/<meta property="og:title" content="[^"]+"/);
    expect(html).toContain('<meta property="og:url" content="https://www.example.com/"/>');
    expect(html).toContain('<meta property="og:image" content="https://www.example.com/images/og-default.png"/>');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image"/>');
    expect(html).toContain('"@type":"Organization"');
  });

  it("sends the security headers, with a fresh CSP nonce on every rendered response that matches the page's scripts", async () => {
    // Cached pages allow their scripts by hash instead (tests/integration/page-cache.test.ts).
    const first = await fetch(`${server.url}/admin-login`);
    const second = await fetch(`${server.url}/admin-login`);
    const csp = first.headers.get("content-security-policy")!;
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(second.headers.get("content-security-policy")).not.toContain(nonce);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    const html = await first.text();
    const scripts = [...html.matchAll(/<script(?![^>]*type="application\/ld\+json")([^>]*)>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes] of scripts) expect(attributes).toContain(`nonce="${nonce}"`);
    expect(first.headers.get("x-content-type-options")).toBe("nosniff");
    expect(first.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(first.headers.get("x-frame-options")).toBe("DENY");
    expect(first.headers.get("strict-transport-security")).toMatch(/max-age=\d+/);
    expect(first.headers.get("x-powered-by")).toBeNull();
  });

  it("serves the marketing pages from the page cache to anonymous visitors only", async () => {
    const first = await fetch(`${server.url}/bootcamp?ref=ABC123`);
    const second = await fetch(`${server.url}/bootcamp`);
    expect(first.headers.get("x-page-cache")).toBe("hit");
    expect(second.headers.get("x-page-cache")).toBe("hit");
    // The same bytes for everyone: a content page carries no inline script, so its CSP allows only
    // the site's own scripts, no nonce, no hash.
    expect(await first.text()).toBe(await second.text());
    expect(first.headers.get("content-security-policy")).toBe(second.headers.get("content-security-policy"));
    expect(first.headers.get("content-security-policy")).toMatch(/script-src 'self';/);
    expect(first.headers.get("strict-transport-security")).toMatch(/max-age=\d+/);

    // A cookie that only looks like a session (no valid signature) does not bypass the cache; a
    // signed one does (tests/integration/request-guards.test.ts).
    const forged = await fetch(`${server.url}/bootcamp`, {
      headers: { cookie: "better-auth.session_token=abc.def" },
    });
    expect(forged.status).toBe(200);
    expect(forged.headers.get("x-page-cache")).toBe("hit");
    const unknownQuery = await fetch(`${server.url}/bootcamp?page=2`);
    expect(unknownQuery.headers.get("x-page-cache")).toBeNull();
    const notCached = await fetch(`${server.url}/admin-login`);
    expect(notCached.headers.get("x-page-cache")).toBeNull();
  });

  it("answers unknown paths with 404 and the spec's text, rendered on the server, and logs the path", async () => {
    const response = await fetch(`${server.url}/no-such-page?x=1`);
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain("Oops! Page not found");
    expect(html).toMatch(/<a[^>]*href="\/"[^>]*>Return to Home<\/a>/);
    expect(server.output()).toMatch(/"path":"\/no-such-page".*"msg":"not found"/);
  });

  it("serves robots.txt and a sitemap on SITE_URL", async () => {
    const robots = await (await fetch(`${server.url}/robots.txt`)).text();
    expect(robots).toContain("Sitemap: https://www.example.com/sitemap.xml");
    expect(robots).toContain("Disallow: /admin");
    const sitemap = await fetch(`${server.url}/sitemap.xml`);
    expect(sitemap.headers.get("content-type")).toContain("application/xml");
    const xml = await sitemap.text();
    for (const page of ["/", "/bootcamp", "/about", "/marketplace", "/booking", "/blog", "/affiliate-program"]) {
      expect(xml).toContain(`<loc>https://www.example.com${page}</loc>`);
    }
  });

  it("refuses a second server on the same data directory with one clear line", async () => {
    const second = await startServerProcess({ DATA_DIR: dataDir });
    const { code } = await second.exited;
    expect(code).toBe(1);
    expect(second.output().trim()).toMatch(/^The database directory .* is in use by another process \(pid \d+\)/);
    // The first server is unharmed.
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });
});

describe("shutdown", () => {
  it.each(["SIGTERM", "SIGINT"] as const)("on %s closes the database and releases the lock", async (signal) => {
    const dataDir = tempDir();
    const server = await startServerProcess({ DATA_DIR: dataDir });
    const lockFile = path.join(dataDir, "pglite", "postmaster.lock.json");
    expect(fs.existsSync(lockFile)).toBe(true);
    server.child.kill(signal);
    const { code } = await server.exited;
    expect(code).toBe(0);
    expect(server.output()).toContain('"msg":"stopped"');
    expect(fs.existsSync(lockFile)).toBe(false);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});

describe("the development server", () => {
  it("renders pages through Vite, with the same headers and 404", async () => {
    const dataDir = tempDir();
    const server = await startServerProcess({ DATA_DIR: dataDir }, { dev: true });
    try {
      const home = await fetch(server.url);
      expect(home.status).toBe(200);
      expect(home.headers.get("content-security-policy")).toMatch(/'nonce-[^']+'/);
      expect(await home.text()).toContain("Halvorsen Manufacturing Advisory");
      expect((await fetch(`${server.url}/no-such-page`)).status).toBe(404);
    } finally {
      await stopServerProcess(server);
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});

describe.runIf(hasTestPostgres())("a running server on PostgreSQL", () => {
  it("migrates at start, and /healthz answers 503 once the database is gone", async () => {
    const database = await createPostgresDatabase();
    const server = await startServerProcess({ DATA_DIR: tempDir(), DATABASE_URL: database.url });
    try {
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
      expect((await fetch(`${server.url}/sitemap.xml`)).status).toBe(200);
      await database.drop();
      const response = await fetch(`${server.url}/healthz`);
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ status: "unavailable" });
    } finally {
      await stopServerProcess(server);
      await database.drop();
    }
  });
});
