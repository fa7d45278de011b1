// Fuzzing every route, generated from the route table. Bodies: for each route that takes a POST its
// rule's body kind and limits, the field names its own page renders (as the role that may use it),
// and hostile values (huge strings, unicode, NUL and control characters, invalid UTF-8, wrong
// types, SQL and HTML payloads), sent in every encoding, with missing and extra fields, over the
// limit, and with every HTTP method. Addresses: every route's path parameters and query strings
// (NUL and control characters, overlong, far, reversed and impossible dates, repeated keys,
// unicode, malformed escapes), as an anonymous visitor and as the signed-in roles. The server must
// never answer 5xx, never show a stack trace or SQL text, and never store anything half-way:
// afterwards every booking has its confirmation, every subscriber its welcome, every affiliate its
// application mail, in the same database.
import http from "node:http";
import fc from "fast-check";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AFFILIATE_APPLICATION_KIND } from "~/features/affiliates/applications.server";
import { NEWSLETTER_WELCOME_KIND } from "~/features/newsletter/mailing.server";
import type { BodyRule } from "~/lib/route-access";
import { openDatabase } from "#server/db/client.server";
import { emailOutbox } from "#server/db/schema";
import { affiliates } from "~/features/affiliates/schema";
import { users } from "~/features/auth/schema";
import { bookings } from "~/features/booking/schema";
import { newsletterSubscriptions } from "~/features/newsletter/schema";
import { BOOKING_CONFIRMATION_KIND } from "#server/email/transport.server";
import { stopServerProcess } from "../../scripts/support/server-process";
import { tempDir } from "../../scripts/support/databases";
import { MAX_PATH_LENGTH, MAX_QUERY_LENGTH } from "#server/request-limits.server";
import { concretePath, dataPath, routeTable, type RouteUnderTest } from "./support/routes";
import { startSite, suiteDatabases, type Role, type Site } from "./support/site";

/** Runs per route and role: enough to meet every encoding and value kind many times over. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 60);
/** Random addresses per route and role, besides the fixed cases every route gets (a GET is cheap
 * to vary: the fixed cases carry the dates and limits, the random ones mix them). */
const ADDRESS_RUNS = Number(process.env.FUZZ_ADDRESS_RUNS ?? 10);

/** What must never reach a visitor: a stack frame, a module path, a database's own words. */
const LEAKS = [
  /\bat [^\n]*\.(?:ts|tsx|js|mjs|cjs):\d+:\d+/,
  /node_modules\//,
  /syntax error at or near/i,
  /violates (?:not-null|unique|foreign key|check) constraint/i,
  /duplicate key value/i,
  /invalid byte sequence/i,
  /Failed query:/i,
  /DrizzleQueryError|PGliteError/,
];

/** The first leak in a response, with the text around it; null when there is none. */
function leakIn(text: string): string | null {
  for (const leak of LEAKS) {
    const found = leak.exec(text);
    if (found) return text.slice(Math.max(0, found.index - 120), found.index + found[0].length + 120);
  }
  return null;
}

const SQL_AND_HTML = [
  "' OR '1'='1",
  "'; DROP TABLE bookings; --",
  "1; SELECT pg_sleep(5)",
  "\\x00\\'",
  "<script>alert(1)</script>",
  '"><img src=x onerror=alert(1)>',
  "=HYPERLINK(\"http://evil.test\")",
  "{{7*7}}${7*7}",
  "../../../etc/passwd",
];

const hostileText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 200 }),
  fc.constantFrom(...SQL_AND_HTML),
  fc.constantFrom("", " ", "\u0000", "a\u0000b", "\u202e", "\ud800", "🔩".repeat(500), "x".repeat(70_000)),
  fc.constantFrom("9999-12-31", "0000-00-00", "2026-03-08", "25:99", "-1", "1e309", "NaN", "true", "null", "[]", "{}"),
  fc.integer().map(String),
  fc.emailAddress(),
);

// ---------------------------------------------------------------------------------------------
// Addresses: path parameters and query strings

/** Percent-escapes of C0 control characters and DEL: the server refuses them before any route. */
const CONTROL_ESCAPES = ["%00", "a%00b", "%01", "%09", "%0A", "%0D", "%1B", "%1F", "%7F"];
const FAR_DATES = ["9999-12-31", "0001-01-01", "0000-01-01", "10000-01-01", "275760-09-13", "-000001-01-01"];
const INVALID_DATES = ["2026-02-30", "2026-13-01", "2026-00-10", "2026-1-1", "26-01-01", "2026/01/01", "yesterday", "1e309", "NaN", "-1", ""];
/** Raw, already-encoded text: escapes that decode to no UTF-8, or are not escapes at all. */
const MALFORMED_ESCAPES = ["%", "%%", "%E0%A4%A", "%FF%FE", "%C0%80", "%ED%A0%80", "%2e%2e%2f%2e%2e%2fetc%2fpasswd", "%25", "%2F", "%5C"];

/** A value as it goes into an address: encoded text, or one of the raw escapes above. */
const addressValue: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...CONTROL_ESCAPES) },
  { weight: 3, arbitrary: fc.constantFrom(...FAR_DATES, ...INVALID_DATES) },
  { weight: 2, arbitrary: fc.constantFrom(...MALFORMED_ESCAPES) },
  { weight: 2, arbitrary: fc.string({ unit: "grapheme", maxLength: 30 }).map(encodeURIComponent) },
  { weight: 1, arbitrary: fc.constantFrom("\u202e", "ß", "e\u0301", "\ufeff", "🔩".repeat(200), "x".repeat(1_500)).map(encodeURIComponent) },
  { weight: 2, arbitrary: fc.constantFrom(...SQL_AND_HTML).map(encodeURIComponent) },
  { weight: 1, arbitrary: fc.constantFrom("00000000-0000-4000-8000-000000000000", "NOPE2345", "custom", "today", "7d", "all", "true", "0", "99999999999999999999") },
);

/** Query parameters the app reads somewhere (list filters, ranges, return targets, tokens), besides the ones a page links to. */
const KNOWN_QUERY_NAMES = [
  "range", "from", "to", "source", "q", "status", "page", "edit", "session_id", "token", "redirect", "ref", "error", "date",
  "duration", "id", "send", "delete", "deleteBlock", "confirm", "unsubscribe", "callbackURL", "utm_source", "_routes",
];

/** Query names on the page as `role` sees it: its links' and its forms' (list filters, the date range). */
async function queryVocabulary(site: Site, path: string, role: Role): Promise<string[]> {
  const html = await (await fetch(`${site.url}${path}`, { redirect: "manual", headers: site.cookies[role] ? { cookie: site.cookies[role] } : {} })).text();
  const names = new Set(KNOWN_QUERY_NAMES);
  for (const match of html.matchAll(/href="[^"?]*\?([^"#]*)/g)) {
    for (const key of new URLSearchParams(match[1]!.replaceAll("&amp;", "&")).keys()) names.add(key);
  }
  for (const match of html.matchAll(/<(?:input|select)\b[^>]*\bname="([^"]+)"/g)) names.add(match[1]!);
  return [...names];
}

/** The route's address with every parameter (and the splat) set to `value`. */
function pathWith(pattern: string, value: string): string {
  if (pattern === "/*") return `/${value}`;
  if (pattern === "/api/auth/*") return `/api/auth/${value}`;
  return pattern.replace(/\*$/, value).replace(/:\w+\??/g, value);
}

type AddressCase = { method: "GET" | "HEAD" | "POST"; path: string; query: string; data: boolean };

/** The fixed cases of one route: the limits, NUL, every kind of date range, repeated keys. */
function fixedAddressCases(route: RouteUnderTest): AddressCase[] {
  const method = route.rule.methods.includes("GET") ? "GET" : "POST";
  const path = concretePath(route.pattern);
  const at = (query: string, casePath = path): AddressCase => ({ method, path: casePath, query, data: false });
  const range = (from: string, to: string) => `range=custom&from=${from}&to=${to}&page=1`;
  const parameterised = /[:*]/.test(route.pattern);
  return [
    at(range("9999-12-31", "9999-12-31")),
    at(range("0001-01-01", "9999-12-31")),
    at(range("0001-01-01", "0001-01-01")),
    at(range("0000-01-01", "0000-01-01")),
    at(range("2026-12-31", "2026-01-01")),
    at(range("2026-02-30", "2026-13-01")),
    at(`from=9999-12-31&from=0001-01-01&to=2026-01-01&to=9999-12-31&page=2&page=-1&status=a&status=b&q=a&q=b`),
    at("q=%00&status=%00&page=%00&from=%00&to=%00&session_id=%00&token=a%00b"),
    at(`q=${"a".repeat(MAX_QUERY_LENGTH)}`),
    at("", parameterised ? pathWith(route.pattern, "a%00b") : `${path === "/" ? "" : path}/%00`),
    at("", `${path === "/" ? "" : path}/${"a".repeat(MAX_PATH_LENGTH)}`),
    at("", parameterised ? pathWith(route.pattern, encodeURIComponent("🔩\u202eß")) : path),
  ];
}

/** Random cases: hostile values in the path's parameters and under the page's query names. */
function addressCaseArbitrary(route: RouteUnderTest, names: string[], mayPost: boolean): fc.Arbitrary<AddressCase> {
  const parameterised = /[:*]/.test(route.pattern);
  const path = parameterised ? addressValue.map((value) => pathWith(route.pattern, value)) : fc.constant(concretePath(route.pattern));
  const pair = fc.tuple(fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...names) }, { weight: 1, arbitrary: fc.string({ maxLength: 8 }) }), addressValue);
  const query = fc.array(pair, { maxLength: 8 }).map((pairs) => pairs.map(([name, value]) => `${encodeURIComponent(name)}=${value}`).join("&"));
  const methods: Array<AddressCase["method"]> = route.rule.methods.includes("GET") ? ["GET", "GET", "GET", "HEAD", ...(mayPost && route.rule.methods.includes("POST") ? (["POST"] as const) : [])] : ["POST"];
  return fc.record({ method: fc.constantFrom(...methods), path, query, data: fc.boolean() });
}

/** What the server must answer an address before any route sees it; null when a route decides. */
function refusalOf(path: string, query: string): number | null {
  if (path.length > MAX_PATH_LENGTH) return 414;
  if (query.length > MAX_QUERY_LENGTH) return 414;
  const control = /%(?:[01][0-9a-f]|7f)/i;
  if (control.test(path)) return 404;
  return control.test(query) ? 400 : null;
}

/** Names the page's forms carry, from its HTML as `role` sees it, with each intent's values. */
async function formVocabulary(site: Site, path: string, role: Role) {
  const html = await (await fetch(`${site.url}${path}`, { headers: site.cookies[role] ? { cookie: site.cookies[role] } : {} })).text();
  const names = new Set(["intent", "id", "email"]);
  const intents = new Set<string>();
  for (const match of html.matchAll(/<(?:input|select|textarea|button)\b[^>]*>/g)) {
    const name = /\bname="([^"]+)"/.exec(match[0])?.[1];
    if (!name) continue;
    names.add(name);
    const value = /\bvalue="([^"]*)"/.exec(match[0])?.[1];
    if (name === "intent" && value) intents.add(value);
  }
  return { names: [...names], intents: [...intents] };
}

type Body = { contentType?: string; bytes: Uint8Array | FormData | string; oversized?: boolean };

function bodyArbitrary(rule: BodyRule, names: string[], intents: string[]): fc.Arbitrary<{ method: string; body: Body }> {
  const field = fc.tuple(fc.oneof(fc.constantFrom(...names), fc.string({ maxLength: 12 })), hostileText);
  // The form's own names, each once, with hostile values (past the name check, into the schema);
  // or any names, repeated, missing and extra.
  const ownFields = fc.subarray(names.filter((name) => name !== "intent")).chain((chosen) =>
    fc.tuple(...chosen.map((name) => hostileText.map((value) => [name, value] as [string, string]))),
  );
  const fields = fc.tuple(
    intents.length > 0 ? fc.option(fc.constantFrom(...intents), { nil: undefined }) : fc.constant(undefined),
    fc.oneof({ weight: 3, arbitrary: ownFields }, { weight: 1, arbitrary: fc.array(field, { maxLength: 14 }) }),
  ).map(([intent, rest]) => (intent === undefined ? rest : [["intent", intent] as [string, string], ...rest]));
  const urlEncoded = fields.map((entries) => ({
    contentType: "application/x-www-form-urlencoded",
    bytes: new URLSearchParams(entries).toString(),
  }));
  // Percent-escapes that decode to bytes which are not UTF-8, and raw bytes that are not either.
  const invalidUtf8 = fc.constantFrom(
    { contentType: "application/x-www-form-urlencoded", bytes: "intent=%FF%FE&email=%C0%AF&name=%ED%A0%80" },
    { contentType: "application/x-www-form-urlencoded", bytes: new Uint8Array([0x65, 0x6d, 0x61, 0x69, 0x6c, 0x3d, 0xff, 0xc3, 0x28]) },
    { contentType: "application/x-www-form-urlencoded", bytes: "%%%&=&==&intent" },
  );
  const multipart = fields.map((entries) => {
    const form = new FormData();
    for (const [name, value] of entries) form.append(name, value);
    if (rule.kind === "upload") form.append("featuredImage", new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 1])]), "x.png");
    return { bytes: form } as Body;
  });
  const json = fc.jsonValue({ maxDepth: 3 }).map((value) => ({ contentType: "application/json", bytes: JSON.stringify(value) }));
  const brokenJson = fc.constantFrom('{"email":', "[1,2", "\u0000", "null");
  const other = fc.oneof(
    brokenJson.map((bytes) => ({ contentType: "application/json", bytes })),
    fc.string({ maxLength: 200 }).map((bytes) => ({ contentType: "text/plain", bytes })),
    fc.constant({ contentType: "multipart/form-data; boundary=nope", bytes: "--nope\r\nContent-Disposition: form-data\r\n\r\n" }),
    fc.constant({ bytes: "" }),
  );
  const oversized = fc.constant({
    contentType: "application/x-www-form-urlencoded",
    bytes: `a=${"b".repeat(rule.maxBytes + (rule.kind === "upload" ? 9 * 1024 * 1024 : 1))}`,
    oversized: true,
  });
  const body: fc.Arbitrary<Body> = fc.oneof(
    { weight: 6, arbitrary: urlEncoded },
    { weight: 3, arbitrary: multipart },
    { weight: 1, arbitrary: invalidUtf8 },
    { weight: rule.kind === "json" ? 4 : 1, arbitrary: json },
    { weight: 1, arbitrary: other },
    { weight: 1, arbitrary: oversized },
  );
  const method = fc.oneof({ weight: 12, arbitrary: fc.constant("POST") }, { weight: 1, arbitrary: fc.constantFrom("PUT", "PATCH", "DELETE", "OPTIONS", "TRACE") });
  return fc.record({ method, body });
}

/** Sends one request with node:http (fetch refuses TRACE); a FormData body is encoded as fetch would. */
async function send(url: string, method: string, headers: Record<string, string>, body: Body): Promise<{ status: number; text: string }> {
  let bytes: Buffer;
  const allHeaders = { ...headers };
  if (body.bytes instanceof FormData) {
    const encoded = new Response(body.bytes);
    allHeaders["content-type"] = encoded.headers.get("content-type")!;
    bytes = Buffer.from(await encoded.arrayBuffer());
  } else {
    bytes = Buffer.from(body.bytes);
    if (body.contentType) allHeaders["content-type"] = body.contentType;
  }
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method, headers: { ...allHeaders, "content-length": String(bytes.length) } }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode!, text: Buffer.concat(chunks).toString("utf8") }));
      response.on("error", reject);
    });
    // A server that refuses a large body early may close while it is still being sent: the answer
    // has then already arrived, or the request fails here and the property says so.
    request.on("error", reject);
    request.end(bytes);
  });
}

/** The role that may use a route's forms, whose page shows them. */
const userOf = (route: RouteUnderTest): Role =>
  route.rule.access === "admin" ? "admin" : route.rule.access === "user" ? "affiliate" : "anonymous";

describe.each(suiteDatabases())("fuzzing every route, on %s", (kind) => {
  let site: Site;
  let fuzzed = 0;
  const statuses = new Map<number, number>();
  let addressed = 0;
  const addressStatuses = new Map<number, number>();

  beforeAll(async () => {
    site = await startSite(kind);
  }, 120_000);
  afterAll(async () => {
    const count = (of: Map<number, number>) => JSON.stringify(Object.fromEntries([...of].sort()));
    console.log(`fuzz on ${kind}: ${fuzzed} bodies, statuses ${count(statuses)}; ${addressed} addresses, statuses ${count(addressStatuses)}`);
    await site?.stop();
  });

  const posting = routeTable().filter((route) => route.rule.methods.includes("POST"));

  it.each(posting.map((route) => [route.pattern, route] as const))("%s", async (_pattern, route) => {
    const path = concretePath(route.pattern);
    // A page's forms are read from the page; an endpoint without a page gets the generic names.
    const vocabulary = route.rule.methods.includes("GET") ? await formVocabulary(site, path, userOf(route)) : { names: ["intent", "email", "ref"], intents: [] };
    const roles: Role[] = route.rule.access === "public" ? ["anonymous"] : [userOf(route), "anonymous"];
    // Without an action every post is refused by the router before any code of the route runs.
    const { action } = await route.parts();
    const runs = (role: Role) => (!action || (role === "anonymous" && route.rule.access !== "public") ? Math.ceil(RUNS / 8) : RUNS);
    for (const role of roles) {
      await fc.assert(
        fc.asyncProperty(bodyArbitrary(route.rule.body, vocabulary.names, vocabulary.intents), async ({ method, body }) => {
          const headers: Record<string, string> = { origin: site.url, "sec-fetch-site": "same-origin" };
          if (site.cookies[role]) headers.cookie = site.cookies[role];
          const { status, text } = await send(`${site.url}${path}`, method, headers, body);
          fuzzed += 1;
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
          const what = `${method} ${path} as ${role} (${body.contentType ?? "multipart"}): ${status} ${text.slice(0, 400)}`;
          expect(status, what).toBeLessThan(500);
          // Over the route's limit: refused before anything reads it (a method the route does not take: 405 first).
          if (body.oversized) expect([413, 405], what).toContain(status);
          expect(leakIn(text), what).toBeNull();
        }),
        { numRuns: runs(role) },
      );
    }
    // The server is still there.
    expect((await fetch(`${site.url}/healthz`)).status).toBe(200);
  });

  // Every route, as the anonymous visitor and as the signed-in roles: admin pages take the ranges.
  it.each(routeTable().map((route) => [route.pattern, route] as const))("address and query of %s", async (_pattern, route) => {
    const roles: Role[] = route.rule.access === "admin" ? ["admin", "anonymous"] : ["anonymous", "affiliate", "admin"];
    const page = route.rule.methods.includes("GET") ? concretePath(route.pattern) : "/";
    for (const role of roles) {
      const names = await queryVocabulary(site, page, role);
      const ask = async ({ method, path, query, data }: AddressCase) => {
        // A data request is React Router's client asking for the same page's loaders.
        const address = `${data && method !== "POST" ? dataPath(path) : path}${query ? `?${query}` : ""}`;
        const headers: Record<string, string> = { origin: site.url, "sec-fetch-site": "same-origin" };
        if (site.cookies[role]) headers.cookie = site.cookies[role];
        const post = method === "POST" ? { body: "", headers: { ...headers, "content-type": "application/x-www-form-urlencoded" } } : { headers };
        const asked = `${method} ${address.slice(0, 300)} as ${role}`;
        // A request that never answers (or is cut off) fails here, named, not at the test's timeout.
        const { status, text } = await fetch(`${site.url}${address}`, { method, redirect: "manual", signal: AbortSignal.timeout(60_000), ...post })
          .then(async (response) => ({ status: response.status, text: await response.text() }))
          .catch((error: unknown) => {
            throw new Error(`${asked}: no whole answer (${String((error as Error).cause ?? error)})`);
          });
        addressed += 1;
        addressStatuses.set(status, (addressStatuses.get(status) ?? 0) + 1);
        const what = `${asked}: ${status} ${text.slice(0, 400)}`;
        expect(status, what).toBeLessThan(500);
        const refusal = refusalOf(address.split("?")[0]!, query);
        if (refusal !== null) expect(status, what).toBe(refusal);
        expect(leakIn(text), what).toBeNull();
      };
      for (const fixed of fixedAddressCases(route)) await ask(fixed);
      // A signed-in role's post to /logout would end the session the later routes use.
      const mayPost = route.pattern !== "/logout" || role === "anonymous";
      await fc.assert(fc.asyncProperty(addressCaseArbitrary(route, names, mayPost), ask), { numRuns: role === roles[0] ? ADDRESS_RUNS : Math.ceil(ADDRESS_RUNS / 2) });
    }
    expect((await fetch(`${site.url}/healthz`)).status).toBe(200);
  });

  it("stored nothing half-way: every booking, subscriber and affiliate has the mail its transaction wrote", async () => {
    await stopServerProcess(site.server);
    const database = await openDatabase({ databaseUrl: site.databaseUrl, dataDir: kind === "pglite" ? site.dataDir : tempDir("fuzz-reader-") });
    try {
      const { db } = database;
      const mailTo = async (kindName: string) =>
        new Set((await db.select({ to: emailOutbox.to }).from(emailOutbox).where(eq(emailOutbox.kind, kindName))).map((row) => row.to));
      const booked = await db.select({ email: bookings.email }).from(bookings);
      const confirmed = await mailTo(BOOKING_CONFIRMATION_KIND);
      expect(booked.filter((booking) => !confirmed.has(booking.email))).toEqual([]);
      const subscribed = await db.select({ email: newsletterSubscriptions.email }).from(newsletterSubscriptions);
      const welcomed = await mailTo(NEWSLETTER_WELCOME_KIND);
      expect(subscribed.filter((subscriber) => !welcomed.has(subscriber.email))).toEqual([]);
      const applied = await db.select({ email: users.email }).from(affiliates).innerJoin(users, eq(users.id, affiliates.userId));
      const acknowledged = await mailTo(AFFILIATE_APPLICATION_KIND);
      expect(applied.filter((affiliate) => !acknowledged.has(affiliate.email))).toEqual([]);
    } finally {
      await database.close();
    }
  });
});
