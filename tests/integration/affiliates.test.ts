// The affiliate program against each database: applying (codes unique under 50 applications at
// once, a second application refused by the constraint), custom links (slug taken, a code, a route,
// targets off the site), /a/{slugOrCode} (the 302 and its ref, clicks once per session, approved
// only, no bots, the per-client limit, the attribution cookie), the admin's transitions (every one
// allowed and refused, as admin and as a member), the edit dialog (12.5 % stored as 0.125), payouts
// that never overdraw (also two at once), totals equal to their rows, the CSV exports.
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as applicationRoute from "~/routes/affiliate-application";
import * as dashboardRoute from "~/routes/affiliate-dashboard";
import * as managementRoute from "~/routes/affiliate-management";
import * as redirectRoute from "~/routes/affiliate-redirect";
import * as exportRoute from "~/routes/affiliate-management-export";
import { applyStatusAction, recordPayout } from "~/features/affiliates/admin-actions.server";
import { applyAsAffiliate } from "~/features/affiliates/applications.server";
import { resolveAndCount, type Visit } from "~/features/affiliates/redirect.server";
import { generateAffiliateCode } from "~/features/affiliates/code";
import { ensureSampleAffiliate, SAMPLE_AFFILIATE_CODE } from "~/features/affiliates/sample.server";
import { STATUS_ACTIONS, type AffiliateStatus, type StatusAction } from "~/features/affiliates/status";
import { totalsOf } from "~/features/affiliates/totals.server";
import { ensureAdmin } from "~/features/auth/bootstrap.server";
import { takeFlashToast } from "~/lib/flash-toast.server";
import { getEnv } from "~/lib/env.server";
import { emailOutbox } from "#server/db/schema";
import { affiliateClicks, affiliateLinks, affiliatePayouts, affiliates } from "~/features/affiliates/schema";
import { affiliateReferrals } from "~/features/affiliates/schema-referrals";
import { events } from "~/features/analytics/schema";
import { users } from "~/features/auth/schema";
import { orders } from "~/features/checkout/schema";
import { cookieHeader, createVerifiedUser, freshIp, routeArgs, signedInCookie, siteRequest } from "../support/auth";
import { testDatabases, type TestDatabase } from "../support/databases";
import { clearRateLimits } from "../support/rate-limits";
import { tempDir } from "../../scripts/support/databases";

process.env.BETTER_AUTH_SECRET ??= "integration-test-secret-0123456789abcdef";
process.env.DATA_DIR ??= tempDir("affiliates-");

async function answerOf(value: unknown): Promise<{ status: number; toast?: any; body?: any; location?: string | null }> {
  if (value instanceof Response) {
    const flash = await takeFlashToast(new Request("http://site.test/", { headers: { cookie: cookieHeader(value.headers.getSetCookie()) } }));
    return { status: value.status, toast: flash.toast ?? undefined, location: value.headers.get("location") };
  }
  const wrapped = value as { data: any; init: { status?: number } | null };
  return { status: wrapped.init?.status ?? 200, toast: wrapped.data?.toast, body: wrapped.data };
}

/** What a loader or action threw (a redirect, a 403), as an answer. */
async function thrown(run: () => Promise<unknown>) {
  try {
    await run();
  } catch (error) {
    return answerOf(error);
  }
  throw new Error("expected the route to throw");
}

let userSequence = 0;
async function insertUser(db: TestDatabase, email = `partner${++userSequence}@example.com`) {
  const id = `user-${userSequence}-${Math.random().toString(36).slice(2)}`;
  await db.db.insert(users).values({ id, name: "Partner", email, emailVerified: true });
  return { id, email };
}

async function insertAffiliate(db: TestDatabase, status: AffiliateStatus, code = `T${String(++userSequence).padStart(7, "0")}`) {
  const user = await insertUser(db);
  const [row] = await db.db
    .insert(affiliates)
    .values({ userId: user.id, affiliateCode: code, status, commissionRate: "0.1500", payoutEmail: `pay-${user.email}` })
    .returning({ id: affiliates.id });
  return { id: row!.id, code, user };
}

let orderSequence = 0;
/** A paid Stripe order credited to the affiliate, as fulfilment writes it (test orders earn nothing). */
async function insertReferral(db: TestDatabase, affiliateId: string, commissionCents = 112_500, reversedCents = 0) {
  orderSequence += 1;
  const [order] = await db.db
    .insert(orders)
    .values({ provider: "stripe", providerSessionId: `cs_test_${orderSequence}_${Math.random()}`, amountCents: 750_000, status: "paid", paidAt: new Date(), customerEmail: `buyer${orderSequence}@example.com` })
    .returning({ id: orders.id });
  await db.db.insert(affiliateReferrals).values({
    affiliateId,
    orderId: order!.id,
    saleAmountCents: 750_000,
    commissionRate: "0.1500",
    commissionCents,
    reversedCents,
    status: reversedCents === 0 ? "earned" : reversedCents === commissionCents ? "reversed" : "partially_reversed",
    customerEmail: `buyer${orderSequence}@example.com`,
  });
}

const APPLICATION = {
  intent: "apply",
  payoutEmail: "payouts@example.com",
  experience: "Ten years running a machine shop YouTube channel.",
  audience: "Shop owners and CNC programmers.",
  promotionPlan: "A review video and a newsletter feature.",
  twitter: "@shopfloor",
  instagram: "",
  linkedin: "",
  website: "https://shopfloor.example",
  youtube: "",
};

describe.each(testDatabases.map((d) => [d.name, d] as const))("affiliates on %s", (_name, database) => {
  let db: TestDatabase;
  let adminCookie: string;
  let memberCookie: string;
  let memberId: string;

  beforeAll(async () => {
    db = await database.open();
    await ensureAdmin({ email: "partners-admin@example.test", password: "partners-admin-password-1" });
    adminCookie = await signedInCookie("partners-admin@example.test", "partners-admin-password-1");
    await createVerifiedUser("member@example.test", "member-password-1");
    memberCookie = await signedInCookie("member@example.test", "member-password-1");
    const [member] = await db.db.select({ id: users.id }).from(users).where(eq(users.email, "member@example.test"));
    memberId = member!.id;
  });
  afterAll(() => db.close());
  beforeEach(async () => {
    await db.db.delete(affiliatePayouts);
    await db.db.delete(affiliateReferrals);
    await db.db.delete(orders);
    await db.db.delete(affiliateClicks);
    await db.db.delete(affiliateLinks);
    await db.db.delete(affiliates);
    await db.db.delete(events);
    // Each test starts with its own limits (the member applies in several).
    await clearRateLimits(db);
    await db.db.delete(emailOutbox).where(sql`${emailOutbox.kind} like 'affiliate%'`);
  });

  const apply = async (form: Record<string, string>, cookie = memberCookie) =>
    answerOf(await applicationRoute.action(routeArgs(siteRequest("/affiliate-application", { form, cookie })) as any).catch((e) => e));
  const dashboardPost = async (form: Record<string, string>, cookie = memberCookie) =>
    answerOf(await dashboardRoute.action(routeArgs(siteRequest("/affiliate-dashboard", { form, cookie })) as any).catch((e) => e));
  const dashboard = async (cookie = memberCookie) =>
    ((await dashboardRoute.loader(routeArgs(siteRequest("/affiliate-dashboard", { cookie })) as any)) as any).data;
  const manage = async (form: Record<string, string>, cookie = adminCookie) =>
    answerOf(await managementRoute.action(routeArgs(siteRequest("/affiliate-management", { form, cookie })) as any).catch((e) => e));
  const management = async (query = "") =>
    ((await managementRoute.loader(routeArgs(siteRequest(`/affiliate-management${query}`, { cookie: adminCookie })) as any)) as any).data;

  /** Follows /a/{parameter} as a browser would: the 302, its cookies. */
  async function follow(parameter: string, options: { cookie?: string; userAgent?: string; ip?: string; method?: "GET" | "HEAD" } = {}) {
    const headers = new Headers({ "user-agent": options.userAgent ?? "Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36" });
    if (options.cookie) headers.set("cookie", options.cookie);
    const request = new Request(`${getEnv().SITE_URL}/a/${encodeURIComponent(parameter)}`, { headers, method: options.method });
    try {
      await redirectRoute.loader(routeArgs(request, options.ip ?? freshIp(), parameter ? { slugOrCode: parameter } : {}) as any);
    } catch (response) {
      if (!(response instanceof Response)) throw response;
      return { status: response.status, location: response.headers.get("location"), cookies: response.headers.getSetCookie() };
    }
    throw new Error("the redirect did not answer");
  }
  const clickCount = async (affiliateId: string) => (await totalsOf(affiliateId)).clicks;

  describe("applying", () => {
    it("gives 50 applications at once 50 distinct readable codes, all pending at 15 %", async () => {
      const applicants = await Promise.all(Array.from({ length: 50 }, () => insertUser(db)));
      // Every applicant's first code is the same one: 49 of them collide and retry.
      const outcomes = await Promise.all(
        applicants.map((user) => {
          let calls = 0;
          const firstTheSameCode = () => (++calls === 1 ? "SAMECODE" : generateAffiliateCode());
          return applyAsAffiliate({ user, payoutEmail: user.email }, undefined, firstTheSameCode);
        }),
      );
      expect(outcomes.every((outcome) => outcome.outcome === "applied")).toBe(true);
      const rows = await db.db.select({ code: affiliates.affiliateCode, status: affiliates.status, rate: affiliates.commissionRate }).from(affiliates);
      expect(rows).toHaveLength(50);
      expect(new Set(rows.map((row) => row.code)).size).toBe(50);
      expect(rows.filter((row) => row.code === "SAMECODE")).toHaveLength(1);
      for (const row of rows.filter((r) => r.code !== "SAMECODE")) expect(row.code).toMatch(/^[A-HJKMNP-Z2-9]{8}$/);
      expect(rows.every((row) => row.status === "pending" && Number(row.rate) === 0.15)).toBe(true);
    });

    it("takes the detailed form, mails the applicant and the owner, and goes to the dashboard", async () => {
      const answer = await apply(APPLICATION);
      expect(answer).toMatchObject({ status: 302, location: "/affiliate-dashboard", toast: { kind: "success", title: "Application submitted! We'll review and notify you by email." } });
      const [row] = await db.db.select().from(affiliates).where(eq(affiliates.userId, memberId));
      expect(row).toMatchObject({ status: "pending", commissionRate: "0.1500", payoutEmail: "payouts@example.com" });
      expect(row!.socialMediaHandles).toMatchObject({ experience: APPLICATION.experience, audience: APPLICATION.audience, promotion_plan: APPLICATION.promotionPlan, twitter: "@shopfloor" });
      const mail = await db.db.select({ to: emailOutbox.to, kind: emailOutbox.kind, text: emailOutbox.text }).from(emailOutbox).where(sql`${emailOutbox.kind} like 'affiliate%'`);
      expect(mail.map((m) => [m.kind, m.to]).sort()).toEqual([
        ["affiliate_application", "member@example.test"],
        ["affiliate_application_owner", getEnv().OWNER_EMAIL],
      ]);
      expect(mail.find((m) => m.kind === "affiliate_application_owner")!.text).toContain(APPLICATION.promotionPlan);
    });

    it("refuses a second application by the unique constraint, from either form", async () => {
      expect((await apply(APPLICATION)).status).toBe(302);
      const again = await apply(APPLICATION);
      expect(again).toMatchObject({ status: 409, toast: { title: "You have already submitted an application." } });
      const quick = await dashboardPost({ intent: "quick-apply" });
      expect(quick).toMatchObject({ status: 409, toast: { title: "You have already submitted an application." } });
      expect(await db.db.select().from(affiliates).where(eq(affiliates.userId, memberId))).toHaveLength(1);
    });

    it("asks for every required field with the spec's message; the client cannot choose a code", async () => {
      const missing = await apply({ ...APPLICATION, experience: "", audience: " ", payoutEmail: "" });
      expect(missing.status).toBe(400);
      expect(missing.toast).toMatchObject({ title: "Please fill in all required fields" });
      expect(missing.body.reply.error).toMatchObject({
        payoutEmail: ["Please fill in all required fields"],
        experience: ["Please fill in all required fields"],
        audience: ["Please fill in all required fields"],
      });
      const badEmail = await apply({ ...APPLICATION, payoutEmail: "not-an-address" });
      expect(badEmail.body.reply.error).toMatchObject({ payoutEmail: ["Please enter a valid email address"] });
      // Nothing is missing: the toast names the real problem, as the field does.
      expect(badEmail.toast).toMatchObject({ kind: "error", title: badEmail.body.reply.error.payoutEmail[0] });
      // An extra field (a chosen code, status or rate) is refused before anything parses it.
      const chosen = await apply({ ...APPLICATION, affiliateCode: "MYCODE", status: "approved" });
      expect(chosen.status).toBe(400);
      expect(await db.db.select().from(affiliates)).toHaveLength(0);
    });

    it("quick-applies with the account's address from the dashboard", async () => {
      expect((await dashboard()).affiliate).toBeNull();
      const quick = await dashboardPost({ intent: "quick-apply" });
      expect(quick).toMatchObject({ status: 200, toast: { kind: "success", title: "Affiliate application submitted! We'll review it soon." } });
      const view = await dashboard();
      expect(view.affiliate).toMatchObject({ status: "pending", rateLabel: "15.0%" });
      expect(view.affiliate.affiliateUrl).toBe(`${getEnv().SITE_URL}/a/${view.affiliate.code}`);
      expect(view.affiliate.previewPath).toBe(`/bootcamp?ref=${view.affiliate.code}`);
    });

    it("sends a signed-out visitor to sign in, with the spec's message on a post", async () => {
      const page = await thrown(() => applicationRoute.loader(routeArgs(siteRequest("/affiliate-application")) as any));
      expect(page).toMatchObject({ status: 302, location: "/auth?redirect=/affiliate-application" });
      const post = await apply(APPLICATION, "");
      expect(post).toMatchObject({ status: 302, location: "/auth?redirect=/affiliate-application", toast: { title: "You must be logged in to submit an application" } });
    });
  });

  describe("custom links", () => {
    let mine: { id: string; code: string };
    beforeEach(async () => {
      await applyAsAffiliate({ user: { id: memberId, email: "member@example.test" }, payoutEmail: "member@example.test" });
      const [row] = await db.db.select({ id: affiliates.id, code: affiliates.affiliateCode }).from(affiliates).where(eq(affiliates.userId, memberId));
      mine = row!;
    });
    const createLink = (form: Record<string, string>) => dashboardPost({ intent: "create-link", ...form });

    it("saves a named link to its target with a lower-case slug", async () => {
      expect(await createLink({ name: "Spring", targetUrl: "/bootcamp", customSlug: "Spring-Promo" })).toMatchObject({ status: 200, toast: { title: "Affiliate link created successfully!" } });
      const links = (await dashboard()).links;
      expect(links.map((l: any) => [l.name, l.target, l.url])).toEqual([["Spring", "/bootcamp", `${getEnv().SITE_URL}/a/spring-promo`]]);
    });

    it("gives a link saved without a slug a shareable address made from its name, which counts on the link", async () => {
      await db.db.update(affiliates).set({ status: "approved" }).where(eq(affiliates.id, mine.id));
      expect(await createLink({ name: "Booking (YouTube)", targetUrl: "/booking?utm_source=yt", customSlug: "" })).toMatchObject({ status: 200 });
      expect(await createLink({ name: "Frühling ✨", targetUrl: "/bootcamp" })).toMatchObject({ status: 200 });
      expect(await createLink({ name: "★★★", targetUrl: "/bootcamp" })).toMatchObject({ status: 200 });
      const links = (await dashboard()).links as Array<{ name: string; url: string | null }>;
      const slugOf = (name: string) => {
        const url = links.find((link) => link.name === name)!.url;
        expect(url, name).toMatch(new RegExp(`^${getEnv().SITE_URL}/a/[a-z0-9]+(-[a-z0-9]+)*$`));
        return url!.slice(`${getEnv().SITE_URL}/a/`.length);
      };
      expect(slugOf("Booking (YouTube)")).toMatch(/^booking-youtube-[a-z2-9]{6}$/);
      expect(slugOf("Frühling ✨")).toMatch(/^fruhling-[a-z2-9]{6}$/);
      expect(slugOf("★★★")).toMatch(/^link-[a-z2-9]{6}$/);
      const slug = slugOf("Booking (YouTube)");
      expect((await follow(slug)).location).toBe(`/booking?utm_source=yt&ref=${mine.code}`);
      const [link] = await db.db.select({ id: affiliateLinks.id }).from(affiliateLinks).where(eq(affiliateLinks.customSlug, slug));
      const [row] = await db.db.select({ n: sql<number>`count(*)::int` }).from(affiliateClicks).where(eq(affiliateClicks.linkId, link!.id));
      expect(row!.n).toBe(1);
    });

    it("requires a target (empty or left out), and refuses a path with a space, on the server too", async () => {
      const cases: Array<[Record<string, string>, string]> = [
        [{ targetUrl: "" }, "Please enter a target URL."],
        [{ targetUrl: "   " }, "Please enter a target URL."],
        [{}, "Please enter a target URL."],
        [{ targetUrl: "/ /evil.example" }, "A target cannot contain spaces: enter a path like /bootcamp."],
        [{ targetUrl: "/boot camp" }, "A target cannot contain spaces: enter a path like /bootcamp."],
        [{ targetUrl: "/%20/evil.example" }, "A target cannot contain spaces: enter a path like /bootcamp."],
      ];
      for (const [fields, message] of cases) {
        const refused = await createLink({ name: "Spring", customSlug: "", ...fields });
        expect(refused.status, JSON.stringify(fields)).toBe(400);
        expect(refused.body.reply.error, JSON.stringify(fields)).toMatchObject({ targetUrl: [message] });
      }
      expect(await db.db.select().from(affiliateLinks)).toHaveLength(0);
      // A space in the query is the visitor's text, encoded: still a page of the site.
      expect(await createLink({ name: "Query", targetUrl: "/booking?utm_campaign=spring sale", customSlug: "" })).toMatchObject({ status: 200 });
      expect((await dashboard()).links[0].target).toBe("/booking?utm_campaign=spring%20sale");
    });

    it("refuses a taken slug, a code, a route's name and a malformed slug", async () => {
      await createLink({ name: "First", targetUrl: "/bootcamp", customSlug: "taken-slug" });
      const other = await insertAffiliate(db, "approved", "ZZZZ2345");
      const cases: Array<[string, string]> = [
        ["taken-slug", "That slug is already taken. Please choose another."],
        ["zzzz2345", "That slug is an affiliate code. Please choose another."],
        [mine.code.toLowerCase(), "That slug is an affiliate code. Please choose another."],
        ["bootcamp", "That slug is one of the site's own addresses. Please choose another."],
        ["admin", "That slug is one of the site's own addresses. Please choose another."],
        ["api", "That slug is one of the site's own addresses. Please choose another."],
        ["no spaces", "Use 3 to 48 lower-case letters, digits and single hyphens, like spring-promo."],
        ["a", "Use 3 to 48 lower-case letters, digits and single hyphens, like spring-promo."],
        ["double--hyphen", "Use 3 to 48 lower-case letters, digits and single hyphens, like spring-promo."],
      ];
      for (const [slug, message] of cases) {
        const refused = await createLink({ name: "Again", targetUrl: "/bootcamp", customSlug: slug });
        expect(refused.status, slug).toBeGreaterThanOrEqual(400);
        expect(refused.body.reply.error, slug).toMatchObject({ customSlug: [message] });
      }
      expect(await db.db.select().from(affiliateLinks)).toHaveLength(1);
      expect(other.code).toBe("ZZZZ2345");
    });

    it.each(["https://evil.example", "//evil.example", "/\\evil.example", "/%2F%2Fevil.example", "%2F%2Fevil.example", "javascript:alert(1)", "/%09/evil.example"])(
      "refuses the target %j when saved",
      async (targetUrl) => {
        const refused = await createLink({ name: "Evil", targetUrl, customSlug: "" });
        expect(refused.status).toBe(400);
        expect(refused.body.reply.error).toMatchObject({ targetUrl: ["Enter a path on this site that starts with /, like /bootcamp."] });
        expect(await db.db.select().from(affiliateLinks)).toHaveLength(0);
      },
    );

    it("never follows a stored target off the site", async () => {
      await db.db.update(affiliates).set({ status: "approved" }).where(eq(affiliates.id, mine.id));
      for (const [slug, target] of [["bad-one", "//evil.example"], ["bad-two", "https://evil.example/x"], ["bad-three", "/\\evil.example"]] as const) {
        await db.db.insert(affiliateLinks).values({ affiliateId: mine.id, name: slug, originalUrl: target, customSlug: slug });
        expect((await follow(slug)).location).toBe(`/bootcamp?ref=${mine.code}`);
      }
    });

    it("deactivates one of the partner's own links; a deactivated slug no longer resolves", async () => {
      await db.db.update(affiliates).set({ status: "approved" }).where(eq(affiliates.id, mine.id));
      await createLink({ name: "Promo", targetUrl: "/booking", customSlug: "promo-link" });
      expect((await follow("promo-link")).location).toBe(`/booking?ref=${mine.code}`);
      const [link] = await db.db.select({ id: affiliateLinks.id }).from(affiliateLinks);
      const someoneElse = await insertAffiliate(db, "approved");
      const [theirs] = await db.db.insert(affiliateLinks).values({ affiliateId: someoneElse.id, name: "Theirs", customSlug: "their-link" }).returning({ id: affiliateLinks.id });
      expect((await dashboardPost({ intent: "deactivate-link", linkId: theirs!.id })).status).toBe(404);
      expect(await dashboardPost({ intent: "deactivate-link", linkId: link!.id })).toMatchObject({ status: 200, toast: { title: "Link deactivated" } });
      expect((await follow("promo-link")).location).toBe("/bootcamp?ref=promo-link");
      expect((await follow("their-link")).location).toBe(`/bootcamp?ref=${someoneElse.code}`);
    });
  });

  describe("/a/{slugOrCode}", () => {
    it("redirects a code to /bootcamp with ref, a slug to its target with its query kept, anything else as given", async () => {
      const partner = await insertAffiliate(db, "approved", "AB3K9QXZ");
      await db.db.insert(affiliateLinks).values({ affiliateId: partner.id, name: "Q", originalUrl: "/booking?utm_source=yt#form", customSlug: "yt-promo" });
      expect(await follow("AB3K9QXZ")).toMatchObject({ status: 302, location: "/bootcamp?ref=AB3K9QXZ" });
      expect((await follow("ab3k9qxz")).location).toBe("/bootcamp?ref=AB3K9QXZ");
      expect((await follow("yt-promo")).location).toBe("/booking?utm_source=yt&ref=AB3K9QXZ#form");
      expect((await follow("UNKNOWN1")).location).toBe("/bootcamp?ref=UNKNOWN1");
      expect((await follow("")).location).toBe("/bootcamp");
      expect((await follow("weird value!")).location).toBe("/bootcamp?ref=weird+value%21");
    });

    it("counts a click once per visitor session, sets the attribution and session cookies", async () => {
      const partner = await insertAffiliate(db, "approved");
      const first = await follow(partner.code);
      expect(first.cookies.some((c) => c.startsWith("aff_ref=") && /Max-Age=2592000/.test(c) && /HttpOnly/.test(c) && /SameSite=Lax/.test(c))).toBe(true);
      const session = first.cookies.find((c) => c.startsWith("aff_sid="))!;
      expect(session).not.toMatch(/Max-Age|Expires/);
      expect(await clickCount(partner.id)).toBe(1);
      const cookie = cookieHeader(first.cookies);
      await follow(partner.code, { cookie });
      await follow(partner.code, { cookie });
      expect(await clickCount(partner.id)).toBe(1);
      await follow(partner.code); // another browser session
      expect(await clickCount(partner.id)).toBe(2);
      const [click] = await db.db.select().from(affiliateClicks).limit(1);
      expect(click).toMatchObject({ landingPage: `/a/${partner.code}`, linkId: null });
      expect(await db.db.select({ name: events.name }).from(events)).toEqual([{ name: "affiliate_click" }, { name: "affiliate_click" }]);
    });

    it("answers a HEAD with the same redirect, and counts only a GET", async () => {
      const partner = await insertAffiliate(db, "approved");
      const head = await follow(partner.code, { method: "HEAD" });
      expect(head).toMatchObject({ status: 302, location: `/bootcamp?ref=${partner.code}` });
      expect(await clickCount(partner.id)).toBe(0);
      await follow(partner.code, { cookie: cookieHeader(head.cookies) });
      expect(await clickCount(partner.id)).toBe(1);
    });

    it("counts approved affiliates only, and never bots", async () => {
      const pending = await insertAffiliate(db, "pending");
      const suspended = await insertAffiliate(db, "suspended");
      const approved = await insertAffiliate(db, "approved");
      expect((await follow(pending.code)).location).toBe(`/bootcamp?ref=${pending.code}`);
      const suspendedVisit = await follow(suspended.code);
      expect(suspendedVisit.cookies.some((c) => c.startsWith("aff_ref="))).toBe(false);
      for (const userAgent of ["Googlebot/2.1 (+http://www.google.com/bot.html)", "curl/8.5.0", "Mozilla/5.0 (compatible; bingbot/2.0)", ""]) {
        await follow(approved.code, { userAgent });
      }
      expect([await clickCount(pending.id), await clickCount(suspended.id), await clickCount(approved.id)]).toEqual([0, 0, 0]);
    });

    it("stops counting one client's clicks past the limit, and still redirects", async () => {
      const partner = await insertAffiliate(db, "approved");
      const ip = freshIp();
      const answers = [];
      for (let i = 0; i < 65; i += 1) answers.push(await follow(partner.code, { ip }));
      expect(answers.every((a) => a.status === 302 && a.location === `/bootcamp?ref=${partner.code}`)).toBe(true);
      expect(await clickCount(partner.id)).toBe(60);
      await follow(partner.code, { ip: freshIp() });
      expect(await clickCount(partner.id)).toBe(61);
    });

    it("counts a custom link's clicks on the link", async () => {
      const partner = await insertAffiliate(db, "approved");
      const [link] = await db.db.insert(affiliateLinks).values({ affiliateId: partner.id, name: "L", customSlug: "link-clicks" }).returning({ id: affiliateLinks.id });
      await follow("link-clicks");
      await follow("link-clicks");
      const [row] = await db.db.select({ n: sql<number>`count(*)::int` }).from(affiliateClicks).where(eq(affiliateClicks.linkId, link!.id));
      expect(row!.n).toBe(2);
    });

    // Visits that arrive together share one transaction (group commit).
    const visitOf = (reference: string, sessionId: string | null, userAgent = "Mozilla/5.0 Chrome/140.0"): Visit => ({
      reference,
      click: sessionId === null ? null : { sessionId, userAgent, referrer: null, landingPage: `/a/${reference}` },
    });

    it("writes visits that arrive together in one transaction: each session once, the first of two counted, the rest resolved alike", async () => {
      const partner = await insertAffiliate(db, "approved");
      const pending = await insertAffiliate(db, "pending");
      const visits = [
        ...Array.from({ length: 40 }, (_, i) => visitOf(partner.code, `burst-${i}`)),
        visitOf(partner.code, "twice"),
        visitOf(partner.code.toLowerCase(), "twice"),
        visitOf(partner.code, null), // a bot, or past the limit: resolved, not counted
        visitOf("UNKNOWN9", "someone"),
        visitOf(pending.code, "pending-visitor"),
      ];
      const outcomes = await Promise.all(visits.map((visit) => resolveAndCount(visit, db.db)));
      expect(outcomes.slice(0, 40).every((outcome) => outcome.counted && outcome.affiliate?.affiliateCode === partner.code)).toBe(true);
      expect(outcomes.slice(40).map((outcome) => [outcome.affiliate?.affiliateCode ?? null, outcome.counted])).toEqual([
        [partner.code, true],
        [partner.code, false],
        [partner.code, false],
        [null, false],
        [pending.code, false],
      ]);
      expect(await clickCount(partner.id)).toBe(41);
      expect(await clickCount(pending.id)).toBe(0);
      const [clickEvents] = await db.db.select({ n: sql<number>`count(*)::int` }).from(events).where(eq(events.name, "affiliate_click"));
      expect(clickEvents!.n).toBe(41);
      // A session that clicked in an earlier statement is not counted again.
      expect(await resolveAndCount(visitOf(partner.code, "burst-0"), db.db)).toMatchObject({ counted: false });
      expect(await clickCount(partner.id)).toBe(41);
    });

    it("answers visits written one at a time as it answers them written together (the group commit changes no outcome)", async () => {
      const partner = await insertAffiliate(db, "approved");
      const pending = await insertAffiliate(db, "pending");
      const mix = (prefix: string) => [
        visitOf(partner.code, `${prefix}-a`),
        visitOf(partner.code.toLowerCase(), `${prefix}-a`),
        visitOf(partner.code, null),
        visitOf("UNKNOWN9", `${prefix}-b`),
        visitOf(pending.code, `${prefix}-c`),
        visitOf(partner.code, `${prefix}-d`),
      ];
      const together = await Promise.all(mix("together").map((visit) => resolveAndCount(visit, db.db)));
      const alone = [];
      for (const visit of mix("alone")) alone.push(await resolveAndCount(visit, db.db));
      expect(alone).toEqual(together);
      expect(together.map((outcome) => outcome.counted)).toEqual([true, false, false, false, false, true]);
      expect(await clickCount(partner.id)).toBe(4);
    });

    it("writes a failed batch again one visit at a time, so one bad visit loses only its own click", async () => {
      const partner = await insertAffiliate(db, "approved");
      const broken: Visit = { reference: partner.code, click: { sessionId: null as unknown as string, userAgent: null, referrer: null, landingPage: "/a/x" } };
      const results = await Promise.allSettled([
        resolveAndCount(visitOf(partner.code, "fine-1", "Mozilla/5.0 \u0000 Chrome"), db.db),
        resolveAndCount(broken, db.db),
        resolveAndCount(visitOf(partner.code, "fine-2"), db.db),
      ]);
      expect(results.map((result) => result.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
      expect(await clickCount(partner.id)).toBe(2);
      const agents = await db.db.select({ userAgent: affiliateClicks.userAgent }).from(affiliateClicks).where(eq(affiliateClicks.sessionId, "fine-1"));
      expect(agents).toEqual([{ userAgent: "Mozilla/5.0  Chrome" }]);
    });
  });

  describe("management", () => {
    const transitions = Object.entries(STATUS_ACTIONS) as Array<[StatusAction, { from: AffiliateStatus; to: AffiliateStatus }]>;
    const statuses: AffiliateStatus[] = ["pending", "approved", "rejected", "suspended"];

    it("allows exactly the spec's transitions, each from its own status", async () => {
      for (const status of statuses) {
        for (const [action, rule] of transitions) {
          const affiliate = await insertAffiliate(db, status);
          const answer = await manage({ intent: "status", affiliateId: affiliate.id, action });
          const [row] = await db.db.select({ status: affiliates.status }).from(affiliates).where(eq(affiliates.id, affiliate.id));
          if (rule.from === status) {
            expect(answer, `${action} from ${status}`).toMatchObject({ status: 200, toast: { title: `Affiliate status updated to ${rule.to}` } });
            expect(row!.status).toBe(rule.to);
          } else {
            expect(answer, `${action} from ${status}`).toMatchObject({ status: 409, toast: { title: "Failed to update affiliate status" } });
            expect(row!.status).toBe(status);
          }
        }
      }
    });

    it("mails the affiliate on approval and on rejection, in the same transaction", async () => {
      const approved = await insertAffiliate(db, "pending");
      const rejected = await insertAffiliate(db, "pending");
      await applyStatusAction(approved.id, "approve");
      await applyStatusAction(rejected.id, "reject");
      const mail = await db.db.select({ to: emailOutbox.to, kind: emailOutbox.kind, text: emailOutbox.text }).from(emailOutbox).where(sql`${emailOutbox.kind} like 'affiliate%'`);
      expect(mail.map((m) => [m.kind, m.to]).sort()).toEqual([
        ["affiliate_approved", approved.user.email],
        ["affiliate_rejected", rejected.user.email],
      ]);
      expect(mail.find((m) => m.kind === "affiliate_approved")!.text).toContain(`/a/${approved.code}`);
    });

    it("mails the affiliate on suspension and on reactivation, in the same transaction", async () => {
      const partner = await insertAffiliate(db, "approved");
      await applyStatusAction(partner.id, "suspend");
      const mailOf = async (kind: string) =>
        db.db.select({ to: emailOutbox.to, subject: emailOutbox.subject, text: emailOutbox.text }).from(emailOutbox).where(eq(emailOutbox.kind, kind));
      const [suspended] = await mailOf("affiliate_suspended");
      expect(suspended).toMatchObject({ to: partner.user.email });
      expect(suspended!.text).toContain(partner.code);
      expect(suspended!.text).toContain("suspended");
      expect(await mailOf("affiliate_reactivated")).toEqual([]);
      await applyStatusAction(partner.id, "reactivate");
      const [reactivated] = await mailOf("affiliate_reactivated");
      expect(reactivated).toMatchObject({ to: partner.user.email });
      expect(reactivated!.text).toContain(`${getEnv().SITE_URL}/a/${partner.code}`);
      // A refused transition (already approved) sends nothing more.
      expect(await applyStatusAction(partner.id, "reactivate")).toMatchObject({ outcome: "refused" });
      expect(await mailOf("affiliate_reactivated")).toHaveLength(1);
      expect(await mailOf("affiliate_suspended")).toHaveLength(1);
    });

    it("refuses every action to a member, and to an anonymous visitor", async () => {
      const affiliate = await insertAffiliate(db, "pending");
      const forms: Array<Record<string, string>> = [
        { intent: "status", affiliateId: affiliate.id, action: "approve" },
        { intent: "edit", affiliateId: affiliate.id, commissionPercent: "50", payoutEmail: "x@example.com" },
        { intent: "payout", affiliateId: affiliate.id, amount: "1", paidOn: "2026-11-01" },
      ];
      for (const form of forms) {
        expect((await manage(form, memberCookie)).status).toBe(403);
        expect((await manage(form, "")).status).toBe(302);
      }
      expect(await thrown(() => managementRoute.loader(routeArgs(siteRequest("/affiliate-management", { cookie: memberCookie })) as any))).toMatchObject({ status: 302, location: "/admin-login" });
      const [row] = await db.db.select().from(affiliates).where(eq(affiliates.id, affiliate.id));
      expect(row).toMatchObject({ status: "pending", commissionRate: "0.1500" });
    });

    it("stores 12.5 % as 0.125 and the payout e-mail; refuses a rate outside 0-100 or with two decimals", async () => {
      const affiliate = await insertAffiliate(db, "approved");
      expect(await manage({ intent: "edit", affiliateId: affiliate.id, commissionPercent: "12.5", payoutEmail: "new@example.com" })).toMatchObject({
        status: 200,
        toast: { title: "Affiliate updated successfully" },
      });
      const [row] = await db.db.select().from(affiliates).where(eq(affiliates.id, affiliate.id));
      expect(Number(row!.commissionRate)).toBe(0.125);
      expect(row!.payoutEmail).toBe("new@example.com");
      for (const commissionPercent of ["101", "-1", "12.55", "abc"]) {
        const refused = await manage({ intent: "edit", affiliateId: affiliate.id, commissionPercent, payoutEmail: "" });
        expect(refused, commissionPercent).toMatchObject({ status: 400, toast: { title: "Failed to update affiliate" } });
      }
      expect((await management()).affiliates[0]).toMatchObject({ rateLabel: "12.5%" });
    });

    it("shows totals equal to their rows: stat cards, earnings, balance, search and filter", async () => {
      const a = await insertAffiliate(db, "approved", "AAAA2222");
      const b = await insertAffiliate(db, "pending", "BBBB3333");
      await insertReferral(db, a.id);
      await insertReferral(db, a.id, 112_500, 56_250);
      await db.db.insert(affiliateClicks).values([
        { affiliateId: a.id, sessionId: "s1" },
        { affiliateId: a.id, sessionId: "s2" },
        { affiliateId: b.id, sessionId: "s1" },
      ]);
      await recordPayout(a.id, { amountCents: 50_000, paidOn: "2026-11-01", recordedBy: memberId });
      const page = await management();
      expect(page.stats).toEqual({ total: 2, active: 1, revenueCommissions: "$1,688", clicks: 3 });
      expect(page.affiliates.find((x: any) => x.code === "AAAA2222")).toMatchObject({ earnings: "$1,687.50", balance: "$1,187.50", clicks: 2, conversions: 2 });
      expect((await management("?status=pending")).affiliates.map((x: any) => x.code)).toEqual(["BBBB3333"]);
      expect((await management("?q=aaaa")).affiliates.map((x: any) => x.code)).toEqual(["AAAA2222"]);
      expect((await management(`?q=${encodeURIComponent(b.user.email)}`)).affiliates.map((x: any) => x.code)).toEqual(["BBBB3333"]);
      expect((await management("?q=%25")).affiliates).toEqual([]);
    });
  });

  describe("payouts", () => {
    it("lower the balance the partner sees and never exceed it", async () => {
      await applyAsAffiliate({ user: { id: memberId, email: "member@example.test" }, payoutEmail: "member@example.test" });
      const [mine] = await db.db.select({ id: affiliates.id }).from(affiliates).where(eq(affiliates.userId, memberId));
      await db.db.update(affiliates).set({ status: "approved" }).where(eq(affiliates.id, mine!.id));
      await insertReferral(db, mine!.id);
      const over = await manage({ intent: "payout", affiliateId: mine!.id, amount: "1125.01", paidOn: "2026-11-20" });
      expect(over).toMatchObject({ status: 409, toast: { title: "Payout not recorded", description: "The payout is more than the current balance of $1,125.00." } });
      const paid = await manage({ intent: "payout", affiliateId: mine!.id, amount: "1,000.00", paidOn: "2026-11-20", method: "Bank transfer", reference: "TX-42" });
      expect(paid).toMatchObject({ status: 200, toast: { title: "Payout recorded", description: "$1,000.00 paid; the balance is now $125.00." } });
      const view = await dashboard();
      expect(view.totals).toMatchObject({ earnings: "$1,125.00", balance: "$125.00", paid: "$1,000.00", conversions: 1 });
      expect(view.payouts).toEqual([expect.objectContaining({ amount: "$1,000.00", method: "Bank transfer", reference: "TX-42" })]);
      expect(view.referrals).toEqual([expect.objectContaining({ saleAmount: "$7,500.00", commission: "$1,125.00", status: "earned", customer: expect.stringMatching(/^buy\*\*\*$/) })]);
      const [payout] = await db.db.select().from(affiliatePayouts);
      expect(payout!.recordedBy).not.toBeNull();
    });

    it("of two at once that together would overdraw, refuses one", async () => {
      const affiliate = await insertAffiliate(db, "approved");
      await insertReferral(db, affiliate.id); // 1,125.00 owed
      const outcomes = await Promise.all([
        recordPayout(affiliate.id, { amountCents: 80_000, paidOn: "2026-11-20", recordedBy: memberId }),
        recordPayout(affiliate.id, { amountCents: 80_000, paidOn: "2026-11-20", recordedBy: memberId }),
      ]);
      expect(outcomes.map((o) => o.outcome).sort()).toEqual(["exceeds-balance", "recorded"]);
      expect((await totalsOf(affiliate.id)).balanceCents).toBe(32_500);
    });
  });

  it("exports affiliates, referrals and payouts as CSV, formula-safe", async () => {
    const affiliate = await insertAffiliate(db, "approved", "CSVC2345");
    await db.db.update(affiliates).set({ payoutEmail: "=HYPERLINK(\"http://evil\")" }).where(eq(affiliates.id, affiliate.id));
    await insertReferral(db, affiliate.id);
    await recordPayout(affiliate.id, { amountCents: 10_000, paidOn: "2026-11-02", note: "+cmd|' /C calc'!A0", recordedBy: memberId });
    const csvOf = async (file: string) => {
      const response = (await exportRoute.loader(routeArgs(siteRequest(`/affiliate-management/export/${file}`, { cookie: adminCookie }), freshIp(), { file }) as any)) as Response;
      expect(response.headers.get("content-type")).toContain("text/csv");
      return response.text();
    };
    const affiliatesCsv = await csvOf("affiliates.csv");
    expect(affiliatesCsv).toContain('"CSVC2345","approved"');
    expect(affiliatesCsv).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(affiliatesCsv).toContain('"1125.00","100.00","1025.00"');
    const referralsCsv = await csvOf("referrals.csv");
    expect(referralsCsv).toContain('"7500.00","15.0","1125.00","0.00","1125.00","earned"');
    const payoutsCsv = await csvOf("payouts.csv");
    expect(payoutsCsv).toContain(`"'+cmd|' /C calc'!A0"`);
    expect(await thrown(() => exportRoute.loader(routeArgs(siteRequest("/affiliate-management/export/secrets.csv", { cookie: adminCookie }), freshIp(), { file: "secrets.csv" }) as any))).toMatchObject({ status: 404 });
    expect(await thrown(() => exportRoute.loader(routeArgs(siteRequest("/affiliate-management/export/payouts.csv", { cookie: memberCookie }), freshIp(), { file: "payouts.csv" }) as any))).toMatchObject({ status: 302, location: "/admin-login" });
  });

  it("seeds the approved sample affiliate SAMPLE001 once", async () => {
    expect(await ensureSampleAffiliate()).toEqual({ created: true });
    expect(await ensureSampleAffiliate()).toEqual({ created: false });
    const rows = await db.db.select({ status: affiliates.status }).from(affiliates).where(and(eq(affiliates.affiliateCode, SAMPLE_AFFILIATE_CODE)));
    expect(rows).toEqual([{ status: "approved" }]);
    expect((await follow("SAMPLE001")).location).toBe("/bootcamp?ref=SAMPLE001");
  });
});
