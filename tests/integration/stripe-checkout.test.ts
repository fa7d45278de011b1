// create-payment with a Stripe key, against a local HTTP server standing in for the Stripe API (the
// client's host, port and protocol settings: STRIPE_API_BASE): the Checkout Session request as
// Stripe receives it (amount 750000, usd, metadata, client_reference_id, URLs, the company custom
// field, phone collection, the idempotency key), the order it leaves, a failure to create one, and
// the success page confirming the session with Stripe before it fulfils.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as createPaymentRoute from "~/routes/api-create-payment";
import * as paymentSuccessRoute from "~/routes/payment-success";
import { getEnv } from "~/lib/env.server";
import { affiliates } from "~/features/affiliates/schema";
import { affiliateReferrals } from "~/features/affiliates/schema-referrals";
import { users } from "~/features/auth/schema";
import { orders } from "~/features/checkout/schema";
import { freshIp, routeArgs, siteRequest } from "../support/auth";
import { testDatabases, type TestDatabase } from "../support/databases";
import { tempDir } from "../../scripts/support/databases";

type Received = { method: string; path: string; headers: http.IncomingHttpHeaders; form: URLSearchParams };
const received: Received[] = [];
let answer: (request: Received) => { status: number; body: unknown } = () => ({ status: 500, body: {} });

const stripeApi = http.createServer((req, res) => {
  let body = "";
  req.on("data", (chunk) => (body += chunk));
  req.on("end", () => {
    const request = { method: req.method!, path: req.url!, headers: req.headers, form: new URLSearchParams(body) };
    received.push(request);
    const { status, body: reply } = answer(request);
    res.writeHead(status, { "content-type": "application/json", "request-id": "req_test" });
    res.end(JSON.stringify(reply));
  });
});
await new Promise<void>((resolve) => stripeApi.listen(0, "127.0.0.1", resolve));

process.env.BETTER_AUTH_SECRET ??= "integration-test-secret-0123456789abcdef";
process.env.DATA_DIR ??= tempDir("stripe-checkout-");
process.env.STRIPE_SECRET_KEY = "sk_test_local_stand_in";
process.env.STRIPE_WEBHOOK_SECRET = "whsec_local_stand_in";
process.env.STRIPE_API_BASE = `http://127.0.0.1:${(stripeApi.address() as AddressInfo).port}`;

afterAll(() => new Promise<void>((resolve) => stripeApi.close(() => resolve())));

describe.each(testDatabases.map((d) => [d.name, d] as const))("Stripe checkout on %s", (_name, database) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await database.open();
  });
  afterAll(() => db.close());
  beforeEach(async () => {
    received.length = 0;
    await db.db.delete(affiliateReferrals);
    await db.db.delete(orders);
    await db.db.delete(affiliates);
  });

  const createPayment = async (form: Record<string, string>) => {
    const request = siteRequest("/api/create-payment", { form });
    request.headers.set("accept", "application/json");
    const result = (await createPaymentRoute.action(routeArgs(request, freshIp()) as any)) as { data: any; init: { status?: number } | null };
    return { status: result.init?.status ?? 200, body: result.data };
  };

  it("asks Stripe for one Checkout Session of 7,500.00 USD with everything fulfilment needs", async () => {
    answer = (request) => ({ status: 200, body: { id: "cs_test_standin_1", object: "checkout.session", url: "https://checkout.stripe.test/c/pay/cs_test_standin_1", metadata: Object.fromEntries(request.form) } });
    const started = await createPayment({ affiliateRef: "AB3K9QXZ" });
    expect(started).toEqual({ status: 200, body: { url: "https://checkout.stripe.test/c/pay/cs_test_standin_1" } });

    expect(received).toHaveLength(1);
    const [call] = received;
    expect(call!.method).toBe("POST");
    expect(call!.path).toBe("/v1/checkout/sessions");
    expect(call!.headers.authorization).toBe("Bearer sk_test_local_stand_in");
    const [order] = await db.db.select().from(orders);
    expect(call!.headers["idempotency-key"]).toBe(`checkout-${order!.id}`);
    const form = Object.fromEntries(call!.form);
    expect(form).toMatchObject({
      mode: "payment",
      "line_items[0][quantity]": "1",
      "line_items[0][price_data][currency]": "usd",
      "line_items[0][price_data][unit_amount]": "750000",
      "line_items[0][price_data][product_data][name]": "Manufacturing Bootcamp",
      "metadata[orderId]": order!.id,
      "metadata[affiliateRef]": "AB3K9QXZ",
      client_reference_id: "AB3K9QXZ",
      "payment_intent_data[metadata][orderId]": order!.id,
      "phone_number_collection[enabled]": "true",
      "custom_fields[0][key]": "company_name",
      "custom_fields[0][type]": "text",
      "custom_fields[0][label][type]": "custom",
      "custom_fields[0][label][custom]": "Company name",
      success_url: `${getEnv().SITE_URL}/payment-success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${getEnv().SITE_URL}/payment-canceled`,
    });
    expect(order).toMatchObject({ provider: "stripe", providerSessionId: "cs_test_standin_1", status: "open", amountCents: 750_000, affiliateRef: "AB3K9QXZ" });
  });

  it("leaves no reference out of the session when there is none, and says so when Stripe refuses", async () => {
    answer = () => ({ status: 200, body: { id: "cs_test_standin_2", object: "checkout.session", url: "https://checkout.stripe.test/c/pay/cs_test_standin_2" } });
    await createPayment({});
    const form = Object.fromEntries(received[0]!.form);
    expect(form["client_reference_id"]).toBeUndefined();
    expect(form["metadata[affiliateRef]"]).toBe("");

    received.length = 0;
    answer = () => ({ status: 400, body: { error: { type: "invalid_request_error", message: "No such price" } } });
    const refused = await createPayment({});
    expect(refused).toEqual({ status: 502, body: { error: "Unable to start checkout. Please try again." } });
    const failed = await db.db.select({ status: orders.status }).from(orders).where(eq(orders.status, "failed"));
    expect(failed).toHaveLength(1);
  });

  it("confirms a returning buyer's session with Stripe before it fulfils (never the query string alone)", async () => {
    const userId = `user-${Math.random().toString(36).slice(2)}`;
    await db.db.insert(users).values({ id: userId, name: "P", email: `${userId}@example.com`, emailVerified: true });
    await db.db.insert(affiliates).values({ userId, affiliateCode: "RETURN22", status: "approved" });
    answer = () => ({ status: 200, body: { id: "cs_test_standin_3", object: "checkout.session", url: "https://checkout.stripe.test/c/pay/cs_test_standin_3" } });
    await createPayment({ affiliateRef: "RETURN22" });
    const [order] = await db.db.select().from(orders);
    const successPage = async () =>
      ((await paymentSuccessRoute.loader({ request: new Request(`${getEnv().SITE_URL}/payment-success?session_id=cs_test_standin_3`) } as any)) as any).data.result;

    // Not paid at Stripe: nothing is fulfilled, whatever the address says.
    answer = () => ({ status: 200, body: { id: "cs_test_standin_3", object: "checkout.session", status: "open", payment_status: "unpaid", metadata: { orderId: order!.id } } });
    expect((await successPage()).state).toBe("not-paid");
    expect((await db.db.select().from(orders))[0]!.status).toBe("open");

    const paidSession = {
      id: "cs_test_standin_3",
      object: "checkout.session",
      status: "complete",
      payment_status: "paid",
      amount_total: 750_000,
      currency: "usd",
      payment_intent: "pi_standin_3",
      customer_details: { email: "returning@example.com", name: "Ret Urning", phone: "+13165550123" },
      custom_fields: [{ key: "company_name", type: "text", text: { value: "Return Tools" } }],
      metadata: { orderId: order!.id },
    };
    // Paid, but not this order's amount: nothing is fulfilled, and the order says why.
    answer = () => ({ status: 200, body: { ...paidSession, amount_total: 1, currency: "eur" } });
    expect((await successPage()).state).toBe("not-paid");
    expect((await db.db.select().from(orders))[0]).toMatchObject({ status: "open", paymentProblem: expect.stringContaining("Stripe reported 0.01 EUR paid (asked by the success page)") });
    expect(await db.db.select().from(affiliateReferrals)).toHaveLength(0);

    answer = () => ({ status: 200, body: paidSession });
    expect(await successPage()).toMatchObject({ state: "paid", amount: "$7,500.00", email: "returning@example.com" });
    expect((await db.db.select().from(orders))[0]).toMatchObject({ status: "paid", companyName: "Return Tools", providerPaymentId: "pi_standin_3" });
    expect(await db.db.select().from(affiliateReferrals)).toHaveLength(1);
    // Paid now: the page no longer asks Stripe.
    received.length = 0;
    expect((await successPage()).state).toBe("paid");
    expect(received).toHaveLength(0);
  });
});
