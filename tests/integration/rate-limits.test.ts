// The one rate limiter (server/rate-limits.server.ts) on each database: counting per key within a
// window and afresh after it (the clock injected: Date is faked, the database real), the message
// and Retry-After of a refusal, the owner told once, where a policy counts (PGlite: memory;
// PostgreSQL: the shared table), the request let through when the table fails, the policy chosen by
// the route table; and two places that use it, the booking POST and the self-service cancel link.
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import * as bookingRoute from "~/routes/booking";
import * as cancelRoute from "~/routes/booking-cancel";
import { centralDate } from "~/lib/central-time";
import { getEnv } from "~/lib/env.server";
import { emailOutbox, rateLimitCounters } from "#server/db/schema";
import { rateLimitNoticesQueued, rateLimitRequest } from "#server/rate-limits.server";
import { RATE_LIMIT_NOTICE_KIND } from "#server/email/rate-limit-notice.server";
import { clearBookings } from "../support/bookings";
import { tempDir } from "../../scripts/support/databases";
import { testDatabases, type TestDatabase } from "../support/databases";
import { clearRateLimits } from "../support/rate-limits";
import { freshIp, routeArgs, siteRequest } from "../support/auth";

process.env.BETTER_AUTH_SECRET ??= "integration-test-secret-0123456789abcdef";
process.env.DATA_DIR ??= tempDir("rate-limits-");

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;

function bookingForm(email: string, day: number, time = "10:00"): Record<string, string> {
  return {
    firstName: "Ada",
    lastName: "Lovelace",
    email,
    phone: "316-555-0100",
    sessionDate: centralDate(new Date(Date.now() + day * DAY)),
    sessionTime: time,
    sessionDuration: "60",
    projectType: "Process Optimization",
    projectDescription: "Spindle utilisation on second shift is low.",
    experienceLevel: "beginner",
  };
}

/** The action's answer: a redirect (booked) or data with its status and headers. */
function answerOf(value: unknown) {
  if (value instanceof Response) return { status: value.status, data: undefined, headers: value.headers };
  const { data, init } = value as { data: Record<string, any>; init?: ResponseInit | null };
  return { status: init?.status ?? 200, data, headers: new Headers(init?.headers) };
}

describe.each(testDatabases.map((d) => [d.name, d] as const))("the rate limiter on %s", (name, database) => {
  let db: TestDatabase;
  const notices = () => db.db.select().from(emailOutbox).where(eq(emailOutbox.kind, RATE_LIMIT_NOTICE_KIND));

  beforeAll(async () => {
    db = await database.open();
  });
  afterAll(() => db.close());
  beforeEach(async () => {
    // A notice an earlier test's refusal is still writing would land after the clean-up.
    await rateLimitNoticesQueued();
    await clearRateLimits(db);
    await db.db.delete(emailOutbox);
    await clearBookings(db);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("counts per key within the window, refuses past it with the wait, and counts afresh after it", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2031-03-04T15:00:00Z") });
    const email = "someone@example.com";
    // booking: 5 per e-mail address per day.
    for (let i = 1; i <= 5; i++) expect(await rateLimitRequest("/booking", { email }), `request ${i}`).toBeNull();
    // Another address, and the same one in other letters, are counted apart / together.
    expect(await rateLimitRequest("/booking", { email: "other@example.com" })).toBeNull();
    vi.setSystemTime(new Date("2031-03-04T21:00:00Z"));
    const refused = await rateLimitRequest("/booking", { email: " SomeOne@Example.com " });
    expect(refused).toEqual({
      policy: "booking",
      key: "email",
      retryAfterSeconds: 18 * 3600,
      message: "Too many booking requests for this e-mail address. Please try again in 18 hours.",
    });
    // The window is the first request's day: a second before it ends, still refused; then open.
    vi.setSystemTime(new Date("2031-03-05T14:59:59Z"));
    expect((await rateLimitRequest("/booking", { email }))?.retryAfterSeconds).toBe(1);
    vi.setSystemTime(new Date("2031-03-05T15:00:00Z"));
    expect(await rateLimitRequest("/booking", { email })).toBeNull();
  });

  it("refuses on the client's address (20 an hour) and on the e-mail address, whichever is past its limit", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2031-03-04T15:00:00Z") });
    const client = "203.0.113.9";
    for (let i = 1; i <= 20; i++) expect(await rateLimitRequest("/booking", { client, email: `b${i}@example.com` }), `request ${i}`).toBeNull();
    vi.setSystemTime(new Date("2031-03-04T15:20:00Z"));
    expect(await rateLimitRequest("/booking", { client, email: "new@example.com" })).toMatchObject({
      key: "client",
      retryAfterSeconds: 40 * 60,
      message: "Too many booking requests from your network address. Please try again in 40 minutes.",
    });
    // Without a known address only the e-mail address counts.
    expect(await rateLimitRequest("/booking", { client: undefined, email: "new2@example.com" })).toBeNull();
  });

  it(
    name === "pglite"
      ? "counts the booking policy in memory on PGlite (one process: nothing to share): refused past the limit, no row written"
      : "counts the booking policy in the shared table on PostgreSQL (every instance sees one count)",
    async () => {
      const client = freshIp();
      // booking: 20 an hour per client.
      for (let i = 1; i <= 20; i++) expect(await rateLimitRequest("/booking", { client }), `request ${i}`).toBeNull();
      expect(await rateLimitRequest("/booking", { client })).toMatchObject({ policy: "booking", key: "client" });
      await rateLimitNoticesQueued();
      const stored = await db.db.select({ key: rateLimitCounters.key, points: rateLimitCounters.points }).from(rateLimitCounters);
      const counters = stored.filter((row) => row.key.startsWith("booking:"));
      if (name === "pglite") expect(counters).toEqual([]);
      else expect(counters).toEqual([{ key: expect.stringMatching(/^booking:client:/), points: 21 }]);
      // The owner's notice is in the table on both.
      expect(stored.map((row) => row.key)).toContain("notice:booking");
    },
  );

  it("counts page-view reports and link clicks in the instance's memory: refused past the limit, no row written", async () => {
    const client = freshIp();
    // analytics-beacon: 120 a minute per client.
    for (let i = 1; i <= 120; i++) expect(await rateLimitRequest("/api/analytics/view", { client }), `report ${i}`).toBeNull();
    expect(await rateLimitRequest("/api/analytics/view", { client })).toMatchObject({
      policy: "analytics-beacon",
      key: "client",
      message: expect.stringMatching(/^Too many page-view reports from your network address\. Please try again in \d+ seconds?\.$/),
    });
    expect(await rateLimitRequest("/a/SOMECODE", { client })).toBeNull();
    const stored = await db.db.select({ key: rateLimitCounters.key }).from(rateLimitCounters);
    expect(stored.filter((row) => /^(analytics-beacon|affiliate-click):/.test(row.key))).toEqual([]);
    // On PostgreSQL the shared ones still are; the owner's notice of the refusal is on both (once for
    // every instance).
    expect(await rateLimitRequest("/booking", { client })).toBeNull();
    await rateLimitNoticesQueued();
    const keys = (await db.db.select({ key: rateLimitCounters.key }).from(rateLimitCounters)).map((row) => row.key).sort();
    expect(keys).toEqual([...(name === "postgres" ? [expect.stringMatching(/^booking:client:/)] : []), "notice:analytics-beacon"]);
  });

  it("tells the owner once when a limit starts refusing, however often it refuses", async () => {
    const client = freshIp();
    for (let i = 0; i < 30; i++) await rateLimitRequest("/booking/cancel/some-token", { client });
    for (let i = 0; i < 5; i++) expect(await rateLimitRequest("/booking/cancel/some-token", { client })).not.toBeNull();
    await rateLimitNoticesQueued();
    const sent = await notices();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ to: getEnv().OWNER_EMAIL, subject: "Rate limit reached: cancellation requests" });
    expect(sent[0]!.text).toContain("RATE_LIMIT_BOOKING_CANCEL_PER_CLIENT=30/1h");
    // It names no visitor, and the counters keep no address.
    expect(sent[0]!.text).not.toContain(client);
    const keys = await db.db.select({ key: rateLimitCounters.key }).from(rateLimitCounters);
    expect(keys.map((row) => row.key).join(" ")).not.toContain(client);
  });

  it("takes the policy from the route table: the dashboard's quick apply and the application form share one count", async () => {
    const client = freshIp();
    // affiliate-application: 5 an hour per client, whichever of the two routes the request came to.
    for (let i = 1; i <= 3; i++) expect(await rateLimitRequest("/affiliate-application", { client }), `form ${i}`).toBeNull();
    for (let i = 4; i <= 5; i++) expect(await rateLimitRequest("/affiliate-dashboard.data", { client }), `quick ${i}`).toBeNull();
    expect(await rateLimitRequest(siteRequest("/affiliate-application", { form: {} }), { client })).toMatchObject({
      policy: "affiliate-application",
      key: "client",
      message: expect.stringMatching(/^Too many affiliate applications from your network address\./),
    });
  });

  it("counts nothing for a route the table gives no limit", async () => {
    const client = freshIp();
    for (let i = 0; i < 40; i++) expect(await rateLimitRequest("/about", { client })).toBeNull();
  });

  // On PGlite the counts are in memory: no store to fail, so the case exists on PostgreSQL only.
  if (name === "postgres") it("lets the request through (and logs) when its store fails", async () => {
    await db.db.execute(sql`alter table rate_limit_counters rename to rate_limit_counters_away`);
    try {
      const client = freshIp();
      for (let i = 0; i < 35; i++) expect(await rateLimitRequest("/booking/cancel/some-token", { client })).toBeNull();
    } finally {
      await db.db.execute(sql`alter table rate_limit_counters_away rename to rate_limit_counters`);
    }
  });

  it("holds the booking POST to 5 per e-mail address: the sixth gets 429, Retry-After and the limit's message", async () => {
    const email = "repeat@example.com";
    const post = (day: number) =>
      bookingRoute.action(routeArgs(siteRequest("/booking", { form: bookingForm(email, day) })) as never).then(answerOf);
    for (let day = 10; day < 15; day++) expect((await post(day)).status, `booking ${day}`).toBe(302);
    const refused = await post(15);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(23 * 3600);
    const message = refused.data!.toast.description as string;
    expect(message).toMatch(/^Too many booking requests for this e-mail address\. Please try again in 2[34] hours\.$/);
    expect(refused.data).toMatchObject({ ok: false, toast: { kind: "error", title: "Too many requests" } });
    expect(refused.data!.reply.error[""]).toEqual([message]);
  });

  it("holds the cancel link to 30 an hour per client: opening the page and posting its form both count", async () => {
    const ip = freshIp();
    const token = "not-a-real-token-0000000000000000";
    const open = () => cancelRoute.loader(routeArgs(siteRequest(`/booking/cancel/${token}`), ip, { token }) as never);
    const post = () =>
      cancelRoute
        .action(routeArgs(siteRequest(`/booking/cancel/${token}`, { form: { intent: "cancel" } }), ip, { token }) as never)
        .then(answerOf);
    for (let i = 0; i < 29; i++) expect(answerOf(await open()).status).toBe(404);
    expect((await post()).status).toBe(404);
    const refusedPost = await post();
    expect(refusedPost.status).toBe(429);
    expect(refusedPost.data!.toast.description).toMatch(/^Too many cancellation requests from your network address\. Please try again in (59|60) minutes\.$/);
    const refusedOpen = await open().then(
      () => undefined,
      (thrown: unknown) => answerOf(thrown),
    );
    expect(refusedOpen?.status).toBe(429);
    expect(refusedOpen?.data).toMatch(/^Too many cancellation requests/);
    // Another client is not affected.
    expect(answerOf(await cancelRoute.loader(routeArgs(siteRequest(`/booking/cancel/${token}`), freshIp(), { token }) as never)).status).toBe(404);
  });
});
