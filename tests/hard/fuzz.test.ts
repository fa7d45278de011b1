// Fuzzing every route that takes a body, generated from the route table: for each route its rule's
// body kind and limits, the field names its own page renders (as the role that may use it), and
// hostile values (huge strings, unicode, NUL and control characters, invalid UTF-8, wrong types,
// SQL and HTML payloads), sent in every encoding, with missing and extra fields, over the limit,
// and with every HTTP method. The server must never answer 5xx, never show a stack trace or SQL
// text, and never store anything half-way: afterwards every booking has its confirmation, every
// subscriber its welcome, every affiliate its application mail, in the same database.
import http from "node:http";
import fc from "fast-check";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AFFILIATE_APPLICATION_KIND } from "~/features/affiliates/applications.server";
import { NEWSLETTER_WELCOME_KIND } from "~/features/newsletter/mailing.server";
import type { BodyRule } from "~/lib/route-access";
import { openDatabase } from "#server/db/client.server";
import { affiliates, bookings, emailOutbox, newsletterSubscriptions, users } from "#server/db/schema";
import { BOOKING_CONFIRMATION_KIND } from "#server/email/transport.server";
import { stopServerProcess } from "../../scripts/support/server-process";
import { tempDir } from "../../scripts/support/databases";
import { concretePath, routeTable, type RouteUnderTest } from "./support/routes";
import { startSite, suiteDatabases, type Role, type Site } from "./support/site";

/** Runs per route and role: enough to meet every encoding and value kind many times over. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 60);

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

describe.each(suiteDatabases())("fuzzing every route that takes a body, on %s", (kind) => {
  let site: Site;
  let fuzzed = 0;
  const statuses = new Map<number, number>();

  beforeAll(async () => {
    site = await startSite(kind);
  }, 120_000);
  afterAll(async () => {
    console.log(`fuzz on ${kind}: ${fuzzed} requests, statuses ${JSON.stringify(Object.fromEntries([...statuses].sort()))}`);
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
