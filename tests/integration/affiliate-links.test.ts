// Partner links on the production server (decision 037): a document request for `/a/{code}` is
// answered before React Router, with the answer the route gave (status, Location, cookies,
// Cache-Control and every security header); the click counts once per visitor session, never for a
// bot or an affiliate who is not approved, and within the per-client limit (the client's address
// read through TRUST_PROXY); a link never leaves the site; the `.data` request of a client-side
// navigation, odd methods and oversized bodies are answered as before.
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "#server/db/client.server";
import { affiliateLinks, affiliates } from "~/features/affiliates/schema";
import { users } from "~/features/auth/schema";
import { tempDir } from "../../scripts/support/databases";
import { request, type RawAnswer } from "../../scripts/support/raw-request";
import { startServerWithAdmin, type AdminServer } from "../support/live-server";
import { HELMET_HEADERS } from "../support/security-headers";

const ADMIN = { email: "links-admin@example.test", password: "links-admin-password-1" };
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36";
/** helmet's headers besides the CSP (no HSTS: the site is served over http here). */
const SECURITY_HEADERS = HELMET_HEADERS.filter((name) => name !== "strict-transport-security");
/** One affiliate per test, so each test's clicks are its own. */
const CODES = {
  headers: "HEADERS2",
  session: "SESSION2",
  bots: "BOTSKIP2",
  pending: "PENDING2",
  limit: "LIMITED2",
  links: "LINKSAF2",
  data: "DATAREQ2",
  methods: "METHODS2",
  head: "HEADREQ2",
} as const;

/** The affiliates and links the tests follow, written before the server opens the database. */
async function seed(dataDir: string) {
  const database = await openDatabase({ dataDir });
  try {
    const ids: Record<string, string> = {};
    for (const [name, code] of Object.entries(CODES)) {
      const userId = `links-user-${name}`;
      await database.db.insert(users).values({ id: userId, name: "Partner", email: `${name}@example.test`, emailVerified: true });
      const [row] = await database.db
        .insert(affiliates)
        .values({ userId, affiliateCode: code, status: name === "pending" ? "pending" : "approved", commissionRate: "0.1500", payoutEmail: `${name}@example.test` })
        .returning({ id: affiliates.id });
      ids[name] = row!.id;
    }
    await database.db.insert(affiliateLinks).values([
      { affiliateId: ids.links!, name: "YouTube", originalUrl: "/booking?utm_source=yt#form", customSlug: "yt-promo" },
      // Written past the form's check (an old row, a hand-made one): the target is checked again when followed.
      { affiliateId: ids.links!, name: "Off-site", originalUrl: "//evil.example/steal", customSlug: "off-site" },
      { affiliateId: ids.links!, name: "Encoded", originalUrl: "/%2F%2Fevil.example", customSlug: "encoded-off-site" },
    ]);
  } finally {
    await database.close();
  }
}

const header = (answer: RawAnswer, name: string) => answer.headers[name] as string | undefined;
const cookiesOf = (answer: RawAnswer) => answer.headers["set-cookie"] ?? [];
const cookieHeaderOf = (answer: RawAnswer) => cookiesOf(answer).map((cookie) => cookie.split(";")[0]).join("; ");

describe("partner links on the production server", () => {
  let started: AdminServer | undefined;
  let server: AdminServer["server"];
  let adminCookie: string;
  let dataDir: string;

  // Each request from its own client address unless a test names one (TRUST_PROXY is loopback,
  // so X-Forwarded-For names the client): the click limit is 3 a minute per client here.
  let clientSequence = 0;
  const follow = (path: string, headers: Record<string, string> = {}, method = "GET") =>
    request(`${server.url}${path}`, {
      method,
      headers: { "user-agent": BROWSER, accept: "text/html", "x-forwarded-for": `198.51.100.${++clientSequence}`, ...headers },
    });

  /** Clicks per affiliate code, as the owner's export counts them. */
  async function clicks(): Promise<Record<string, number>> {
    const answer = await request(`${server.url}/affiliate-management/export/affiliates.csv`, { headers: { cookie: adminCookie } });
    expect(answer.status).toBe(200);
    // Every cell quoted, none with a line break.
    const cellsOf = (line: string) => [...line.matchAll(/"((?:[^"]|"")*)"|([^,]+)/g)].map(([, quoted, bare]) => quoted?.replaceAll('""', '"') ?? bare!);
    const [head, ...rows] = answer.body.toString("utf8").replace(/^\uFEFF/, "").trim().split("\r\n").map(cellsOf);
    const column = head!.indexOf("Clicks");
    return Object.fromEntries(rows.map((cells) => [cells[0]!, Number(cells[column])]));
  }

  /**
   * The server's log lines of a session lookup (React Router's root loader ran) so far. The log
   * names route patterns, not paths: a test compares the count before and after its requests.
   */
  const sessionLookups = () =>
    server
      .output()
      .split("\n")
      .filter((line) => line.includes('"session lookup"')).length;

  beforeAll(async () => {
    dataDir = tempDir("affiliate-links-");
    await seed(dataDir);
    started = await startServerWithAdmin(ADMIN, {
      env: { DATA_DIR: dataDir, LOG_LEVEL: "debug", RATE_LIMIT_AFFILIATE_CLICK_PER_CLIENT: "3/1m" },
    });
    ({ server, adminCookie } = started);
  });
  afterAll(async () => {
    await started?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("answers a document GET /a/{code} before React Router, with the headers the route gives", async () => {
    const fast = await follow(`/a/${CODES.headers}`);
    expect(fast.status).toBe(302);
    expect(header(fast, "location")).toBe(`/bootcamp?ref=${CODES.headers}`);
    expect(header(fast, "cache-control")).toBe("no-store");
    expect(header(fast, "content-security-policy")).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{24}';/);
    expect(header(fast, "content-security-policy")).toContain("frame-ancestors 'none'");
    expect(header(fast, "x-content-type-options")).toBe("nosniff");
    expect(header(fast, "referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(header(fast, "x-frame-options")).toBe("DENY");
    const [attribution, session] = cookiesOf(fast);
    expect(attribution).toMatch(/^aff_ref=[^;]+; Max-Age=2592000; Path=\/; HttpOnly; SameSite=Lax$/);
    expect(session).toMatch(/^aff_sid=[^;]+; Path=\/; HttpOnly; SameSite=Lax$/);
    expect(fast.body.length).toBe(0);

    // The same link spelt with a trailing slash is React Router's: the route's answer, header for header.
    const routed = await follow(`/a/${CODES.headers}/`);
    const comparable = (answer: RawAnswer) => ({
      status: answer.status,
      ...Object.fromEntries([...SECURITY_HEADERS, "cache-control", "location", "content-type", "vary"].map((name) => [name, header(answer, name)])),
      csp: header(answer, "content-security-policy")?.replace(/'nonce-[^']+'/, "'nonce'"),
      cookies: cookiesOf(answer).map((cookie) => cookie.replace(/^aff_sid=[^;]+/, "aff_sid=…")),
    });
    expect(comparable(fast)).toEqual(comparable(routed));
    expect(SECURITY_HEADERS.every((name) => header(fast, name) !== undefined)).toBe(true);

    // React Router's root loader looks up a signed-in visitor's session (logged at debug); the
    // handler ahead of it does not run it, and keeps a signed-in visitor's answer private.
    const lookupsBefore = sessionLookups();
    const signedIn = await follow(`/a/${CODES.headers}`, { cookie: adminCookie });
    const signedInRouted = await follow(`/a/${CODES.headers}/`, { cookie: adminCookie });
    expect(header(signedIn, "cache-control")).toBe("private, no-store");
    expect(header(signedInRouted, "cache-control")).toBe("private, no-store");
    expect(header(signedIn, "location")).toBe(header(signedInRouted, "location"));
    // One lookup for the two: the routed request's.
    expect(sessionLookups() - lookupsBefore).toBe(1);
    // And React Router streams the empty body of its redirect, where the handler ends at once.
    expect(header(routed, "transfer-encoding")).toBe("chunked");
    expect(header(fast, "content-length")).toBe("0");

    const head = await follow(`/a/${CODES.headers}`, {}, "HEAD");
    expect(head.status).toBe(302);
    expect(header(head, "location")).toBe(`/bootcamp?ref=${CODES.headers}`);
    expect(header(head, "content-security-policy")).toContain("frame-ancestors 'none'");
    // Not a visit (it counts nothing): the attribution only, as a bot gets.
    expect(cookiesOf(head).map((cookie) => cookie.split("=")[0])).toEqual(["aff_ref"]);
  });

  it("counts a click once per visitor session", async () => {
    const first = await follow(`/a/${CODES.session}`);
    expect(cookiesOf(first).map((cookie) => cookie.split("=")[0])).toEqual(["aff_ref", "aff_sid"]);
    const sameSession = cookieHeaderOf(first);
    for (let i = 0; i < 2; i += 1) {
      const again = await follow(`/a/${CODES.session}`, { cookie: sameSession });
      expect(header(again, "location")).toBe(`/bootcamp?ref=${CODES.session}`);
      // Last click wins: the attribution again, the session kept.
      expect(cookiesOf(again).map((cookie) => cookie.split("=")[0])).toEqual(["aff_ref"]);
    }
    expect((await clicks())[CODES.session]).toBe(1);
    await follow(`/a/${CODES.session.toLowerCase()}`); // another browser session, the code in lower case
    expect((await clicks())[CODES.session]).toBe(2);
  });

  it("never counts a bot, a script or an affiliate who is not approved, and still redirects them", async () => {
    for (const userAgent of ["Googlebot/2.1 (+http://www.google.com/bot.html)", "curl/8.5.0", ""]) {
      const answer = await follow(`/a/${CODES.bots}`, { "user-agent": userAgent });
      expect(answer.status).toBe(302);
      expect(header(answer, "location")).toBe(`/bootcamp?ref=${CODES.bots}`);
      expect(cookiesOf(answer).map((cookie) => cookie.split("=")[0])).toEqual(["aff_ref"]);
    }
    const pending = await follow(`/a/${CODES.pending}`);
    expect(header(pending, "location")).toBe(`/bootcamp?ref=${CODES.pending}`);
    expect(cookiesOf(pending)).toEqual([]);
    expect(await clicks()).toMatchObject({ [CODES.bots]: 0, [CODES.pending]: 0 });
  });

  it("stops counting one client's clicks past the limit, reading the client through the trusted proxy", async () => {
    for (let i = 0; i < 5; i += 1) {
      const answer = await follow(`/a/${CODES.limit}`, { "x-forwarded-for": "203.0.113.7" });
      expect(answer.status).toBe(302);
      expect(header(answer, "location")).toBe(`/bootcamp?ref=${CODES.limit}`);
    }
    expect((await clicks())[CODES.limit]).toBe(3);
    await follow(`/a/${CODES.limit}`, { "x-forwarded-for": "203.0.113.8" });
    expect((await clicks())[CODES.limit]).toBe(4);
  });

  it("answers a HEAD with the redirect but counts only a GET, before React Router and in the route", async () => {
    for (const path of [`/a/${CODES.head}`, `/a/${CODES.head}/`]) {
      const head = await follow(path, {}, "HEAD");
      expect(head.status, path).toBe(302);
      expect(header(head, "location"), path).toBe(`/bootcamp?ref=${CODES.head}`);
    }
    expect((await clicks())[CODES.head]).toBe(0);
    await follow(`/a/${CODES.head}`);
    expect((await clicks())[CODES.head]).toBe(1);
  });

  it("sends an unknown code to the bootcamp with it, and never off the site", async () => {
    const unknown = await follow("/a/UNKNOWN9");
    expect(header(unknown, "location")).toBe("/bootcamp?ref=UNKNOWN9");
    expect(cookiesOf(unknown)).toEqual([]);
    expect(header(await follow("/a/yt-promo"), "location")).toBe(`/booking?utm_source=yt&ref=${CODES.links}#form`);
    const locations = [];
    for (const path of ["/a/off-site", "/a/encoded-off-site", "/a/%2F%2Fevil.example", "/a/%5C%5Cevil.example", "/a/https:%2F%2Fevil.example"]) {
      const answer = await follow(path);
      expect(answer.status, path).toBe(302);
      locations.push(header(answer, "location")!);
    }
    expect(locations.slice(0, 2)).toEqual([`/bootcamp?ref=${CODES.links}`, `/bootcamp?ref=${CODES.links}`]);
    for (const location of locations) {
      expect(location).toMatch(/^\/bootcamp\?ref=[^/\\]*$/);
      expect(new URL(location, server.url).origin).toBe(server.url);
    }
  });

  it("leaves a client-side navigation's .data request to the route", async () => {
    const lookupsBefore = sessionLookups();
    const answer = await follow(`/a/${CODES.data}.data`, { cookie: adminCookie });
    expect(answer.status).toBe(202);
    expect(answer.body.toString("utf8")).toContain(`"redirect","/bootcamp?ref=${CODES.data}"`);
    expect(cookiesOf(answer).map((cookie) => cookie.split("=")[0])).toEqual(["aff_ref", "aff_sid"]);
    expect(header(answer, "x-content-type-options")).toBe("nosniff");
    expect(sessionLookups() - lookupsBefore).toBe(1);
    expect((await clicks())[CODES.data]).toBe(1);
  });

  it("answers other methods and oversized bodies as the route table says, before any click", async () => {
    for (const method of ["POST", "PUT", "DELETE", "OPTIONS"]) {
      const answer = await follow(`/a/${CODES.methods}`, { "content-type": "application/x-www-form-urlencoded" }, method);
      expect(answer.status, method).toBe(405);
      expect(header(answer, "allow")).toBe("GET, HEAD");
      expect(header(answer, "x-content-type-options")).toBe("nosniff");
    }
    const body = Buffer.alloc(1024 * 1024 + 1, "a");
    const oversized = await request(`${server.url}/a/${CODES.methods}`, {
      headers: { "user-agent": BROWSER, "content-type": "text/plain", "content-length": String(body.length) },
      body,
    });
    expect(oversized.status).toBe(413);
    expect((await clicks())[CODES.methods]).toBe(0);
  });
});
