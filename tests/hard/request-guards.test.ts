// The production server as a browser meets it: the one origin check in front of every mutating
// request (sign-in, sign-out, the outbox's Resend), one session lookup per request however many
// loaders and guards ask for it, and only a signed session cookie keeps a visitor out of the page
// cache.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServerWithAdmin, type AdminServer } from "../support/live-server";

const ADMIN = { email: "owner-admin@example.test", password: "owner-admin-password-1" };
const CROSS_SITE = "Forbidden: this request came from another site. Reload the page on this site and try again.";

describe("a running server's request guards", () => {
  let started: AdminServer | undefined;
  let server: AdminServer["server"];
  let adminCookie: string;

  const form = (fields: Record<string, string>) => new URLSearchParams(fields);
  const post = (path: string, body: URLSearchParams, headers: Record<string, string>) =>
    fetch(`${server.url}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
      body,
    });
  const fromSite = () => ({ origin: server.url, "sec-fetch-site": "same-origin" });
  const fromElsewhere = { origin: "https://evil.example", "sec-fetch-site": "cross-site" };

  beforeAll(async () => {
    started = await startServerWithAdmin(ADMIN, { env: { LOG_LEVEL: "debug" } });
    ({ server, adminCookie } = started);
  });
  afterAll(async () => {
    await started?.stop();
  });

  it("refuses a cross-site sign-in with 403 and a clear message; the site's own succeeds", async () => {
    const refused = await post("/admin-login", form({ intent: "sign-in", ...ADMIN }), fromElsewhere);
    expect(refused.status).toBe(403);
    expect(refused.statusText).toBe("Forbidden");
    expect(await refused.text()).toBe(CROSS_SITE);
    expect(refused.headers.getSetCookie()).toEqual([]);
    // The data request a hydrated page sends is checked the same way.
    const refusedData = await post("/admin-login.data", form({ intent: "sign-in", ...ADMIN }), { origin: "https://evil.example" });
    expect(refusedData.status).toBe(403);
  });

  it("refuses a cross-site sign-out with 403; the site's own signs out and redirects", async () => {
    const body = form({ redirectTo: "/", from: "/admin" });
    const refused = await post("/logout", body, { ...fromElsewhere, cookie: adminCookie });
    expect(refused.status).toBe(403);
    expect((await fetch(`${server.url}/admin`, { headers: { cookie: adminCookie }, redirect: "manual" })).status).toBe(200);

    const signedIn = await post("/admin-login", form({ intent: "sign-in", ...ADMIN }), fromSite());
    const otherSession = signedIn.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
    const accepted = await post("/logout", body, { ...fromSite(), cookie: otherSession });
    expect([accepted.status, accepted.headers.get("location")]).toEqual([302, "/"]);
    const after = await fetch(`${server.url}/admin`, { headers: { cookie: otherSession }, redirect: "manual" });
    expect([after.status, after.headers.get("location")]).toEqual([302, "/admin-login"]);
  });

  it("refuses a cross-site 'Resend' with 403; the site's own reaches the action", async () => {
    const id = "00000000-0000-4000-8000-000000000000";
    const refused = await post(`/admin/emails/${id}`, form({ intent: "resend" }), { ...fromElsewhere, cookie: adminCookie });
    expect(refused.status).toBe(403);
    const accepted = await post(`/admin/emails/${id}.data`, form({ intent: "resend" }), { ...fromSite(), cookie: adminCookie });
    expect(accepted.status).toBe(200);
    expect(await accepted.text()).toContain("Only a message that could not be delivered can be resent.");
  });

  it("answers a JSON body to a form action with a plain 400", async () => {
    const response = await fetch(`${server.url}/admin-login`, {
      method: "POST",
      headers: { "content-type": "application/json", ...fromSite() },
      body: JSON.stringify({ intent: "sign-in", ...ADMIN }),
    });
    expect(response.status).toBe(400);
    expect(await response.text()).not.toMatch(/at \w+ \(|SyntaxError|stack/);
  });

  it("serves a forged session cookie from the page cache; a signed one gets its own render", async () => {
    const forged = await fetch(`${server.url}/`, { headers: { cookie: "better-auth.session_token=x.y" } });
    expect(forged.headers.get("x-page-cache")).toBe("hit");
    const lookalike = `better-auth.session_token=${encodeURIComponent(`abc.${Buffer.alloc(32).toString("base64")}`)}`;
    expect((await fetch(`${server.url}/`, { headers: { cookie: lookalike } })).headers.get("x-page-cache")).toBe("hit");
    const signedIn = await fetch(`${server.url}/`, { headers: { cookie: adminCookie } });
    expect(signedIn.headers.get("x-page-cache")).toBeNull();
    expect(signedIn.headers.get("cache-control")).toBe("private, no-store");
    // A content page hands the browser nothing of the account (decision 040); an app page, also
    // cached for anonymous visitors, is rendered with it.
    const signedInApp = await fetch(`${server.url}/booking`, { headers: { cookie: adminCookie } });
    expect(signedInApp.headers.get("x-page-cache")).toBeNull();
    expect(await signedInApp.text()).toContain(ADMIN.email);
  });

  it("looks the session up once for a request to /admin, though the root, the layout and the page all ask", async () => {
    const lookups = () => server.output().split("\n").filter((line) => line.includes('"msg":"session lookup"'));
    const marker = `/marker-${Date.now()}`;
    const before = lookups().length;
    const response = await fetch(`${server.url}/admin`, { headers: { cookie: adminCookie } });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Admin Dashboard");
    // The 404 logged after it marks that every line of the /admin request has arrived.
    await fetch(`${server.url}${marker}`);
    await expect.poll(() => server.output().includes(marker)).toBe(true);
    expect(lookups().slice(before).map((line) => JSON.parse(line).path)).toEqual(["/admin"]);
  });

  /** The log lines written until a 404 to a fresh marker path has been logged after them. */
  async function logLinesOf(requests: () => Promise<unknown>): Promise<string[]> {
    const from = server.output().length;
    await requests();
    const marker = `/marker-${Date.now()}`;
    await fetch(`${server.url}${marker}`);
    await expect.poll(() => server.output().includes(marker)).toBe(true);
    return server.output().slice(from).split("\n").filter(Boolean);
  }

  it("answers a NUL or control character in a path with a plain 404, in a query with a plain 400, before any route", async () => {
    const cases: Array<[method: string, path: string, status: number, cookie?: string]> = [
      ["GET", "/blog/%00", 404],
      ["GET", "/blog/a%00b", 404],
      ["GET", "/blog/a%00b.data", 404],
      ["GET", "/newsletter/unsubscribe/%00", 404],
      ["POST", "/newsletter/one-click/%00", 404],
      ["GET", "/booking/cancel/%1b", 404],
      ["GET", "/payment-success?session_id=%00", 400],
      ["GET", "/affiliate-management?q=%00&status=%00", 400, adminCookie],
      ["GET", "/admin/analytics?range=custom&from=2026-01-01%0A&to=2026-01-31", 400, adminCookie],
      ["GET", "/booking?date=%00&duration=30", 400],
      ["GET", "/?utm_source=%7F", 400],
    ];
    const lines = await logLinesOf(async () => {
      for (const [method, path, status, cookie] of cases) {
        const response = await fetch(`${server.url}${path}`, { method, headers: { ...fromSite(), ...(cookie ? { cookie } : {}) }, redirect: "manual" });
        const text = await response.text();
        expect([method, path, response.status, response.headers.get("content-type")]).toEqual([method, path, status, "text/plain; charset=utf-8"]);
        expect(text).toBe(status === 404 ? "Page not found.\n" : "Bad request: the address holds a control character.\n");
        // The answer is the server's own, with its security headers.
        expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      }
    });
    expect(lines.filter((line) => JSON.parse(line).level >= 50)).toEqual([]);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });

  it("answers an overlong path or query with a plain 414", async () => {
    const longPath = await fetch(`${server.url}/blog/${"a".repeat(3_000)}`);
    expect([longPath.status, await longPath.text()]).toEqual([414, "The address is longer than this site's addresses: 2048 characters at most.\n"]);
    const longQuery = await fetch(`${server.url}/blog?q=${"a".repeat(5_000)}`);
    expect([longQuery.status, await longQuery.text()]).toEqual([414, "The address's query is longer than this site's: 4096 characters at most.\n"]);
    // A long query of the site's own stays well within it.
    expect((await fetch(`${server.url}/blog?q=${"a".repeat(1_000)}`)).status).toBe(200);
  });

  it("logs a request by its route's pattern: no token of a path reaches the log", async () => {
    const token = "tok-SECRET-7f3a9c2e4b1d8a6f";
    const lines = await logLinesOf(async () => {
      // The cross-site refusal line.
      expect((await post(`/newsletter/unsubscribe/${token}`, form({}), fromElsewhere)).status).toBe(403);
      expect((await post(`/booking/cancel/${token}`, form({ intent: "cancel" }), fromElsewhere)).status).toBe(403);
      expect((await post(`/checkout/test/${token}.data`, form({ intent: "cancel" }), fromElsewhere)).status).toBe(403);
      // A 404 under a route that takes a token (a mail client that appended to the link).
      expect((await fetch(`${server.url}/newsletter/unsubscribe/${token}/x`)).status).toBe(404);
      expect((await fetch(`${server.url}/booking/cancel/${token}/x?token=${token}`)).status).toBe(404);
      // Debug lines (the session lookup) of a signed-in visit, and Better Auth's reset link.
      await fetch(`${server.url}/newsletter/unsubscribe/${token}`, { headers: { cookie: adminCookie } });
      await fetch(`${server.url}/api/auth/reset-password/${token}?callbackURL=%2Fauth`, { redirect: "manual" });
    });
    expect(lines.find((line) => line.includes("cross-site request refused") && line.includes('"/newsletter/unsubscribe/:token"'))).toBeDefined();
    expect(lines.find((line) => line.includes('"msg":"not found"') && line.includes("/newsletter/unsubscribe/"))).toBeDefined();
    expect(lines.filter((line) => line.includes("SECRET"))).toEqual([]);
  });
});
