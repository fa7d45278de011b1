// Checkout and fulfilment against each database, without a Stripe key (the built-in test checkout)
// and with real signed webhook payloads (stripe.webhooks.generateTestHeaderString): bad and stale
// signatures, duplicate and out-of-order events, unpaid and async completions, partial then full
// refunds (one order paid then refunded, one referral, one net reversal), self-referral and
// suspended partners earning nothing, 20 concurrent deliveries fulfilling once, the order update
// and its e-mails in one transaction (an injected failure), create-payment as a plain form post and
// as the button's request, the test checkout's Pay and Cancel, the success page, the admin's refund.
import Stripe from "stripe";
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import * as createPaymentRoute from "~/routes/api-create-payment";
import * as webhookRoute from "~/routes/api-stripe-webhook";
import * as testCheckoutRoute from "~/routes/checkout-test";
import * as paymentSuccessRoute from "~/routes/payment-success";
import * as adminOrderRoute from "~/routes/admin-order";
import * as adminOrdersRoute from "~/routes/admin-orders";
import * as ordersCsvRoute from "~/routes/admin-orders-csv";
import { attributionCookieHeader } from "~/features/affiliates/attribution.server";
import { ensureAdmin } from "~/features/auth/bootstrap.server";
import { fulfilOrder } from "~/features/checkout/fulfilment.server";
import { countPaidOrdersSince, findOrderById, revenueSince } from "~/features/checkout/orders.server";
import { CHECKOUT_FAILED_MESSAGE } from "~/features/checkout/messages";
import { eventCounts } from "~/features/analytics/report.server";
import { centralDate } from "~/lib/central-time";
import { getEnv } from "~/lib/env.server";
import { logger } from "#server/logger.server";
import { takeFlashToast } from "~/lib/flash-toast.server";
import { emailOutbox } from "#server/db/schema";
import { affiliates } from "~/features/affiliates/schema";
import { affiliateReferrals } from "~/features/affiliates/schema-referrals";
import { events } from "~/features/analytics/schema";
import { users } from "~/features/auth/schema";
import { orders, webhookEvents } from "~/features/checkout/schema";
import { cookieHeader, createVerifiedUser, freshIp, routeArgs, signedInCookie, siteRequest } from "../support/auth";
import { testDatabases, type TestDatabase } from "../support/databases";
import { clearRateLimits } from "../support/rate-limits";
import { tempDir } from "../../scripts/support/databases";

process.env.BETTER_AUTH_SECRET ??= "integration-test-secret-0123456789abcdef";
process.env.DATA_DIR ??= tempDir("checkout-");
const WEBHOOK_SECRET = "whsec_integration_test_secret";
process.env.STRIPE_WEBHOOK_SECRET = WEBHOOK_SECRET;
delete process.env.STRIPE_SECRET_KEY;

const signer = new Stripe("sk_test_signing_only");

/** A Stripe event as Stripe sends it: JSON and its Stripe-Signature header. */
function signedEvent(event: { id: string; type: string; object: Record<string, unknown> }, options: { timestamp?: number; secret?: string } = {}) {
  const payload = JSON.stringify({ id: event.id, object: "event", api_version: "2025-01-01", created: Math.floor(Date.now() / 1000), type: event.type, data: { object: event.object } });
  const header = signer.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? WEBHOOK_SECRET, timestamp: options.timestamp });
  return { payload, header };
}

async function deliver(signed: { payload: string; header: string | null }) {
  const headers = new Headers({ "content-type": "application/json" });
  if (signed.header) headers.set("stripe-signature", signed.header);
  const request = new Request(`${getEnv().SITE_URL}/api/stripe/webhook`, { method: "POST", headers, body: signed.payload });
  const response = (await webhookRoute.action({ request, params: {}, context: {} } as any)) as Response;
  return { status: response.status, text: (await response.text()).trim() };
}

let sequence = 0;
const nextId = (prefix: string) => `${prefix}_${++sequence}_${Math.random().toString(36).slice(2, 8)}`;

/** A Checkout Session as the events carry it. */
function session(order: { id: string; sessionId: string }, overrides: Record<string, unknown> = {}) {
  return {
    id: order.sessionId,
    object: "checkout.session",
    payment_status: "paid",
    status: "complete",
    amount_total: 750_000,
    currency: "usd",
    payment_intent: `pi_for_${order.sessionId}`,
    customer_details: { email: "Buyer@Example.com", name: "Dana Buyer", phone: "+13165550100" },
    custom_fields: [{ key: "company_name", type: "text", text: { value: "Acme Machining" } }],
    metadata: { orderId: order.id, affiliateRef: "" },
    ...overrides,
  };
}

function refundCharge(order: { id: string; sessionId: string }, amountRefunded: number) {
  return { id: `ch_for_${order.sessionId}`, object: "charge", amount: 750_000, amount_refunded: amountRefunded, payment_intent: `pi_for_${order.sessionId}`, metadata: { orderId: order.id } };
}

async function answerOf(value: unknown): Promise<{ status: number; toast?: any; body?: any; location?: string | null }> {
  if (value instanceof Response) {
    const flash = await takeFlashToast(new Request("http://site.test/", { headers: { cookie: cookieHeader(value.headers.getSetCookie()) } }));
    return { status: value.status, toast: flash.toast ?? undefined, location: value.headers.get("location") };
  }
  const wrapped = value as { data: any; init: { status?: number } | null };
  return { status: wrapped.init?.status ?? 200, toast: wrapped.data?.toast, body: wrapped.data };
}

describe.each(testDatabases.map((d) => [d.name, d] as const))("checkout on %s", (_name, database) => {
  let db: TestDatabase;
  let adminCookie: string;
  let memberCookie: string;

  beforeAll(async () => {
    db = await database.open();
    await ensureAdmin({ email: "orders-admin@example.test", password: "orders-admin-password-1" });
    adminCookie = await signedInCookie("orders-admin@example.test", "orders-admin-password-1");
    await createVerifiedUser("buyer-member@example.test", "member-password-1");
    memberCookie = await signedInCookie("buyer-member@example.test", "member-password-1");
  });
  afterAll(() => db.close());
  afterEach(() => vi.restoreAllMocks());
  beforeEach(async () => {
    await db.db.delete(webhookEvents);
    await db.db.delete(affiliateReferrals);
    await db.db.delete(orders);
    await db.db.delete(affiliates);
    await db.db.delete(events);
    await clearRateLimits(db);
    await db.db.delete(emailOutbox).where(sql`${emailOutbox.kind} in ('order_confirmation', 'order_notification')`);
  });

  async function partner(status: "approved" | "suspended" | "pending" = "approved", email = `${nextId("partner")}@example.com`) {
    const userId = nextId("user");
    await db.db.insert(users).values({ id: userId, name: "Partner", email, emailVerified: true });
    const code = `P${String(++sequence).padStart(7, "0")}`.slice(0, 8);
    const [row] = await db.db.insert(affiliates).values({ userId, affiliateCode: code, status }).returning({ id: affiliates.id });
    return { id: row!.id, code, userId, email };
  }

  /** An order as create-payment leaves it with Stripe: open, its session named. */
  async function openStripeOrder(affiliateRef: string | null = null, buyerUserId: string | null = null) {
    const sessionId = nextId("cs_test");
    const [row] = await db.db
      .insert(orders)
      .values({ provider: "stripe", providerSessionId: sessionId, amountCents: 750_000, affiliateRef, buyerUserId })
      .returning({ id: orders.id });
    return { id: row!.id, sessionId };
  }

  const orderOf = async (id: string) => (await db.db.select().from(orders).where(eq(orders.id, id)))[0]!;
  const referralsOf = (orderId: string) => db.db.select().from(affiliateReferrals).where(eq(affiliateReferrals.orderId, orderId));
  const mailOf = () => db.db.select({ kind: emailOutbox.kind, to: emailOutbox.to, subject: emailOutbox.subject, text: emailOutbox.text }).from(emailOutbox).where(sql`${emailOutbox.kind} in ('order_confirmation', 'order_notification')`);
  const eventNames = async () => (await db.db.select({ name: events.name }).from(events)).map((e) => e.name).sort();

  describe("the signed webhook", () => {
    it("refuses a bad signature, a stale timestamp and a missing header with 400, changing nothing", async () => {
      const order = await openStripeOrder();
      const event = { id: nextId("evt"), type: "checkout.session.completed", object: session(order) };
      expect(await deliver(signedEvent(event, { secret: "whsec_someone_else" }))).toMatchObject({ status: 400 });
      expect(await deliver(signedEvent(event, { timestamp: Math.floor(Date.now() / 1000) - 301 }))).toMatchObject({ status: 400 });
      expect(await deliver({ ...signedEvent(event), header: null })).toMatchObject({ status: 400 });
      const tampered = signedEvent(event);
      expect(await deliver({ payload: tampered.payload.replace("Dana Buyer", "Eve"), header: tampered.header })).toMatchObject({ status: 400 });
      expect((await orderOf(order.id)).status).toBe("open");
      expect(await db.db.select().from(webhookEvents)).toHaveLength(0);
    });

    it("fulfils a paid completion once: paid, the referral at the affiliate's rate, both e-mails, the events", async () => {
      const affiliate = await partner();
      const order = await openStripeOrder(affiliate.code);
      const event = signedEvent({ id: nextId("evt"), type: "checkout.session.completed", object: session(order) });
      expect(await deliver(event)).toEqual({ status: 200, text: "handled" });
      expect(await deliver(event)).toEqual({ status: 200, text: "duplicate" });
      const paid = await orderOf(order.id);
      expect(paid).toMatchObject({ status: "paid", customerEmail: "buyer@example.com", customerName: "Dana Buyer", companyName: "Acme Machining", phone: "+13165550100", providerPaymentId: `pi_for_${order.sessionId}`, affiliateId: affiliate.id });
      expect(paid.paidAt).not.toBeNull();
      expect(await referralsOf(order.id)).toEqual([expect.objectContaining({ affiliateId: affiliate.id, saleAmountCents: 750_000, commissionCents: 112_500, reversedCents: 0, status: "earned", customerEmail: "buyer@example.com" })]);
      const mail = await mailOf();
      expect(mail.map((m) => [m.kind, m.to]).sort()).toEqual([
        ["order_confirmation", "buyer@example.com"],
        ["order_notification", getEnv().OWNER_EMAIL],
      ]);
      expect(mail.find((m) => m.kind === "order_confirmation")!.text).toContain("What happens next");
      expect(mail.find((m) => m.kind === "order_notification")!.text).toContain("Acme Machining");
      expect(await eventNames()).toEqual(["affiliate_conversion", "order_paid"]);
      expect(await db.db.select({ orderId: webhookEvents.orderId }).from(webhookEvents)).toEqual([{ orderId: order.id }]);
      const today = centralDate(new Date());
      expect(await eventCounts({ from: today, to: today })).toMatchObject({ order_paid: 1, revenueCents: 750_000 });
      expect(await revenueSince(new Date(Date.now() - 86_400_000))).toBe(750_000);
    });

    it("fulfils once when the same event arrives 20 times at once", async () => {
      const affiliate = await partner();
      const order = await openStripeOrder(affiliate.code);
      const event = signedEvent({ id: nextId("evt"), type: "checkout.session.completed", object: session(order) });
      const answers = await Promise.all(Array.from({ length: 20 }, () => deliver(event)));
      // The others wait on the event's row, then find it: "duplicate".
      expect(answers.filter((a) => a.status === 200 && a.text === "handled")).toHaveLength(1);
      expect(answers.filter((a) => a.status === 200 && a.text === "duplicate")).toHaveLength(19);
      expect(await referralsOf(order.id)).toHaveLength(1);
      expect(await mailOf()).toHaveLength(2);
      expect(await eventNames()).toEqual(["affiliate_conversion", "order_paid"]);
      expect(await db.db.select().from(webhookEvents)).toHaveLength(1);
    });

    it("does not fulfil an unpaid completion; the async events decide (success, or failure)", async () => {
      const later = await openStripeOrder();
      await deliver(signedEvent({ id: nextId("evt"), type: "checkout.session.completed", object: session(later, { payment_status: "unpaid" }) }));
      expect((await orderOf(later.id)).status).toBe("processing");
      expect(await mailOf()).toHaveLength(0);
      await deliver(signedEvent({ id: nextId("evt"), type: "checkout.session.async_payment_succeeded", object: session(later) }));
      expect((await orderOf(later.id)).status).toBe("paid");
      expect(await mailOf()).toHaveLength(2);

      const failing = await openStripeOrder();
      await deliver(signedEvent({ id: nextId("evt"), type: "checkout.session.completed", object: session(failing, { payment_status: "unpaid" }) }));
      await deliver(signedEvent({ id: nextId("evt"), type: "checkout.session.async_payment_failed", object: session(failing, { payment_status: "unpaid" }) }));
      expect((await orderOf(failing.id)).status).toBe("failed");
      expect(await mailOf()).toHaveLength(2);
    });

    it("marks an abandoned checkout expired; a late completion still fulfils it", async () => {
      const order = await openStripeOrder();
      await deliver(signedEvent({ id: nextId("evt"), type: "checkout.session.expired", object: session(order, { payment_status: "unpaid", status: "expired" }) }));
      expect((await orderOf(order.id)).status).toBe("expired");
      await deliver(signedEvent({ id: nextId("evt"), type: "checkout.session.completed", object: session(order) }));
      expect((await orderOf(order.id)).status).toBe("paid");
    });

    it("takes a refund before its completion as a retry (500, nothing kept), then a partial and a full refund: one order paid then refunded, one referral, one net reversal", async () => {
      const affiliate = await partner();
      const order = await openStripeOrder(affiliate.code);
      const partial = signedEvent({ id: nextId("evt"), type: "charge.refunded", object: refundCharge(order, 250_000) });
      expect(await deliver(partial)).toMatchObject({ status: 500 });
      expect(await db.db.select().from(webhookEvents)).toHaveLength(0);
      expect((await orderOf(order.id)).status).toBe("open");

      await deliver(signedEvent({ id: nextId("evt"), type: "checkout.session.completed", object: session(order) }));
      expect(await deliver(partial)).toEqual({ status: 200, text: "handled" });
      expect(await orderOf(order.id)).toMatchObject({ status: "partially_refunded", refundedCents: 250_000 });
      expect(await referralsOf(order.id)).toEqual([expect.objectContaining({ commissionCents: 112_500, reversedCents: 37_500, status: "partially_reversed" })]);

      const full = signedEvent({ id: nextId("evt"), type: "charge.refunded", object: refundCharge(order, 750_000) });
      expect(await deliver(full)).toEqual({ status: 200, text: "handled" });
      // The partial one again, late, under a new id (Stripe's own retry would be a duplicate): no change.
      expect(await deliver(signedEvent({ id: nextId("evt"), type: "charge.refunded", object: refundCharge(order, 250_000) }))).toEqual({ status: 200, text: "handled" });
      expect(await deliver(full)).toEqual({ status: 200, text: "duplicate" });

      const rows = await db.db.select().from(orders);
      expect(rows).toEqual([expect.objectContaining({ id: order.id, status: "refunded", refundedCents: 750_000 })]);
      expect(rows[0]!.paidAt).not.toBeNull();
      expect(await referralsOf(order.id)).toEqual([expect.objectContaining({ commissionCents: 112_500, reversedCents: 112_500, status: "reversed" })]);
      expect(await mailOf()).toHaveLength(2);
    });

    it("credits nobody for a self-referral (same account or same e-mail), a suspended or a pending affiliate", async () => {
      const byEmail = await partner("approved", "buyer@example.com");
      const byAccount = await partner("approved");
      const suspended = await partner("suspended");
      const pending = await partner("pending");
      const cases = [
        await openStripeOrder(byEmail.code),
        await openStripeOrder(byAccount.code, byAccount.userId),
        await openStripeOrder(suspended.code),
        await openStripeOrder(pending.code),
        await openStripeOrder("NOBODY99"),
      ];
      for (const order of cases) {
        expect(await deliver(signedEvent({ id: nextId("evt"), type: "checkout.session.completed", object: session(order) }))).toMatchObject({ status: 200 });
        expect((await orderOf(order.id)).status).toBe("paid");
      }
      expect(await db.db.select().from(affiliateReferrals)).toHaveLength(0);
      expect((await db.db.select({ affiliateId: orders.affiliateId }).from(orders)).every((o) => o.affiliateId === null)).toBe(true);
    });

    it("rolls the order back with its e-mails and referral when anything after the update fails", async () => {
      const affiliate = await partner();
      const order = await openStripeOrder(affiliate.code);
      await expect(
        db.db.transaction(async (tx) => {
          const locked = (await findOrderById(order.id, tx, true))!;
          await fulfilOrder(locked, { customerEmail: "buyer@example.com" }, tx, async () => {
            expect((await findOrderById(order.id, tx))!.status).toBe("paid");
            throw new Error("crash between the order update and the e-mail");
          });
        }),
      ).rejects.toThrow("crash between");
      expect((await orderOf(order.id)).status).toBe("open");
      expect(await mailOf()).toHaveLength(0);
      expect(await referralsOf(order.id)).toHaveLength(0);
      expect(await eventNames()).toEqual([]);
      // Stripe's retry then fulfils it whole.
      await deliver(signedEvent({ id: nextId("evt"), type: "checkout.session.completed", object: session(order) }));
      expect((await orderOf(order.id)).status).toBe("paid");
      expect(await mailOf()).toHaveLength(2);
    });

    it("fulfils only a payment of the order's amount in its currency; any other is recorded on the order, logged, and credits nobody", async () => {
      const affiliate = await partner();
      const warned = vi.spyOn(logger, "warn");
      const reports = [
        { type: "checkout.session.completed", overrides: { amount_total: 1, currency: "eur" }, shown: "0.01 EUR" },
        { type: "checkout.session.completed", overrides: { amount_total: 750_000, currency: "eur" }, shown: "7500.00 EUR" },
        { type: "checkout.session.completed", overrides: { amount_total: 0, payment_status: "no_payment_required" }, shown: "0.00 USD" },
        { type: "checkout.session.async_payment_succeeded", overrides: { amount_total: 100 }, shown: "1.00 USD" },
      ];
      for (const report of reports) {
        const order = await openStripeOrder(affiliate.code);
        const eventId = nextId("evt");
        expect(await deliver(signedEvent({ id: eventId, type: report.type, object: session(order, report.overrides) }))).toEqual({ status: 200, text: "handled" });
        const row = await orderOf(order.id);
        expect(row).toMatchObject({ status: "open", paidAt: null, affiliateId: null });
        expect(row.paymentProblem).toContain(`Stripe reported ${report.shown} paid (${report.type}, ${eventId})`);
        expect(row.paymentProblem).toContain("7500.00 USD");
        expect(warned).toHaveBeenCalledWith(expect.objectContaining({ orderId: order.id, eventId, amountTotal: report.overrides.amount_total }), "stripe: the payment does not match its order; not fulfilled");
        // The owner sees it on the order.
        const view = (await adminOrderRoute.loader(routeArgs(siteRequest(`/admin/orders/${order.id}`, { cookie: adminCookie }), freshIp(), { id: order.id }) as any)) as any;
        expect(view.data.order.paymentProblem).toBe(row.paymentProblem);
      }
      expect(await db.db.select().from(affiliateReferrals)).toHaveLength(0);
      expect(await mailOf()).toHaveLength(0);
      expect(await eventNames()).toEqual([]);
      const list = (await adminOrdersRoute.loader(routeArgs(siteRequest("/admin/orders", { cookie: adminCookie })) as any)) as any;
      expect(list.data.orders.every((order: { paymentProblem: string | null }) => order.paymentProblem?.includes("not fulfilled"))).toBe(true);

      // The right payment afterwards still fulfils it.
      const [first] = await db.db.select({ id: orders.id, sessionId: orders.providerSessionId }).from(orders).limit(1);
      await deliver(signedEvent({ id: nextId("evt"), type: "checkout.session.completed", object: session(first!) }));
      expect((await orderOf(first!.id)).status).toBe("paid");
    });

    it("answers 2xx and logs signed events it cannot place: an order that is not here, an order id that is not one, no object", async () => {
      const warned = vi.spyOn(logger, "warn");
      const elsewhere = { id: crypto.randomUUID(), sessionId: "cs_of_another_site" };
      const notAnId = { id: "order-42'; drop table orders", sessionId: "cs_not_an_id" };
      const events: Array<{ id: string; type: string; object: any }> = [];
      for (const order of [elsewhere, notAnId]) {
        for (const type of ["checkout.session.completed", "checkout.session.async_payment_succeeded", "checkout.session.async_payment_failed", "checkout.session.expired"]) {
          events.push({ id: nextId("evt"), type, object: session(order) });
        }
        events.push({ id: nextId("evt"), type: "charge.refunded", object: { ...refundCharge(order, 750_000), payment_intent: null } });
      }
      for (const type of ["checkout.session.completed", "charge.refunded"]) events.push({ id: nextId("evt"), type, object: null });
      for (const event of events) {
        expect(await deliver(signedEvent(event)), `${event.type} ${JSON.stringify(event.object?.metadata ?? null)}`).toEqual({ status: 200, text: "handled" });
        expect(warned).toHaveBeenCalledWith(expect.objectContaining({ eventId: event.id, type: event.type }), "stripe webhook: an event this site cannot place; ignored");
      }
      // Recorded: a redelivery is a duplicate, not another look.
      expect(await deliver(signedEvent(events[0]!))).toEqual({ status: 200, text: "duplicate" });
      expect(await db.db.select().from(webhookEvents)).toHaveLength(events.length);
      expect(await db.db.select().from(orders)).toHaveLength(0);
    });

    it("ignores events it does not handle, and sessions another app started", async () => {
      expect(await deliver(signedEvent({ id: nextId("evt"), type: "customer.created", object: { id: "cus_1", object: "customer" } }))).toEqual({ status: 200, text: "handled" });
      const foreign = signedEvent({ id: nextId("evt"), type: "checkout.session.completed", object: { ...session({ id: "x", sessionId: "cs_foreign" }), metadata: {} } });
      expect(await deliver(foreign)).toEqual({ status: 200, text: "handled" });
      expect(await db.db.select().from(orders)).toHaveLength(0);
    });
  });

  describe("the test checkout", () => {
    const createPayment = async (form: Record<string, string>, options: { cookie?: string; json?: boolean; ip?: string } = {}) => {
      const request = siteRequest("/api/create-payment", { form, cookie: options.cookie });
      if (options.json) request.headers.set("accept", "application/json");
      return answerOf(await createPaymentRoute.action(routeArgs(request, options.ip ?? freshIp()) as any));
    };
    const sessionIdOf = (location: string) => new URL(location).pathname.split("/").pop()!;
    const pay = async (sessionId: string, form: Record<string, string>) =>
      answerOf(await testCheckoutRoute.action(routeArgs(siteRequest(`/checkout/test/${sessionId}`, { form }), freshIp(), { sessionId }) as any).catch((e) => e));
    const BUYER = { intent: "pay", email: "Buyer@Example.com", name: "Dana Buyer", companyName: "Acme Machining", phone: "316-555-0100", cardNumber: "4242 4242 4242 4242" };

    it("starts with a plain form post (303 to the checkout), keeps the order open, takes the page's reference before the cookie", async () => {
      const affiliate = await partner();
      const cookie = cookieHeader([await attributionCookieHeader("FROMCOOKIE")]);
      const started = await createPayment({ affiliateRef: affiliate.code }, { cookie });
      expect(started.status).toBe(303);
      expect(started.location).toMatch(new RegExp(`^${getEnv().SITE_URL}/checkout/test/cs_test_local_[A-Za-z0-9]{24}$`));
      const [order] = await db.db.select().from(orders);
      expect(order).toMatchObject({ provider: "test", status: "open", amountCents: 750_000, currency: "usd", affiliateRef: affiliate.code, providerSessionId: sessionIdOf(started.location!) });
      expect(await eventNames()).toEqual(["checkout_started"]);

      const fromCookie = await createPayment({ affiliateRef: "" }, { cookie: cookieHeader([await attributionCookieHeader(affiliate.code)]), json: true });
      expect(fromCookie.status).toBe(200);
      expect(fromCookie.body.url).toMatch(/\/checkout\/test\/cs_test_local_/);
      const none = await createPayment({}, { json: true });
      expect(none.body.url).toBeTruthy();
      const refs = (await db.db.select({ ref: orders.affiliateRef }).from(orders)).map((o) => o.ref).sort();
      expect(refs).toEqual([affiliate.code, affiliate.code, null].sort());
    });

    it("pays through the same fulfilment, as a test: paid, mailed as TEST, credited to nobody, no revenue; the success page shows it; a second Pay changes nothing", async () => {
      const affiliate = await partner();
      const started = await createPayment({ affiliateRef: affiliate.code });
      const sessionId = sessionIdOf(started.location!);
      const page = (await testCheckoutRoute.loader(routeArgs(siteRequest(`/checkout/test/${sessionId}`), freshIp(), { sessionId }) as any)) as any;
      expect(page.data).toEqual({ amountCents: 750_000, email: "" });

      const refused = await pay(sessionId, { ...BUYER, cardNumber: "nope", phone: "123" });
      expect(refused.status).toBe(400);
      expect(refused.body.reply.error).toMatchObject({ cardNumber: ["Use the test card 4242 4242 4242 4242."], phone: ["Please enter a valid phone number"] });

      const paid = await pay(sessionId, BUYER);
      expect(paid).toMatchObject({ status: 303, location: `/payment-success?session_id=${sessionId}` });
      const [order] = await db.db.select().from(orders);
      expect(order).toMatchObject({ status: "paid", customerEmail: "buyer@example.com", companyName: "Acme Machining", affiliateId: null });
      // A test sale earns no commission (nothing to pay out) and is no revenue.
      expect(await db.db.select().from(affiliateReferrals)).toHaveLength(0);
      expect(await eventNames()).toEqual(["checkout_started", "order_paid"]);
      const today = centralDate(new Date());
      expect(await eventCounts({ from: today, to: today })).toMatchObject({ order_paid: 1, revenueCents: 0 });
      expect(await revenueSince(new Date(Date.now() - 86_400_000))).toBe(0);
      expect(await countPaidOrdersSince(new Date(Date.now() - 86_400_000))).toBe(0);
      const mail = await mailOf();
      expect(mail).toHaveLength(2);
      for (const message of mail) expect(message.subject).toMatch(/^\[TEST\] /);
      expect(mail.find((m) => m.kind === "order_confirmation")!.text).toContain("TEST ORDER: made with the site's test checkout. No card was charged and this is not an enrolment.");

      const success = (await paymentSuccessRoute.loader({ request: new Request(`${getEnv().SITE_URL}/payment-success?session_id=${sessionId}`) } as any)) as any;
      expect(success.data.result).toMatchObject({ state: "paid", amount: "$7,500.00", email: "buyer@example.com" });
      expect(((await paymentSuccessRoute.loader({ request: new Request(`${getEnv().SITE_URL}/payment-success`) } as any)) as any).data.result).toBeNull();
      expect(((await paymentSuccessRoute.loader({ request: new Request(`${getEnv().SITE_URL}/payment-success?session_id=cs_made_up`) } as any)) as any).data.result.state).toBe("unknown");

      // Paid already: the checkout page sends the buyer to the outcome; Pay again is refused.
      const again = await answerOf(await testCheckoutRoute.loader(routeArgs(siteRequest(`/checkout/test/${sessionId}`), freshIp(), { sessionId }) as any).catch((e) => e));
      expect(again).toMatchObject({ status: 302, location: `/payment-success?session_id=${sessionId}` });
      expect(await mailOf()).toHaveLength(2);
    });

    it("cancels to /payment-canceled and expires the order, as Stripe expires a session; its page then says not completed", async () => {
      const started = await createPayment({});
      const sessionId = sessionIdOf(started.location!);
      expect(await pay(sessionId, { intent: "cancel" })).toMatchObject({ status: 303, location: "/payment-canceled" });
      expect((await db.db.select().from(orders))[0]!.status).toBe("expired");
      const page = await answerOf(await testCheckoutRoute.loader(routeArgs(siteRequest(`/checkout/test/${sessionId}`), freshIp(), { sessionId }) as any).catch((e) => e));
      expect(page).toMatchObject({ status: 302, location: `/payment-success?session_id=${sessionId}` });
      const success = (await paymentSuccessRoute.loader({ request: new Request(`${getEnv().SITE_URL}/payment-success?session_id=${sessionId}`) } as any)) as any;
      expect(success.data.result.state).toBe("not-paid");
      expect(await pay(sessionId, BUYER)).toMatchObject({ status: 302 });
      expect((await db.db.select().from(orders))[0]!.status).toBe("expired");
      expect(await pay("cs_test_local_doesnotexist00000000000", BUYER)).toMatchObject({ status: 404 });
    });

    it("limits checkouts per client", async () => {
      const ip = freshIp();
      for (let i = 0; i < 10; i += 1) expect((await createPayment({}, { ip, json: true })).status).toBe(200);
      const refused = await createPayment({}, { ip, json: true });
      expect(refused.status).toBe(429);
      expect(refused.body.error).toMatch(/^Too many checkout attempts/);
      expect(await db.db.select().from(orders)).toHaveLength(10);
    });

    it("expires a test checkout left open for a day (Stripe's session lifetime) when the orders are looked at", async () => {
      const started = await createPayment({});
      const sessionId = sessionIdOf(started.location!);
      const fresh = await createPayment({});
      await db.db.update(orders).set({ createdAt: new Date(Date.now() - 24 * 3_600_000 - 60_000) }).where(eq(orders.providerSessionId, sessionId));
      const list = (await adminOrdersRoute.loader(routeArgs(siteRequest("/admin/orders", { cookie: adminCookie })) as any)) as any;
      expect(list.data.countByStatus).toMatchObject({ open: 1, expired: 1 });
      expect((await db.db.select().from(orders).where(eq(orders.providerSessionId, sessionIdOf(fresh.location!))))[0]!.status).toBe("open");
    });

    it("with no checkout (CHECKOUT_MODE off) 'Enroll Now' says so, writes no order, and the test checkout's pages are gone", async () => {
      const started = await createPayment({});
      const sessionId = sessionIdOf(started.location!);
      const env = getEnv();
      env.CHECKOUT_MODE = "off";
      try {
        const detail = `Online enrollment is not available on this site. Please write to ${env.OWNER_EMAIL} to enroll.`;
        expect(await createPayment({}, { json: true })).toMatchObject({ status: 503, body: { error: CHECKOUT_FAILED_MESSAGE, detail } });
        expect(await createPayment({})).toMatchObject({ status: 302, location: "/bootcamp", toast: { kind: "error", title: CHECKOUT_FAILED_MESSAGE, description: detail } });
        expect(await db.db.select().from(orders)).toHaveLength(1);
        expect(await answerOf(await testCheckoutRoute.loader(routeArgs(siteRequest(`/checkout/test/${sessionId}`), freshIp(), { sessionId }) as any).catch((e) => e))).toMatchObject({ status: 404 });
        expect(await pay(sessionId, BUYER)).toMatchObject({ status: 404 });
        expect((await db.db.select().from(orders))[0]!.status).toBe("open");
      } finally {
        env.CHECKOUT_MODE = "test";
      }
    });

    it("remembers a signed-in buyer, whose own code earns nothing", async () => {
      await createVerifiedUser("self-buyer@example.test", "self-buyer-password-1").catch(() => undefined);
      const cookie = await signedInCookie("self-buyer@example.test", "self-buyer-password-1");
      const [self] = await db.db.select({ id: users.id }).from(users).where(eq(users.email, "self-buyer@example.test"));
      await db.db.insert(affiliates).values({ userId: self!.id, affiliateCode: "SELFBUY2", status: "approved" });
      const started = await createPayment({ affiliateRef: "SELFBUY2" }, { cookie });
      // They pay with another address: still themselves.
      await pay(sessionIdOf(started.location!), { ...BUYER, email: "other-address@example.com" });
      const [order] = await db.db.select().from(orders);
      expect(order).toMatchObject({ status: "paid", buyerUserId: self!.id, affiliateId: null });
      expect(await db.db.select().from(affiliateReferrals)).toHaveLength(0);
    });

    it("lets the admin see the order, marked as a test, and refund it in parts; members cannot", async () => {
      const affiliate = await partner();
      const started = await createPayment({ affiliateRef: affiliate.code });
      await pay(sessionIdOf(started.location!), BUYER);
      const [order] = await db.db.select().from(orders);
      const list = (await adminOrdersRoute.loader(routeArgs(siteRequest("/admin/orders?status=paid", { cookie: adminCookie })) as any)) as any;
      expect(list.data.orders).toEqual([expect.objectContaining({ id: order!.id, status: "paid", amount: "$7,500.00", buyer: "Dana Buyer", company: "Acme Machining", affiliate: `${affiliate.code} (test order: not credited)`, test: true })]);
      const refund = async (amount: string, cookie = adminCookie) =>
        answerOf(await adminOrderRoute.action(routeArgs(siteRequest(`/admin/orders/${order!.id}`, { form: { intent: "refund", amount }, cookie }), freshIp(), { id: order!.id }) as any).catch((e) => e));
      expect((await refund("100", memberCookie)).status).toBe(403);
      expect(await refund("7500.01")).toMatchObject({ status: 409, toast: { title: "Refund not made" } });
      expect(await refund("3750.00")).toMatchObject({ status: 200, toast: { title: "Refund made" } });
      expect(await refund("3750.00")).toMatchObject({ status: 200 });
      expect(await orderOf(order!.id)).toMatchObject({ status: "refunded", refundedCents: 750_000 });
      expect(await refund("1.00")).toMatchObject({ status: 409, toast: { description: "Only a paid order can be refunded." } });
      const view = (await adminOrderRoute.loader(routeArgs(siteRequest(`/admin/orders/${order!.id}`, { cookie: adminCookie }), freshIp(), { id: order!.id }) as any)) as any;
      expect(view.data).toMatchObject({ canRefund: false, order: { status: "refunded", refunded: "$7,500.00", test: true } });

      const csv = (await ordersCsvRoute.loader(routeArgs(siteRequest("/admin/orders/export.csv", { cookie: adminCookie })) as any)) as Response;
      const text = await csv.text();
      expect(text).toContain(`"${order!.id}","Refunded","7500.00","7500.00","Dana Buyer","buyer@example.com","Acme Machining","316-555-0100","","${affiliate.code}","test"`);
    });
  });
});
