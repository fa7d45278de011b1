// The page cache of the production server as browsers and CDNs meet it (decision 007): a cached
// page is the same bytes for every anonymous visitor, in the encoding asked for, with a strong ETag
// per encoding, 304s and HEAD, and a CSP naming its inline scripts by hash; signed-in visitors and
// flash toasts get their own render, and mutating requests still meet the method, size and origin
// checks.
import crypto from "node:crypto";
import fs from "node:fs";
import type http from "node:http";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FLASH_TOAST_COOKIE } from "~/lib/flash-toast.server";
import { tempDir } from "../../scripts/support/databases";
import { request, type RawAnswer } from "../../scripts/support/raw-request";
import { startServerProcess, stopServerProcess } from "../../scripts/support/server-process";
import { startServerWithAdmin, type AdminServer } from "../support/live-server";
import { HELMET_HEADERS } from "../support/security-headers";

const ADMIN = { email: "cache-admin@example.test", password: "cache-admin-password-1" };
const CACHED_PAGES = ["/", "/bootcamp", "/about", "/marketplace", "/booking"];
/** Cached pages that are content pages (decision 040): React renders them on the server only. */
const CONTENT_PAGES = new Set(["/", "/bootcamp", "/about", "/marketplace"]);
/** What helmet sets besides the CSP; a cached page must carry the same. */
const SECURITY_HEADERS = HELMET_HEADERS;

function decode({ headers, body }: RawAnswer) {
  if (headers["content-encoding"] === "br") return zlib.brotliDecompressSync(body).toString("utf8");
  if (headers["content-encoding"] === "gzip") return zlib.gunzipSync(body).toString("utf8");
  expect(headers["content-encoding"]).toBeUndefined();
  return body.toString("utf8");
}

/** The sha256 sources a CSP needs for the inline scripts a browser would run in `html`. */
function inlineScriptSources(html: string) {
  return [...html.matchAll(/<script(?![^>]*\ssrc=)(?![^>]*type="application\/ld\+json")[^>]*>([\s\S]*?)<\/script>/g)].map(
    ([, body]) => `'sha256-${crypto.createHash("sha256").update(body!).digest("base64")}'`,
  );
}

type HeaderValue = http.IncomingHttpHeaders[string];
const scriptSrc = (csp: HeaderValue) => /script-src ([^;]*)/.exec(String(csp ?? ""))?.[1]?.split(" ") ?? [];

describe("the page cache", () => {
  let started: AdminServer | undefined;
  let server: AdminServer["server"];
  let adminCookie: string;
  const url = (path: string) => `${server.url}${path}`;

  beforeAll(async () => {
    started = await startServerWithAdmin(ADMIN, { dataDirPrefix: "page-cache-" });
    ({ server, adminCookie } = started);
  });
  afterAll(async () => {
    await started?.stop();
  });

  it.each(CACHED_PAGES)("answers %s twice with byte-identical responses: nothing in them is per response", async (path) => {
    const headers = { "accept-encoding": "gzip, br" };
    const first = await request(url(path), { headers });
    const second = await request(url(path), { headers });
    expect(first.status).toBe(200);
    expect(first.headers["x-page-cache"]).toBe("hit");
    expect(second.body.equals(first.body)).toBe(true);
    const { date: _firstDate, ...firstHeaders } = first.headers;
    const { date: _secondDate, ...secondHeaders } = second.headers;
    expect(secondHeaders).toEqual(firstHeaders);
    expect(first.headers["content-security-policy"]).not.toContain("nonce");
    expect(decode(first)).not.toContain("nonce=");
  });

  // The fast path's equivalence test: the page cache answers what React Router renders for the page.
  it.each(CACHED_PAGES)("answers %s as React Router renders it: status, type, encoding, security headers and HTML but for the nonces", async (path) => {
    const headers = { "accept-encoding": "gzip, br" };
    const cached = await request(url(path), { headers });
    const rendered = await request(url(`${path}?not-cached=1`), { headers });
    expect(cached.headers["x-page-cache"]).toBe("hit");
    expect(rendered.headers["x-page-cache"]).toBeUndefined();
    const comparable = (answer: RawAnswer) => ({
      status: answer.status,
      ...Object.fromEntries([...SECURITY_HEADERS, "content-type", "content-encoding", "vary"].map((name) => [name, answer.headers[name]])),
      html: decode(answer).replaceAll(/ nonce="[^"]*"/g, "").replaceAll("?not-cached=1", ""),
    });
    expect(comparable(cached)).toEqual(comparable(rendered));
  });

  it.each(CACHED_PAGES)("allows exactly the inline scripts %s carries, by hash", async (path) => {
    const response = await request(url(path));
    const html = decode(response);
    const sources = scriptSrc(response.headers["content-security-policy"]);
    expect(sources[0]).toBe("'self'");
    expect(sources).not.toContain("'unsafe-inline'");
    const hashes = inlineScriptSources(html);
    // A content page carries no inline script, so its CSP allows none; an app page's are hashed.
    if (CONTENT_PAGES.has(path)) expect(hashes).toEqual([]);
    else expect(hashes.length).toBeGreaterThan(0);
    expect(new Set(sources.slice(1))).toEqual(new Set(hashes));
  });

  it("ships public pages, cached or rendered, without modulepreload hints; a content page loads its one module, an app page the app; admin pages keep them", async () => {
    const cached = decode(await request(url("/")));
    const rendered = decode(await request(url("/?not-cached=1")));
    const booking = decode(await request(url("/booking")));
    for (const page of [cached, rendered, booking]) expect(page).not.toContain("modulepreload");
    for (const page of [cached, rendered]) {
      const scripts = [...page.matchAll(/<script(?![^>]*type="application\/ld\+json")[^>]*>/g)].map(([tag]) => tag);
      expect(scripts).toEqual([expect.stringMatching(/^<script type="module" src="\/assets\/content-[\w-]+\.js"/)]);
      expect(page).not.toContain("__reactRouterContext");
    }
    const moduleScript = /<script[^>]* type="module"[^>]*>([\s\S]*?)<\/script>/.exec(booking)?.[1];
    expect(moduleScript).toMatch(/import \* as route0 from "\/assets\/root-[^"]+\.js"/);
    expect(moduleScript).toMatch(/import\("\/assets\/entry\.client-[^"]+\.js"\)/);
    expect(booking).toContain("Book a Free Manufacturing Assessment");
    const admin = decode(await request(url("/admin"), { headers: { cookie: adminCookie } }));
    expect(admin).toContain('<link rel="modulepreload"');
  });

  it("sends brotli, gzip or identity as asked, all decoding to the same HTML, each with its own strong ETag", async () => {
    const answers = await Promise.all(
      ["br", "gzip", "identity"].map((encoding) => request(url("/bootcamp"), { headers: { "accept-encoding": encoding } })),
    );
    expect(answers.map((answer) => answer.headers["content-encoding"])).toEqual(["br", "gzip", undefined]);
    const [br, gzip, identity] = answers.map(decode);
    expect(br).toBe(identity);
    expect(gzip).toBe(identity);
    expect(identity).toContain("Three Days That Reset How Your Shop Runs");
    for (const answer of answers) {
      expect(answer.headers.vary).toBe("Accept-Encoding");
      expect(answer.headers.etag).toMatch(/^"[^"]+"$/);
      expect(Number(answer.headers["content-length"])).toBe(answer.body.length);
      expect(answer.headers["content-type"]).toBe("text/html; charset=utf-8");
    }
    expect(new Set(answers.map((answer) => answer.headers.etag)).size).toBe(3);
    // The encoding follows the client's weights, and q=0 refuses one.
    const chosen = async (acceptEncoding: string) =>
      (await request(url("/bootcamp"), { headers: { "accept-encoding": acceptEncoding } })).headers["content-encoding"];
    expect(await chosen("gzip, deflate, br, zstd")).toBe("br");
    expect(await chosen("br;q=0, gzip")).toBe("gzip");
    expect(await chosen("br;q=0.5, gzip;q=0.8")).toBe("gzip");
    expect(await chosen("gzip;q=0, br;q=0")).toBeUndefined();
  });

  it("answers If-None-Match with 304 for the tag of the encoding it would send, else 200", async () => {
    const first = await request(url("/about"), { headers: { "accept-encoding": "br" } });
    const etag = first.headers.etag!;
    const revalidated = await request(url("/about"), { headers: { "accept-encoding": "br", "if-none-match": etag } });
    expect(revalidated.status).toBe(304);
    expect(revalidated.body.length).toBe(0);
    expect(revalidated.headers.etag).toBe(etag);
    expect(revalidated.headers["cache-control"]).toBe(first.headers["cache-control"]);
    expect(revalidated.headers.vary).toBe("Accept-Encoding");
    const otherEncoding = await request(url("/about"), { headers: { "accept-encoding": "gzip", "if-none-match": etag } });
    expect(otherEncoding.status).toBe(200);
    const stale = await request(url("/about"), { headers: { "accept-encoding": "br", "if-none-match": '"stale", W/"older"' } });
    expect(stale.status).toBe(200);
    const anyTag = await request(url("/about"), { headers: { "accept-encoding": "br", "if-none-match": `"stale", ${etag}` } });
    expect(anyTag.status).toBe(304);
  });

  it("answers HEAD with the headers of GET and no body", async () => {
    const headers = { "accept-encoding": "gzip" };
    const get = await request(url("/marketplace"), { headers });
    const head = await request(url("/marketplace"), { method: "HEAD", headers });
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    const { date: _getDate, ...getHeaders } = get.headers;
    const { date: _headDate, ...headHeaders } = head.headers;
    expect(headHeaders).toEqual(getHeaders);
  });

  it("lets a CDN hold the page briefly, and carries the security headers a rendered page has", async () => {
    const cached = await request(url("/"));
    expect(cached.headers["cache-control"]).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=300");
    const rendered = await request(url("/?not-cached=1"));
    expect(rendered.headers["x-page-cache"]).toBeUndefined();
    for (const name of SECURITY_HEADERS) expect(cached.headers[name], name).toBe(rendered.headers[name]);
    // The CSP differs only in how it allows the inline scripts: by hash instead of a nonce.
    const withoutScripts = (csp: HeaderValue) => String(csp).replace(/script-src [^;]*/, "script-src");
    expect(withoutScripts(cached.headers["content-security-policy"])).toBe(withoutScripts(rendered.headers["content-security-policy"]));
    expect(scriptSrc(rendered.headers["content-security-policy"])[1]).toMatch(/^'nonce-/);
  });

  it("never serves a signed-in visitor, or one with a toast to show, from the cache", async () => {
    for (const path of CACHED_PAGES) {
      const signedIn = await request(url(path), { headers: { cookie: adminCookie } });
      expect(signedIn.status).toBe(200);
      expect(signedIn.headers["x-page-cache"]).toBeUndefined();
      expect(signedIn.headers["cache-control"]).toBe("private, no-store");
      expect(scriptSrc(signedIn.headers["content-security-policy"])[1]).toMatch(/^'nonce-/);
      // Rendered for them: an app page hands the browser their account; a content page hands it nothing.
      if (CONTENT_PAGES.has(path)) expect(decode(signedIn)).not.toContain(ADMIN.email);
      else expect(decode(signedIn)).toContain(ADMIN.email);
    }
    const toast = await request(url("/"), { headers: { cookie: `${FLASH_TOAST_COOKIE}=anything` } });
    expect(toast.headers["x-page-cache"]).toBeUndefined();
  });

  it("tells every cache to keep nothing a signed-in visitor is answered: pages, their data, other routes", async () => {
    for (const path of ["/booking", "/auth", "/admin", "/admin/bookings", "/_root.data", "/booking.data", "/no-such-page"]) {
      const answer = await request(url(path), { headers: { cookie: adminCookie } });
      expect(answer.headers["cache-control"], path).toBe("private, no-store");
    }
  });

  it("lets only the toast cookie itself bypass the cache, not a cookie whose name merely ends in it", async () => {
    for (const cookie of [`my_${FLASH_TOAST_COOKIE}=x`, `${FLASH_TOAST_COOKIE}_old=x`, `theme=dark; x${FLASH_TOAST_COOKIE}=1`]) {
      const answer = await request(url("/about"), { headers: { cookie } });
      expect(answer.headers["x-page-cache"], cookie).toBe("hit");
    }
    const toast = await request(url("/about"), { headers: { cookie: `theme=dark; ${FLASH_TOAST_COOKIE}=x` } });
    expect(toast.headers["x-page-cache"]).toBeUndefined();
  });

  it("sends a rendered page whole, in the encoding asked for, with its length (decision 037)", async () => {
    // A query the cache does not ignore: React Router renders the page for this request.
    const ask = (acceptEncoding?: string) => request(url("/?uncached=1"), { headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {} });
    const answers = [await ask("gzip, br"), await ask("gzip"), await ask("br;q=0, gzip;q=0"), await ask()];
    expect(answers.map((answer) => answer.headers["content-encoding"])).toEqual(["br", "gzip", undefined, undefined]);
    // Each render has its own nonce; the rest of the page is the same in every encoding.
    const pages = answers.map((answer) => decode(answer).replace(/nonce="[^"]*"/g, 'nonce=""'));
    expect(pages[0]).toContain("</html>");
    expect(new Set(pages).size).toBe(1);
    for (const answer of answers) {
      expect(answer.headers["x-page-cache"]).toBeUndefined();
      expect(answer.headers["content-length"]).toBe(String(answer.body.length));
      expect(answer.headers["transfer-encoding"]).toBeUndefined();
      expect(answer.headers.vary).toBe("Accept-Encoding");
    }
    // Compressed as one piece: a compression flush after every 4 KB the renderer wrote made the
    // body about 1.7 times this.
    const html = Buffer.from(decode(answers[1]!));
    expect(answers[1]!.body.length).toBeLessThan(zlib.gzipSync(html).length * 1.1);
  });

  it("leaves mutating requests to the method, size and origin checks", async () => {
    expect((await request(url("/"), { method: "PUT" })).status).toBe(405);
    const crossSite = await request(url("/bootcamp"), {
      method: "POST",
      headers: { origin: "https://evil.example", "content-type": "application/x-www-form-urlencoded", "content-length": "0" },
    });
    expect(crossSite.status).toBe(403);
    const tooLarge = await request(url("/"), {
      method: "POST",
      headers: { origin: server.url, "content-type": "application/x-www-form-urlencoded", "content-length": String(2 * 1024 * 1024) },
    }).catch((error: unknown) => error);
    // The server answers 413 before the (never sent) body, then closes the connection.
    expect(tooLarge).toMatchObject({ status: 413 });
  });
});

describe("a page of the day in the page cache", () => {
  // /booking shows today's date (its calendar starts there): cached for the day, dropped at
  // midnight in Chicago. The server's clock starts 45 s before that midnight: room to start up on a
  // busy machine (a new PGlite database took over 15 s under the whole suite's load, and the two
  // first requests straddled midnight).
  const midnight = Date.parse("2026-12-15T06:00:00Z"); // 00:00 CST, Tuesday, December 15, 2026
  const today = (html: string) => /aria-label="Today, ([^"]+?)(?:, selected)?"/.exec(html)?.[1];

  it("serves /booking from memory all day and renders it again for the new day at midnight in Chicago", { timeout: 90_000 }, async () => {
    const dataDir = tempDir("page-cache-midnight-");
    const server = await startServerProcess(
      { DATA_DIR: dataDir, TEST_CLOCK_START: new Date(midnight - 45_000).toISOString() },
      { nodeArgs: ["--import", `${import.meta.dirname}/../support/shifted-clock.mjs`] },
    );
    try {
      const first = await request(`${server.url}/booking`);
      const second = await request(`${server.url}/booking`);
      expect(first.headers["x-page-cache"]).toBe("hit");
      expect(today(decode(first))).toBe("Monday, December 14, 2026");
      expect(today(decode(second))).toBe("Monday, December 14, 2026");
      expect(second.body.equals(first.body)).toBe(true);
      // The server's first render has the form in place, though its code (React.lazy) was still
      // loading: no fallback, no script that reveals content sent at the end.
      expect(decode(first)).toContain('<form id="booking"');
      expect(decode(first)).not.toContain("Loading the booking form");
      expect(decode(first)).not.toMatch(/\$RC|<template id="B:/);
      // Polled: the server's clock reaches midnight 45 s after it started.
      await expect
        .poll(async () => today(decode(await request(`${server.url}/booking`))), { timeout: 60_000, interval: 250 })
        .toBe("Tuesday, December 15, 2026");
      const nextDay = await request(`${server.url}/booking`);
      expect(nextDay.headers["x-page-cache"]).toBe("hit");
      expect(today(decode(nextDay))).toBe("Tuesday, December 15, 2026");
    } finally {
      await stopServerProcess(server);
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
