// The admin's subscriber list (/admin/subscribers) on each database, through its route modules:
// the list (newest first, paged), search by part of the address (% and _ are plain characters),
// the state filter and its counts, unsubscribing by hand (queued newsletter mail dropped, like the
// mail's own link), the CSV export (formula-safe) and the guards of every route.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as listRoute from "~/routes/admin-subscribers";
import * as csvRoute from "~/routes/admin-subscribers-csv";
import { getAdminOverview } from "~/features/admin-dashboard/overview.server";
import { ensureAdmin } from "~/features/auth/bootstrap.server";
import { subscribersCsvResponse } from "~/features/newsletter/admin-subscribers.server";
import { UNSUBSCRIBE_BY_HAND_INTENT } from "~/features/newsletter/admin-schema";
import { subscribe, UNSUBSCRIBED_REASON } from "~/features/newsletter/subscriptions.server";
import { emailOutbox } from "#server/db/schema";
import { newsletterSubscriptions } from "~/features/newsletter/schema";
import { createVerifiedUser, routeArgs, signedInCookie, siteRequest } from "../support/auth";
import { tempDir } from "../../scripts/support/databases";
import { testDatabases, type TestDatabase } from "../support/databases";

process.env.BETTER_AUTH_SECRET ??= "integration-test-secret-0123456789abcdef";
process.env.DATA_DIR ??= tempDir("admin-subscribers-");

type NewSubscription = typeof newsletterSubscriptions.$inferInsert;

const DAY = 86_400_000;
const START = new Date("2026-03-02T18:00:00Z");

/** Subscriptions signed up a day apart, in the order given (the last one newest). */
function subscriptions(...rows: Array<Partial<NewSubscription> & { email: string }>): NewSubscription[] {
  return rows.map((row, index) => {
    const joined = new Date(START.getTime() + index * DAY);
    return { source: "blog_footer", createdAt: joined, subscribedAt: joined, ...row };
  });
}

type Loaded = Awaited<ReturnType<typeof listRoute.loader>>;

/** What a loader or action threw or returned: a Response, or data() with its status. */
async function outcomeOf(run: () => unknown) {
  const value = await Promise.resolve()
    .then(run)
    .catch((thrown: unknown) => thrown);
  if (value instanceof Response) return { status: value.status, location: value.headers.get("location") };
  const init = (value as { init?: ResponseInit | null }).init;
  return { status: init?.status ?? 200, location: null };
}

describe.each(testDatabases.map((d) => [d.name, d] as const))("admin subscribers on %s", (_name, database) => {
  let db: TestDatabase;
  let adminCookie: string;
  let memberCookie: string;

  beforeAll(async () => {
    db = await database.open();
    await ensureAdmin({ email: "boss@example.test", password: "boss-password-1" });
    adminCookie = await signedInCookie("boss@example.test", "boss-password-1");
    await createVerifiedUser("member@example.test", "member-password-1");
    memberCookie = await signedInCookie("member@example.test", "member-password-1");
  });
  afterAll(() => db.close());

  beforeEach(async () => {
    await db.db.delete(newsletterSubscriptions);
    await db.db.delete(emailOutbox).where(eq(emailOutbox.kind, "newsletter_welcome"));
  });

  async function insert(...rows: NewSubscription[]) {
    return db.db.insert(newsletterSubscriptions).values(rows).returning({ id: newsletterSubscriptions.id, email: newsletterSubscriptions.email });
  }

  // `cookie`: the admin's unless named (undefined: an anonymous visitor).
  async function list(search = "", cookie: string | undefined = adminCookie): Promise<Loaded> {
    return listRoute.loader(routeArgs(siteRequest(`/admin/subscribers${search}`, { cookie })) as never);
  }

  function post(form: Record<string, string>, cookie: string | undefined = adminCookie) {
    return listRoute.action(routeArgs(siteRequest("/admin/subscribers", { form, cookie })) as never);
  }

  const emailsOf = (page: Loaded) => page.subscribers.map((s) => s.email);

  it("lists every subscriber newest first with source, state and dates, and says when there are none", async () => {
    const empty = await list();
    expect(empty.subscribers).toEqual([]);
    expect(empty.countByState).toEqual({ active: 0, unsubscribed: 0 });
    expect(empty.filters).toEqual({ q: null, state: null });

    await insert(
      ...subscriptions(
        { email: "first@example.com" },
        { email: "popup@example.com", source: "popup", unsubscribedAt: new Date("2026-03-20T03:00:00Z") },
        { email: "newest@example.com" },
      ),
    );
    const page = await list();
    expect(emailsOf(page)).toEqual(["newest@example.com", "popup@example.com", "first@example.com"]);
    expect(page.subscribers[1]).toMatchObject({
      source: "Popup",
      state: "unsubscribed",
      subscribedOn: "Mar 3, 2026",
      // 03:00 UTC on the 20th is the evening of the 19th in Chicago.
      unsubscribedOn: "Mar 19, 2026",
    });
    expect(page.subscribers[0]).toMatchObject({ source: "Blog footer", state: "active", unsubscribedOn: null });
    expect(page.countByState).toEqual({ active: 2, unsubscribed: 1 });
  });

  it("searches by part of the address in any case; % and _ match only themselves", async () => {
    await insert(
      ...subscriptions(
        { email: "ann_lee@example.com" },
        { email: "annxlee@example.com" },
        { email: "100%club@example.com" },
        { email: "1000club@example.com" },
        { email: "back\\slash@example.com" },
        { email: "other@plant.example", unsubscribedAt: new Date() },
      ),
    );
    expect(emailsOf(await list("?q=ANN_"))).toEqual(["ann_lee@example.com"]);
    expect(emailsOf(await list("?q=0%25c"))).toEqual(["100%club@example.com"]);
    expect(emailsOf(await list("?q=%25"))).toEqual(["100%club@example.com"]);
    expect(emailsOf(await list("?q=_"))).toEqual(["ann_lee@example.com"]);
    expect(emailsOf(await list("?q=k%5Cs"))).toEqual(["back\\slash@example.com"]);
    // The counts follow the search; the state filter narrows it.
    const plant = await list("?q=%20PLANT.%20");
    expect(emailsOf(plant)).toEqual(["other@plant.example"]);
    expect(plant.filters.q).toBe("PLANT.");
    expect(plant.countByState).toEqual({ active: 0, unsubscribed: 1 });
    expect(emailsOf(await list("?q=plant&state=active"))).toEqual([]);
    expect(emailsOf(await list("?q=nobody"))).toEqual([]);
    // A NUL or an overlong search is no 500.
    expect(emailsOf(await list("?q=ann%00_"))).toEqual(["ann_lee@example.com"]);
    expect((await list(`?q=${"a".repeat(300)}`)).filters.q).toBeNull();
  });

  it("filters by state; an unknown state or page falls back to the whole list", async () => {
    await insert(
      ...subscriptions({ email: "a@example.com" }, { email: "b@example.com", unsubscribedAt: new Date() }, { email: "c@example.com" }),
    );
    expect(emailsOf(await list("?state=active"))).toEqual(["c@example.com", "a@example.com"]);
    expect(emailsOf(await list("?state=unsubscribed"))).toEqual(["b@example.com"]);
    const nonsense = await list("?state=bounced&page=x");
    expect(nonsense.filters.state).toBeNull();
    expect(nonsense.subscribers).toHaveLength(3);
  });

  it("pages through long lists, 50 at a time; past the last page shows the last", async () => {
    await insert(...subscriptions(...Array.from({ length: 120 }, (_, i) => ({ email: `reader${String(i).padStart(3, "0")}@example.com` }))));
    const first = await list();
    expect(first).toMatchObject({ page: 1, pageCount: 3, total: 120 });
    expect(first.subscribers[0]!.email).toBe("reader119@example.com");
    const third = await list("?page=9");
    expect(third.page).toBe(3);
    expect(emailsOf(third)).toHaveLength(20);
    expect(third.subscribers.at(-1)!.email).toBe("reader000@example.com");
  });

  it("unsubscribes an address by hand after asking; its queued newsletter mail is dropped, other mail stays", async () => {
    await subscribe({ email: "reader@example.com", source: "popup" });
    await subscribe({ email: "stays@example.com", source: "popup" });
    const id = (await list("?q=reader")).subscribers[0]!.id;
    const unsubscribeByHand = async () => ((await post({ intent: UNSUBSCRIBE_BY_HAND_INTENT, subscriptionId: id })) as { data: unknown }).data;
    const welcomeTo = async (to: string) => {
      const [mail] = await db.db
        .select({ status: emailOutbox.status, lastError: emailOutbox.lastError })
        .from(emailOutbox)
        .where(and(eq(emailOutbox.kind, "newsletter_welcome"), eq(emailOutbox.to, to)));
      return mail;
    };

    expect((await list(`?unsubscribe=${id}`)).confirmUnsubscribeId).toBe(id);
    expect((await list("?unsubscribe=00000000-0000-4000-8000-000000000000")).confirmUnsubscribeId).toBeNull();

    expect(await unsubscribeByHand()).toMatchObject({
      ok: true,
      toast: { title: "Unsubscribed", description: "reader@example.com will not receive the newsletter any more." },
    });
    expect(await welcomeTo("reader@example.com")).toEqual({ status: "dropped", lastError: UNSUBSCRIBED_REASON });
    expect(await welcomeTo("stays@example.com")).toMatchObject({ status: "pending" });

    const page = await list(`?unsubscribe=${id}`);
    expect(page.subscribers.find((s) => s.email === "reader@example.com")?.state).toBe("unsubscribed");
    // Nothing left to ask, and a second press changes nothing.
    expect(page.confirmUnsubscribeId).toBeNull();
    expect(await unsubscribeByHand()).toMatchObject({ ok: false, toast: { title: "Not subscribed" } });
    expect(await outcomeOf(() => post({ intent: UNSUBSCRIBE_BY_HAND_INTENT, subscriptionId: "not-a-uuid" }))).toMatchObject({ status: 400 });
    expect(await outcomeOf(() => post({ intent: "delete-everything" }))).toMatchObject({ status: 400 });
  });

  it("exports the filtered list as CSV, in the list's order, with formulas made plain text, a page at a time", async () => {
    await insert(
      ...subscriptions(
        { email: "=cmd()@example.com" },
        { email: "+sum@example.com", source: "popup" },
        { email: "gone@example.com", unsubscribedAt: new Date("2026-03-20T15:30:00Z") },
      ),
    );
    const response = (await csvRoute.loader(routeArgs(siteRequest("/admin/subscribers/export.csv?state=active", { cookie: adminCookie })) as never)) as Response;
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toContain('filename="subscribers-active.csv"');
    expect(response.headers.get("cache-control")).toContain("no-store");
    const lines = (await response.text()).replace(/^\uFEFF/, "").trimEnd().split("\r\n");
    expect(lines).toEqual([
      '"Email","Source","State","Subscribed (CT)","Unsubscribed (CT)"',
      `"'+sum@example.com","Popup","Active","2026-03-03 12:00",""`,
      `"'=cmd()@example.com","Blog footer","Active","2026-03-02 12:00",""`,
    ]);
    const all = await subscribersCsvResponse(new URL("http://site/admin/subscribers/export.csv"), 1).text();
    expect(all.trimEnd().split("\r\n")).toHaveLength(4);
    expect(all).toContain(`"gone@example.com","Blog footer","Unsubscribed","2026-03-04 12:00","2026-03-20 10:30"`);
    const searched = await subscribersCsvResponse(new URL("http://site/x?q=%3Dcmd")).text();
    expect(searched.trimEnd().split("\r\n")).toHaveLength(2);
  });

  it("the dashboard counts active subscribers", async () => {
    await insert(...subscriptions({ email: "a@example.com" }, { email: "b@example.com", unsubscribedAt: new Date() }, { email: "c@example.com" }));
    expect((await getAdminOverview()).activeSubscribers).toBe(2);
  });

  it("refuses anonymous visitors and non-admins in the loaders and the action; nothing changes", async () => {
    const [row] = await insert(...subscriptions({ email: "kept@example.com" }));
    const form = { intent: UNSUBSCRIBE_BY_HAND_INTENT, subscriptionId: row!.id };
    // Not through list()/post(): their default cookie is the admin's.
    for (const cookie of [undefined, memberCookie]) {
      const args = (path: string, init: { form?: Record<string, string> } = {}) => routeArgs(siteRequest(path, { ...init, cookie })) as never;
      const refused = { status: 302, location: "/admin-login" };
      expect(await outcomeOf(() => listRoute.loader(args("/admin/subscribers")))).toEqual(refused);
      expect(await outcomeOf(() => csvRoute.loader(args("/admin/subscribers/export.csv")))).toEqual(refused);
      expect(await outcomeOf(() => listRoute.action(args("/admin/subscribers", { form })))).toEqual(cookie ? { status: 403, location: null } : refused);
    }
    const [after] = await db.db.select({ unsubscribedAt: newsletterSubscriptions.unsubscribedAt }).from(newsletterSubscriptions);
    expect(after!.unsubscribedAt).toBeNull();
  });
});
