// Every place an e-mail address comes in, on each database: the spellings Nodemailer reads as
// address syntax ("a<v@x.com>", "list:v@x.com;", …; issue 40: ten spellings were ten subscriptions
// of one inbox) are refused with the feature's own message, and nothing is stored or mailed. Over
// real SMTP: the envelope's recipient is exactly the stored address, the sender exactly
// EMAIL_FROM's, and a row stored with such a spelling before the rule is never delivered.
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as adminLoginRoute from "~/routes/admin-login";
import * as adminNewsletterRoute from "~/routes/admin-newsletter";
import * as applicationRoute from "~/routes/affiliate-application";
import * as authRoute from "~/routes/auth";
import * as bookingRoute from "~/routes/booking";
import * as createPaymentRoute from "~/routes/api-create-payment";
import * as managementRoute from "~/routes/affiliate-management";
import * as subscribeRoute from "~/routes/newsletter";
import * as testCheckoutRoute from "~/routes/checkout-test";
import { ensureAdmin } from "~/features/auth/bootstrap.server";
import { getOutboxMessageView } from "~/features/email-admin/email-admin.server";
import { CLIENT_IP_HEADER, getAuth } from "~/features/auth/auth.server";
import { INVALID_EMAIL as AUTH_INVALID_EMAIL } from "~/features/auth/forms";
import { BOOKING_MESSAGES } from "~/features/booking/forms";
import { centralDate } from "~/lib/central-time";
import { NEWSLETTER_TEST_KIND } from "~/features/newsletter/admin-issues.server";
import { NEWSLETTER_WELCOME_KIND } from "~/features/newsletter/mailing.server";
import { INVALID_EMAIL as NEWSLETTER_INVALID_EMAIL } from "~/features/newsletter/messages";
import { getEnv, parseEnv } from "~/lib/env.server";
import { emailOutbox } from "#server/db/schema";
import { affiliates } from "~/features/affiliates/schema";
import { users } from "~/features/auth/schema";
import { bookings } from "~/features/booking/schema";
import { orders } from "~/features/checkout/schema";
import { newsletterIssues, newsletterSubscriptions } from "~/features/newsletter/schema";
import { deliverNow, enqueueEmail } from "#server/email/outbox.server";
import { createTransports } from "#server/email/transport.server";
import { createVerifiedUser, freshIp, routeArgs, signedInCookie, siteRequest } from "../support/auth";
import { tempDir } from "../../scripts/support/databases";
import { testDatabases, type TestDatabase } from "../support/databases";
import { clearRateLimits } from "../support/rate-limits";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink";

process.env.BETTER_AUTH_SECRET ??= "integration-test-secret-0123456789abcdef";
process.env.DATA_DIR ??= tempDir("email-addresses-");
process.env.MAILING_POSTAL_ADDRESS ??= "PO Box 1234, Wichita, KS 67201";

/** Each was read by Nodemailer as v@x.com (or as two addresses); the last is v@x.com's own. */
const HOSTILE_SPELLINGS = ["v@x.com,a", "a<v@x.com>", '"x"<v@x.com>', "v@x.com;c", "list:v@x.com;", "p1;v@x.com", "z(c)@x.co", "v@x.com (c)", "<v@x.com>"];
const EMAIL_MESSAGE = "Please enter a valid email address";

/** A route's answer: its status and, for data, the body. */
async function answerOf(value: unknown): Promise<{ status: number; body?: any }> {
  if (value instanceof Response) return { status: value.status };
  const wrapped = value as { data: any; init?: { status?: number } | null };
  return { status: wrapped.init?.status ?? 200, body: wrapped.data };
}

const post = (route: { action: (args: any) => unknown }, path: string, form: Record<string, string>, options: { cookie?: string; params?: Record<string, string> } = {}) =>
  Promise.resolve(route.action(routeArgs(siteRequest(path, { form, cookie: options.cookie }), freshIp(), options.params) as never))
    .catch((thrown: unknown) => thrown)
    .then(answerOf);

describe.each(testDatabases.map((d) => [d.name, d] as const))("e-mail addresses on %s", (_name, database) => {
  let db: TestDatabase;
  let adminCookie: string;
  let memberCookie: string;
  const outboxCount = async () => (await db.db.select({ count: sql<number>`count(*)::int` }).from(emailOutbox))[0]!.count;

  beforeAll(async () => {
    db = await database.open();
    await ensureAdmin({ email: "addresses-admin@example.test", password: "addresses-admin-password-1" });
    adminCookie = await signedInCookie("addresses-admin@example.test", "addresses-admin-password-1");
    await createVerifiedUser("member@example.test", "member-password-1");
    memberCookie = await signedInCookie("member@example.test", "member-password-1");
  });
  afterAll(() => db.close());
  beforeEach(async () => {
    await clearRateLimits(db);
    await db.db.delete(emailOutbox);
  });

  it("the newsletter refuses every spelling with its message: no subscription, no welcome", async () => {
    for (const email of HOSTILE_SPELLINGS) {
      const answer = await post(subscribeRoute, "/newsletter", { email, source: "blog_footer" });
      expect({ email, status: answer.status, error: answer.body?.reply?.error }).toEqual({
        email,
        status: 400,
        error: { email: [NEWSLETTER_INVALID_EMAIL.description] },
      });
    }
    expect(await db.db.select().from(newsletterSubscriptions)).toEqual([]);
    expect(await outboxCount()).toBe(0);
  });

  it("booking refuses every spelling with its message: no booking, no confirmation", async () => {
    for (const email of HOSTILE_SPELLINGS) {
      const answer = await post(bookingRoute, "/booking", {
        firstName: "Ada",
        lastName: "Lovelace",
        email,
        phone: "316-555-0100",
        sessionDate: centralDate(new Date(Date.now() + 10 * 24 * 60 * 60_000)),
        sessionTime: "10:00",
        sessionDuration: "60",
        projectType: "Process Optimization",
        projectDescription: "Spindle utilisation on second shift is low.",
        experienceLevel: "beginner",
      });
      expect({ email, status: answer.status, error: answer.body?.reply?.error }).toEqual({ email, status: 400, error: { email: [BOOKING_MESSAGES.email] } });
    }
    expect(await db.db.select().from(bookings)).toEqual([]);
    expect(await outboxCount()).toBe(0);
  });

  it("accounts refuse every spelling on sign-up, sign-in and reset, on both pages and at Better Auth's own endpoint", async () => {
    const accountsBefore = (await db.db.select({ id: users.id }).from(users)).length;
    for (const email of HOSTILE_SPELLINGS) {
      for (const [route, path] of [[authRoute, "/auth"], [adminLoginRoute, "/admin-login"]] as const) {
        for (const form of [
          { intent: "sign-up", email, password: "a-long-password-1" } as Record<string, string>,
          { intent: "sign-in", email, password: "a-long-password-1" },
          { intent: "request-reset", email },
        ]) {
          const answer = await post(route, path, form);
          expect({ path, email, intent: form.intent, status: answer.status, error: answer.body?.reply?.error }).toEqual({
            path,
            email,
            intent: form.intent,
            status: 400,
            error: { email: [AUTH_INVALID_EMAIL] },
          });
        }
      }
      const direct = await getAuth().handler(
        new Request(`${getEnv().SITE_URL}/api/auth/sign-up/email`, {
          method: "POST",
          headers: { "content-type": "application/json", origin: getEnv().SITE_URL, [CLIENT_IP_HEADER]: freshIp() },
          body: JSON.stringify({ email, password: "a-long-password-1", name: "Someone" }),
        }),
      );
      expect({ email, status: direct.status }).toEqual({ email, status: 400 });
    }
    expect((await db.db.select({ id: users.id }).from(users)).length).toBe(accountsBefore);
    expect(await outboxCount()).toBe(0);
  });

  it("the affiliate application and the admin's edit refuse every payout spelling with their message", async () => {
    await db.db.delete(affiliates);
    for (const payoutEmail of HOSTILE_SPELLINGS) {
      const answer = await post(
        applicationRoute,
        "/affiliate-application",
        { intent: "apply", payoutEmail, experience: "Ten years.", audience: "Shop owners.", promotionPlan: "A review video." },
        { cookie: memberCookie },
      );
      expect({ payoutEmail, status: answer.status, error: answer.body?.reply?.error }).toEqual({ payoutEmail, status: 400, error: { payoutEmail: [EMAIL_MESSAGE] } });
    }
    expect(await db.db.select().from(affiliates)).toEqual([]);

    const applied = await post(
      applicationRoute,
      "/affiliate-application",
      { intent: "apply", payoutEmail: " Payouts@Example.COM ", experience: "Ten years.", audience: "Shop owners.", promotionPlan: "A review video." },
      { cookie: memberCookie },
    );
    expect(applied.status).toBeLessThan(400);
    const [affiliate] = await db.db.select({ id: affiliates.id, payoutEmail: affiliates.payoutEmail }).from(affiliates);
    expect(affiliate!.payoutEmail).toBe("Payouts@example.com");
    for (const payoutEmail of HOSTILE_SPELLINGS) {
      const answer = await post(managementRoute, "/affiliate-management", { intent: "edit", affiliateId: affiliate!.id, commissionPercent: "15", payoutEmail }, { cookie: adminCookie });
      expect({ payoutEmail, status: answer.status, error: answer.body?.reply?.error }).toEqual({ payoutEmail, status: 400, error: { payoutEmail: [EMAIL_MESSAGE] } });
    }
    expect((await db.db.select({ payoutEmail: affiliates.payoutEmail }).from(affiliates))[0]!.payoutEmail).toBe("Payouts@example.com");
    // The one accepted application's notices (to the account, to the owner); none for the refused ones.
    expect((await db.db.select({ to: emailOutbox.to }).from(emailOutbox).where(sql`${emailOutbox.kind} like 'affiliate%'`)).map((row) => row.to).sort()).toEqual(["member@example.test", getEnv().OWNER_EMAIL]);
  });

  it("the test checkout refuses every spelling with its message: the order stays open, nothing is mailed", async () => {
    const started = await Promise.resolve(createPaymentRoute.action(routeArgs(siteRequest("/api/create-payment", { form: {} })) as never)).catch((thrown: unknown) => thrown);
    const sessionId = new URL((started as Response).headers.get("location")!).pathname.split("/").pop()!;
    for (const email of HOSTILE_SPELLINGS) {
      const answer = await post(
        testCheckoutRoute,
        `/checkout/test/${sessionId}`,
        { intent: "pay", email, name: "Dana Buyer", companyName: "Acme Machining", phone: "316-555-0100", cardNumber: "4242 4242 4242 4242" },
        { params: { sessionId } },
      );
      expect({ email, status: answer.status, error: answer.body?.reply?.error }).toEqual({ email, status: 400, error: { email: [EMAIL_MESSAGE] } });
    }
    const [order] = await db.db.select({ status: orders.status, customerEmail: orders.customerEmail }).from(orders).where(eq(orders.providerSessionId, sessionId));
    expect(order).toEqual({ status: "open", customerEmail: null });
    expect(await outboxCount()).toBe(0);
  });

  it("the newsletter's test send refuses every spelling with its message: nothing queued", async () => {
    await db.db.delete(newsletterIssues);
    expect((await post(adminNewsletterRoute, "/admin/newsletter", { intent: "create-issue", postSlug: "", subject: "Spindle notes", html: "<p>Hello</p>" }, { cookie: adminCookie })).status).toBe(302);
    const [issue] = await db.db.select({ id: newsletterIssues.id }).from(newsletterIssues);
    for (const email of HOSTILE_SPELLINGS) {
      const answer = await post(adminNewsletterRoute, "/admin/newsletter", { intent: "send-test", issueId: issue!.id, email }, { cookie: adminCookie });
      expect({ email, status: answer.status, error: answer.body?.reply?.error }).toEqual({ email, status: 400, error: { email: [EMAIL_MESSAGE] } });
    }
    expect(await db.db.select().from(emailOutbox).where(eq(emailOutbox.kind, NEWSLETTER_TEST_KIND))).toEqual([]);
  });

  describe("over real SMTP", () => {
    let sink: SmtpSink;
    beforeAll(async () => {
      sink = await startSmtpSink();
    });
    afterAll(() => sink.stop());
    beforeEach(() => {
      sink.received.length = 0;
    });
    const smtp = () => createTransports(parseEnv({ ...process.env, SMTP_URL: sink.url, EMAIL_FROM: '"Halvorsen, Advisory" <Letters@Halvorsen.Example>' }));

    it("a sign-up is stored in its normalised form, and the welcome's envelope goes to exactly that address, from exactly the sender's", async () => {
      await db.db.delete(newsletterSubscriptions);
      expect((await post(subscribeRoute, "/newsletter", { email: "  Reader.One@Example.COM ", source: "popup" })).status).toBeLessThan(400);
      const [subscription] = await db.db.select({ email: newsletterSubscriptions.email }).from(newsletterSubscriptions);
      expect(subscription!.email).toBe("reader.one@example.com");
      const [welcome] = await db.db.select().from(emailOutbox).where(eq(emailOutbox.kind, NEWSLETTER_WELCOME_KIND));
      expect(welcome!.to).toBe(subscription!.email);
      await db.db.update(emailOutbox).set({ status: "pending" }).where(eq(emailOutbox.id, welcome!.id));

      const transports = smtp();
      try {
        expect(await deliverNow(welcome!.id, { transports })).toEqual({ ok: true });
      } finally {
        transports.close();
      }
      expect(sink.received.map((mail) => ({ mailFrom: mail.mailFrom, rcptTo: mail.rcptTo }))).toEqual([
        { mailFrom: "Letters@halvorsen.example", rcptTo: ["reader.one@example.com"] },
      ]);
      expect(sink.received[0]!.raw).toMatch(/^To: reader\.one@example\.com\r$/m);
      expect(sink.received[0]!.raw).toMatch(/^From: "Halvorsen, Advisory" <Letters@halvorsen\.example>\r$/m);
    });

    it("the owner's copy goes to the owner's address as it is, beside the visitor's", async () => {
      const { id } = await enqueueEmail({ kind: "booking_confirmation", to: "visitor@example.com", cc: getEnv().OWNER_EMAIL, subject: "Booked", html: "<p>Booked</p>", text: "Booked" });
      const transports = smtp();
      try {
        expect(await deliverNow(id, { transports })).toEqual({ ok: true });
      } finally {
        transports.close();
      }
      expect(sink.received.map((mail) => mail.rcptTo)).toEqual([["visitor@example.com", getEnv().OWNER_EMAIL]]);
    });

    it("a message stored for a spelling before the rule is never delivered: it is dead, saying why", async () => {
      const ids = [];
      for (const to of HOSTILE_SPELLINGS) ids.push((await enqueueEmail({ kind: NEWSLETTER_WELCOME_KIND, to, subject: "Welcome", html: "<p>Hi</p>", text: "Hi" })).id);
      const transports = smtp();
      try {
        for (const id of ids) expect(await deliverNow(id, { transports })).toMatchObject({ ok: false, attempts: 1 });
      } finally {
        transports.close();
      }
      expect(sink.received).toEqual([]);
      const rows = await db.db.select({ to: emailOutbox.to, status: emailOutbox.status, lastError: emailOutbox.lastError }).from(emailOutbox).where(inArray(emailOutbox.id, ids));
      expect(rows.map((row) => row.status)).toEqual(HOSTILE_SPELLINGS.map(() => "dead"));
      for (const row of rows) expect(row.lastError).toBe(`Not a plain e-mail address: ${JSON.stringify(row.to)}. Nothing was sent.`);
    });
  });

  it("/admin/emails shows the addresses a message goes from and to, as they are sent", async () => {
    const { id } = await enqueueEmail({ kind: "booking_confirmation", to: "visitor@example.com", cc: getEnv().OWNER_EMAIL, subject: "Booked", html: "<p>Booked</p>", text: "Booked" });
    const view = await getOutboxMessageView(id);
    expect({ from: view.from, to: view.to, cc: view.cc }).toEqual({
      from: `Halvorsen Manufacturing Advisory <no-reply@${new URL(getEnv().SITE_URL).hostname}>`,
      to: "visitor@example.com",
      cc: getEnv().OWNER_EMAIL,
    });
  });
});
