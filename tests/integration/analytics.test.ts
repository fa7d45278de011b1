// Analytics against each database: the beacon (accepted, refused when malformed, bots and signed-in
// admins left out, the per-client limit), the visitor hash (one visitor per day, a new one the next
// day), generated traffic across two days and the spring-forward change giving the expected counts
// per range, the business events and the funnels by source, the rollup of old views keeping every
// total, and the admin page with its CSV.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as beaconRoute from "~/routes/api-analytics-view";
import * as analyticsRoute from "~/routes/admin-analytics";
import * as analyticsCsvRoute from "~/routes/admin-analytics-csv";
import { flushPageViews, recordPageView, waitingPageViews } from "~/features/analytics/recorder.server";
import { breakdown, dailySeries, eventCounts, funnels, totalsOf } from "~/features/analytics/report.server";
import { deleteOldPageViews, rollUpCompletedDays, rolledThrough } from "~/features/analytics/rollup.server";
import { dropOldSalts, visitorHash } from "~/features/analytics/visitor.server";
import { recordBusinessEvent } from "~/features/analytics/business-events.server";
import { ensureAdmin } from "~/features/auth/bootstrap.server";
import { getEnv } from "~/lib/env.server";
import { analyticsDays, analyticsSalts, events, funnelDays, pageViewDays, pageViews } from "~/features/analytics/schema";
import { createVerifiedUser, freshIp, routeArgs, signedInCookie, siteRequest } from "../support/auth";
import { testDatabases, type TestDatabase } from "../support/databases";
import { clearRateLimits } from "../support/rate-limits";
import { tempDir } from "../../scripts/support/databases";
import { addDays, centralDate, daysBetween } from "~/lib/central-time";

process.env.BETTER_AUTH_SECRET ??= "integration-test-secret-0123456789abcdef";
process.env.DATA_DIR ??= tempDir("analytics-");
process.env.ANALYTICS_COUNTRY_HEADER = "cf-ipcountry";

const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36";
const IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";

describe.each(testDatabases.map((d) => [d.name, d] as const))("analytics on %s", (_name, database) => {
  let db: TestDatabase;
  let adminCookie: string;
  let memberCookie: string;

  beforeAll(async () => {
    db = await database.open();
    await ensureAdmin({ email: "numbers-admin@example.test", password: "numbers-admin-password-1" });
    adminCookie = await signedInCookie("numbers-admin@example.test", "numbers-admin-password-1");
    await createVerifiedUser("reader-member@example.test", "reader-member-password-1");
    memberCookie = await signedInCookie("reader-member@example.test", "reader-member-password-1");
  });
  afterAll(() => db.close());
  beforeEach(async () => {
    await flushPageViews();
    await db.db.delete(pageViews);
    await db.db.delete(pageViewDays);
    await db.db.delete(analyticsDays);
    await db.db.delete(funnelDays);
    await db.db.delete(events);
    await clearRateLimits(db);
  });

  async function beacon(body: unknown, options: { userAgent?: string | null; cookie?: string; ip?: string; headers?: Record<string, string> } = {}) {
    const headers = new Headers({ "content-type": "application/json", origin: getEnv().SITE_URL, ...options.headers });
    if (options.userAgent !== null) headers.set("user-agent", options.userAgent ?? CHROME);
    if (options.cookie) headers.set("cookie", options.cookie);
    const request = new Request(`${getEnv().SITE_URL}/api/analytics/view`, { method: "POST", headers, body: typeof body === "string" ? body : JSON.stringify(body) });
    try {
      const response = (await beaconRoute.action(routeArgs(request, options.ip ?? "203.0.113.7") as any)) as Response;
      return response.status;
    } catch (error) {
      return (error as { init?: { status?: number } }).init?.status ?? 500;
    }
  }
  const views = async () => {
    await flushPageViews();
    return db.db.select().from(pageViews);
  };

  it("records a shown page: path, referrer host, campaign, device, country, a hash and no address", async () => {
    expect(
      await beacon(
        { path: "/bootcamp?x=1", referrer: "https://www.google.com/search?q=cnc", utmSource: "newsletter", utmMedium: "email", utmCampaign: "spring" },
        { userAgent: IPHONE, headers: { "cf-ipcountry": "us" } },
      ),
    ).toBe(204);
    expect(await beacon({ path: "/blog", referrer: `${getEnv().SITE_URL}/bootcamp` })).toBe(204);
    const rows = await views();
    expect(rows).toHaveLength(2);
    const [first, second] = rows.sort((a, b) => a.path.localeCompare(b.path)).reverse();
    expect(first).toMatchObject({ path: "/bootcamp", referrerHost: "google.com", utmSource: "newsletter", utmMedium: "email", utmCampaign: "spring", deviceClass: "mobile", country: "US" });
    expect(second).toMatchObject({ path: "/blog", referrerHost: null, deviceClass: "desktop", country: null });
    expect(first!.visitorHash).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(JSON.stringify(rows)).not.toContain("203.0.113.7");
  });

  it("refuses malformed beacons with 400 and leaves bots and signed-in admins out", async () => {
    expect(await beacon("not json")).toBe(400);
    expect(await beacon({ path: "no-slash" })).toBe(400);
    expect(await beacon({ path: `/${"a".repeat(400)}` })).toBe(400);
    expect(await beacon({})).toBe(400);
    expect(await beacon({ path: "/" }, { userAgent: "Googlebot/2.1 (+http://www.google.com/bot.html)" })).toBe(204);
    expect(await beacon({ path: "/" }, { userAgent: null })).toBe(204);
    expect(await beacon({ path: "/" }, { cookie: adminCookie })).toBe(204);
    expect(await views()).toHaveLength(0);
    expect(await beacon({ path: "/" }, { cookie: memberCookie })).toBe(204);
    expect(await views()).toHaveLength(1);
  });

  it("leaves the admin's and the partners' own pages out, whoever reports them", async () => {
    for (const path of ["/admin", "/admin/bookings", "/affiliate-dashboard", "/affiliate-management"]) expect(await beacon({ path }), path).toBe(204);
    expect(await views()).toHaveLength(0);
    expect(await beacon({ path: "/affiliate-program" })).toBe(204);
    expect((await views()).map((view) => view.path)).toEqual(["/affiliate-program"]);
  });

  it("stores no page view while recording is off (ANALYTICS_PAGE_VIEWS=off), and answers 204", async () => {
    const env = getEnv();
    env.ANALYTICS_PAGE_VIEWS = "off";
    try {
      expect(await beacon({ path: "/bootcamp" })).toBe(204);
      expect(await views()).toHaveLength(0);
    } finally {
      env.ANALYTICS_PAGE_VIEWS = "on";
    }
    expect(await beacon({ path: "/bootcamp" })).toBe(204);
    expect(await views()).toHaveLength(1);
  });

  it("limits one client's beacons", async () => {
    const ip = freshIp();
    for (let i = 0; i < 120; i += 1) expect(await beacon({ path: `/p${i}` }, { ip })).toBe(204);
    expect(await beacon({ path: "/one-too-many" }, { ip })).toBe(429);
    expect(await views()).toHaveLength(120);
  });

  it("counts the same visitor once a day, and as a new one the next day", async () => {
    const day1 = new Date("2026-03-07T18:00:00Z");
    const day2 = new Date("2026-03-08T18:00:00Z");
    const a1 = await visitorHash("198.51.100.1", CHROME, day1);
    expect(await visitorHash("198.51.100.1", CHROME, new Date("2026-03-07T23:00:00Z"))).toBe(a1);
    expect(await visitorHash("198.51.100.2", CHROME, day1)).not.toBe(a1);
    expect(await visitorHash("198.51.100.1", IPHONE, day1)).not.toBe(a1);
    const a2 = await visitorHash("198.51.100.1", CHROME, day2);
    expect(a2).not.toBe(a1);
    // Once the day is over its salt goes: the hash cannot be made again from the address.
    await dropOldSalts(new Date("2026-03-10T18:00:00Z"));
    expect((await db.db.select({ day: analyticsSalts.day }).from(analyticsSalts)).map((s) => s.day).filter((d) => d < "2026-03-09")).toEqual([]);
  });

  /** Traffic across Saturday 7 and Sunday 8 March 2026 (Chicago springs forward at 02:00 on the 8th). */
  async function generateTraffic() {
    const at = (iso: string) => new Date(iso);
    const rows = [
      // Saturday 7 March, CST (UTC-6): visitor A sees two pages from Google, B one page directly.
      { path: "/", referrerHost: "google.com", visitorHash: "A-sat", createdAt: at("2026-03-07T15:00:00Z") },
      { path: "/bootcamp", referrerHost: null, visitorHash: "A-sat", createdAt: at("2026-03-07T15:01:00Z") },
      { path: "/", referrerHost: null, visitorHash: "B-sat", createdAt: at("2026-03-08T05:59:00Z") }, // 23:59 CST on the 7th
      // Sunday 8 March: 00:30 CST, then after the change (CDT, UTC-5) until 23:30 CDT.
      { path: "/blog", referrerHost: "linkedin.com", utmSource: "linkedin", visitorHash: "C-sun", createdAt: at("2026-03-08T06:30:00Z") },
      { path: "/booking", referrerHost: null, visitorHash: "C-sun", createdAt: at("2026-03-08T08:30:00Z") },
      { path: "/", referrerHost: null, visitorHash: "D-sun", deviceClass: "mobile" as const, createdAt: at("2026-03-09T04:30:00Z") }, // 23:30 CDT on the 8th
      // Monday 9 March, outside a two-day range.
      { path: "/", referrerHost: null, visitorHash: "E-mon", createdAt: at("2026-03-09T05:30:00Z") },
    ];
    await db.db.insert(pageViews).values(rows.map((row) => ({ deviceClass: "desktop" as const, ...row })));
    await db.db.insert(events).values([
      { name: "booking_submitted", visitorHash: "C-sun", createdAt: at("2026-03-08T08:40:00Z") },
      { name: "checkout_started", visitorHash: "A-sat", properties: { orderId: "order-a" }, createdAt: at("2026-03-07T15:05:00Z") },
      { name: "order_paid", properties: { orderId: "order-a", amountCents: 750_000 }, createdAt: at("2026-03-07T15:09:00Z") },
      { name: "checkout_started", visitorHash: "D-sun", properties: { orderId: "order-d" }, createdAt: at("2026-03-09T04:35:00Z") },
      { name: "newsletter_subscribed", visitorHash: "C-sun", createdAt: at("2026-03-08T09:00:00Z") },
      { name: "affiliate_click", createdAt: at("2026-03-09T05:40:00Z") },
    ]);
  }

  it("buckets generated traffic by Central Time day across the DST change, per range", async () => {
    await generateTraffic();
    const days = await dailySeries({ from: "2026-03-07", to: "2026-03-08" });
    expect(days).toEqual([
      { day: "2026-03-07", views: 3, visitors: 2, bounces: 1 },
      { day: "2026-03-08", views: 3, visitors: 2, bounces: 1 },
    ]);
    expect(totalsOf(days)).toEqual({ views: 6, visitors: 4, viewsPerVisit: 1.5, bounceRate: 0.5 });
    expect((await dailySeries({ from: "2026-03-09", to: "2026-03-09" }))[0]).toEqual({ day: "2026-03-09", views: 1, visitors: 1, bounces: 1 });
    expect(await breakdown("pages", { from: "2026-03-07", to: "2026-03-08" })).toEqual([
      { key: "/", views: 3, visitors: 3 },
      { key: "/blog", views: 1, visitors: 1 },
      { key: "/booking", views: 1, visitors: 1 },
      { key: "/bootcamp", views: 1, visitors: 1 },
    ]);
    expect(await breakdown("referrers", { from: "2026-03-07", to: "2026-03-08" })).toEqual([
      { key: null, views: 4, visitors: 4 },
      { key: "google.com", views: 1, visitors: 1 },
      { key: "linkedin.com", views: 1, visitors: 1 },
    ]);
    expect(await breakdown("devices", { from: "2026-03-08", to: "2026-03-08" })).toEqual([
      { key: "desktop", views: 2, visitors: 1 },
      { key: "mobile", views: 1, visitors: 1 },
    ]);
    expect(await eventCounts({ from: "2026-03-07", to: "2026-03-08" })).toEqual({
      booking_submitted: 1,
      checkout_started: 2,
      order_paid: 1,
      newsletter_subscribed: 1,
      affiliate_click: 0,
      affiliate_conversion: 0,
      revenueCents: 750_000,
    });
    expect(await funnels({ from: "2026-03-07", to: "2026-03-08" }, null)).toEqual({ visitors: 4, booked: 1, checkedOut: 2, paid: 1 });
    expect(await funnels({ from: "2026-03-07", to: "2026-03-08" }, "google.com")).toEqual({ visitors: 1, booked: 0, checkedOut: 1, paid: 1 });
    expect(await funnels({ from: "2026-03-07", to: "2026-03-08" }, "linkedin")).toEqual({ visitors: 1, booked: 1, checkedOut: 0, paid: 0 });
  });

  it("rolls up each completed day (figures unchanged), then deletes views past the retention age (figures still unchanged)", async () => {
    await generateTraffic();
    const range = { from: "2026-03-07", to: "2026-03-09" };
    const figures = async () => ({
      days: await dailySeries(range),
      pages: await breakdown("pages", range),
      referrers: await breakdown("referrers", range),
      devices: await breakdown("devices", range),
      campaigns: await breakdown("campaigns", range),
      funnel: await funnels(range, null),
      fromGoogle: await funnels(range, "google.com"),
      fromLinkedIn: await funnels(range, "linkedin"),
    });
    const before = await figures();

    // At 00:30 on Monday 9 March the Sunday is not an hour over yet: the Saturday alone.
    expect(await rollUpCompletedDays(new Date("2026-03-09T05:30:00Z"))).toBe(1);
    expect(await rolledThrough()).toBe("2026-03-07");
    expect(await figures()).toEqual(before);
    // At 02:00 it is; again at 02:00 changes nothing.
    expect(await rollUpCompletedDays(new Date("2026-03-09T07:00:00Z"))).toBe(1);
    expect(await rollUpCompletedDays(new Date("2026-03-09T07:00:00Z"))).toBe(0);
    expect(await db.db.select().from(analyticsDays).orderBy(analyticsDays.day)).toEqual([
      { day: "2026-03-07", views: 3, visitors: 2, bounces: 1 },
      { day: "2026-03-08", views: 3, visitors: 2, bounces: 1 },
    ]);
    expect(await figures()).toEqual(before);
    // Raw views go only past the retention age: 400 days before 13 April 2027 is 9 March 2026, but
    // only rolled-up days are ever deleted (the 9th is not rolled up yet).
    expect(await deleteOldPageViews(new Date("2027-04-13T12:00:00Z"), 400)).toBe(6);
    expect((await db.db.select().from(pageViews)).map((row) => row.visitorHash)).toEqual(["E-mon"]);
    expect(await figures()).toEqual(before);
  });

  it("writes views off the request path in batches, and drops (never queues without bound) when full", async () => {
    // The 500th view starts an insert of the first 500; while it waits for the database, 5,000 more
    // may wait in memory, and the rest are dropped.
    const accepted = Array.from({ length: 6_000 }, (_, i) => recordPageView({ path: `/bulk/${i % 5}`, deviceClass: "desktop", visitorHash: `bulk-${i}` }));
    expect(waitingPageViews()).toBe(5_000);
    expect(accepted.filter((ok) => !ok)).toHaveLength(500);
    await flushPageViews();
    expect(waitingPageViews()).toBe(0);
    expect(await db.db.select().from(pageViews)).toHaveLength(5_500);
  });

  it("shows the admin the page and the daily CSV; members are refused", async () => {
    await recordBusinessEvent({ name: "booking_submitted", visitorHash: "x" });
    expect(await beacon({ path: "/" })).toBe(204);
    await flushPageViews();
    const page = ((await analyticsRoute.loader(routeArgs(siteRequest("/admin/analytics?range=7d", { cookie: adminCookie })) as any)) as any).data;
    expect(page.range).toBe("7d");
    expect(page.report.days).toHaveLength(7);
    expect(page.report.totals.views).toBe(1);
    // Each breakdown row beside the previous period (none then: new).
    expect(page.report.breakdowns.pages).toEqual([{ key: "/", views: 1, visitors: 1, previousViews: 0 }]);
    expect(page.report.events.booking_submitted).toBe(1);
    // Figures since February: a custom range in March is shown as asked, beside the days before it.
    await db.db.insert(events).values({ name: "affiliate_click", createdAt: new Date("2026-02-01T18:00:00Z") });
    const custom = ((await analyticsRoute.loader(routeArgs(siteRequest("/admin/analytics?range=custom&from=2026-03-01&to=2026-03-09", { cookie: adminCookie })) as any)) as any).data;
    expect(custom.report.current).toEqual({ from: "2026-03-01", to: "2026-03-09" });
    expect(custom.report.previous).toEqual({ from: "2026-02-20", to: "2026-02-28" });
    const csv = (await analyticsCsvRoute.loader(routeArgs(siteRequest("/admin/analytics/export.csv?range=7d", { cookie: adminCookie })) as any)) as Response;
    const text = await csv.text();
    expect(text).toContain('"Day (CT)","Page views","Visitors","Single-page visits"');
    expect(text.trim().split("\r\n")).toHaveLength(8);
    await expect(analyticsRoute.loader(routeArgs(siteRequest("/admin/analytics", { cookie: memberCookie })) as any)).rejects.toMatchObject({ status: 302 });
  });

  /** The admin page's loader for `search`: its data and status. */
  async function analyticsPage(search: string) {
    const result = (await analyticsRoute.loader(routeArgs(siteRequest(`/admin/analytics${search}`, { cookie: adminCookie })) as any)) as any;
    return { page: result.data, status: result.init?.status ?? 200 };
  }
  async function analyticsCsv(search: string) {
    return (await analyticsCsvRoute.loader(routeArgs(siteRequest(`/admin/analytics/export.csv${search}`, { cookie: adminCookie })) as any)) as Response;
  }

  it("refuses a far-future, reversed or invalid custom range with a message (page and CSV), and never steps through it", async () => {
    await generateTraffic();
    const today = centralDate(new Date());
    const far = await analyticsPage("?range=custom&from=9999-12-31&to=9999-12-31");
    expect(far.status).toBe(400);
    expect(far.page.error).toBe(`There are no figures from 9999-12-31 to 9999-12-31: they run from 2026-03-07 to ${today}.`);
    expect(far.page.report).toBeNull();
    const farCsv = await analyticsCsv("?range=custom&from=9999-12-31&to=9999-12-31");
    expect(farCsv.status).toBe(400);
    expect(farCsv.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(await farCsv.text()).toBe(`There are no figures from 9999-12-31 to 9999-12-31: they run from 2026-03-07 to ${today}.`);

    const reversed = await analyticsPage("?range=custom&from=2026-03-09&to=2026-03-01");
    expect([reversed.status, reversed.page.error, reversed.page.report]).toEqual([400, "The end date must be on or after the start date.", null]);
    // The dates asked for stay in the form, to be corrected.
    expect(reversed.page.picked).toEqual({ from: "2026-03-09", to: "2026-03-01" });
    for (const search of ["?range=custom&from=2026-02-30&to=2026-03-01", "?range=custom&from=10000-01-01&to=10000-01-02", "?range=custom&to=2026-03-01"]) {
      const invalid = await analyticsPage(search);
      expect([invalid.status, invalid.page.error], search).toEqual([400, "Pick a start and an end date (YYYY-MM-DD).", ]);
    }
    expect((await analyticsCsv("?range=custom&from=2026-03-09&to=2026-03-01")).status).toBe(400);
  });

  it("clamps a custom range to the days with figures and to two years, and says so", async () => {
    await generateTraffic();
    const today = centralDate(new Date());
    const open = await analyticsPage(`?range=custom&from=2000-01-01&to=9999-12-31`);
    expect(open.status).toBe(200);
    expect(open.page.report.current).toEqual({ from: "2026-03-07", to: today });
    expect(open.page.notice).toBe(`Showing 2026-03-07 to ${today}: the figures run from 2026-03-07 to ${today}.`);
    expect(open.page.report.days).toHaveLength(daysBetween("2026-03-07", today) + 1);
    expect(open.page.report.days.slice(0, 3).map((row: { views: number }) => row.views)).toEqual([3, 3, 1]);
    const csv = await analyticsCsv(`?range=custom&from=2000-01-01&to=9999-12-31`);
    expect(csv.headers.get("content-disposition")).toContain(`analytics-2026-03-07-to-${today}`);

    // Figures since 2020: a range over all of them is cut to its last two years.
    await db.db.insert(events).values({ name: "affiliate_click", createdAt: new Date("2020-01-01T18:00:00Z") });
    const long = await analyticsPage(`?range=custom&from=2020-01-01&to=${today}`);
    expect(long.page.report.current).toEqual({ from: addDays(today, -730), to: today });
    expect(long.page.report.days).toHaveLength(731);
    expect(long.page.notice).toBe(`Showing the last two years of the range: ${addDays(today, -730)} to ${today}.`);
    const exact = await analyticsPage("?range=custom&from=2026-03-01&to=2026-03-09");
    expect([exact.status, exact.page.notice, exact.page.report.current]).toEqual([200, null, { from: "2026-03-01", to: "2026-03-09" }]);
  });

  it("stores the other views of a batch when one of them cannot be stored", async () => {
    // A NUL in text fails the whole multi-row insert (PostgreSQL refuses it in text); the batch is
    // then written one view at a time and only the poisoned view is lost.
    for (let i = 0; i < 60; i += 1) {
      recordPageView({ path: `/batch/${i}`, deviceClass: "desktop", visitorHash: `batch-${i}`, utmSource: i === 30 ? "poisoned\u0000source" : "clean" });
    }
    await flushPageViews();
    const stored = await db.db.select({ path: pageViews.path }).from(pageViews);
    expect(stored).toHaveLength(59);
    expect(stored.map((row) => row.path)).not.toContain("/batch/30");
  });

  it("cleans a beacon's fields before its view joins a batch: control characters stripped, campaigns clipped, a forged path refused", async () => {
    expect(
      await beacon({ path: "/bootcamp", referrer: "https://news\u0000.example.org/", utmSource: "news\u0000letter", utmMedium: "e\u0007mail\u007f", utmCampaign: `${"c".repeat(150)}\u0000` }),
    ).toBe(204);
    expect(await beacon({ path: "/blog", utmSource: "\u0000\u0000" })).toBe(204);
    // A browser sends its path percent-encoded: raw control characters are a forged beacon.
    expect(await beacon({ path: "/boot\u0000camp" })).toBe(400);
    expect(await beacon({ path: "/boot\ncamp" })).toBe(400);
    const rows = (await views()).sort((a, b) => a.path.localeCompare(b.path));
    expect(rows.map(({ path, utmSource, utmMedium, utmCampaign }) => ({ path, utmSource, utmMedium, utmCampaign }))).toEqual([
      { path: "/blog", utmSource: null, utmMedium: null, utmCampaign: null },
      { path: "/bootcamp", utmSource: "newsletter", utmMedium: "email", utmCampaign: "c".repeat(100) },
    ]);
  });

  it("records a newsletter sign-up's event in its transaction, with the visitor", async () => {
    const { subscribe } = await import("~/features/newsletter/subscriptions.server");
    await subscribe({ email: `events-${Date.now()}@example.com`, source: "popup", visitorHash: "V" });
    expect(await db.db.select({ name: events.name, visitorHash: events.visitorHash, properties: events.properties }).from(events).where(eq(events.name, "newsletter_subscribed"))).toEqual([
      { name: "newsletter_subscribed", visitorHash: "V", properties: { source: "popup" } },
    ]);
  });
});
