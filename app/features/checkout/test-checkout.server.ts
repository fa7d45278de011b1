// The built-in test checkout (DESIGN.md section 1): with CHECKOUT_MODE test (never otherwise, not even
// for orders it started before) it plays the hosted card page. It says plainly that it is a test,
// asks for what Stripe's page asks for, stores no card number, and its Pay button goes through the
// same fulfilment as a real payment (a test order: no commission, no revenue). Cancel goes where
// Stripe's cancel link goes and expires the order; one left open expires after a session's lifetime.
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import type { ActionResult } from "~/components/form";
import { NO_STORE } from "~/lib/cache-headers";
import { getEnv } from "~/lib/env.server";
import { readFormData } from "~/lib/form-data.server";
import { getDb } from "#server/db/client.server";
import { logger } from "#server/logger.server";
import { fulfilOrder } from "./fulfilment.server";
import { CHECKOUT_SESSION_LIFETIME_MS, findOrderBySession, moveOrderStatus } from "./orders.server";
import { CANCEL_INTENT, cancelPaymentSchema, PAY_INTENT, testPaymentSchema } from "./forms";

const TEST_SESSION_PATTERN = /^cs_test_local_[A-Za-z0-9]{24}$/;

export function newTestSessionId(): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return `cs_test_local_${Array.from(bytes, (byte) => alphabet[byte % alphabet.length]).join("")}`;
}

export function testCheckoutUrl(sessionId: string): string {
  return `${getEnv().SITE_URL}/checkout/test/${sessionId}`;
}

export const successPath = (sessionId: string) => `/payment-success?session_id=${encodeURIComponent(sessionId)}`;

async function openTestOrder(sessionId: string | undefined) {
  const enabled = getEnv().CHECKOUT_MODE === "test";
  const order = enabled && sessionId && TEST_SESSION_PATTERN.test(sessionId) ? await findOrderBySession(sessionId) : null;
  if (!order || order.provider !== "test") throw data(null, { status: 404, headers: NO_STORE });
  if (order.status === "open" && Date.now() - order.createdAt.getTime() > CHECKOUT_SESSION_LIFETIME_MS) {
    await moveOrderStatus(order.id, ["open"], "expired", getDb());
    return { ...order, status: "expired" as const };
  }
  return order;
}

export async function getTestCheckoutPage(sessionId: string | undefined) {
  const order = await openTestOrder(sessionId);
  // Paid, cancelled or expired (a second tab, the back button): show the outcome, as Stripe's page does.
  if (order.status !== "open") throw redirect(successPath(order.providerSessionId), { headers: NO_STORE });
  return data({ amountCents: order.amountCents, email: order.customerEmail ?? "" }, { headers: NO_STORE });
}

export type TestCheckoutResult = ActionResult;

export async function testCheckoutAction(request: Request, sessionId: string | undefined) {
  const order = await openTestOrder(sessionId);
  const formData = await readFormData(request, { schema: [testPaymentSchema, cancelPaymentSchema] });
  if (formData.get("intent") === CANCEL_INTENT) {
    // As a Stripe session that will not be paid: expired (a paid order stays paid).
    await moveOrderStatus(order.id, ["open"], "expired", getDb());
    return redirect("/payment-canceled", { status: 303, headers: NO_STORE });
  }
  // Paid, cancelled or expired already: the outcome, as the page itself shows it.
  if (order.status !== "open") return redirect(successPath(order.providerSessionId), { headers: NO_STORE });
  if (formData.get("intent") !== PAY_INTENT) throw data("Bad request: unknown form.", { status: 400, headers: NO_STORE });
  const submission = parseWithZod(formData, { schema: testPaymentSchema });
  if (submission.status !== "success") {
    return data<TestCheckoutResult>({ ok: false, reply: submission.reply({ hideFields: ["cardNumber"] }) }, { status: 400, headers: NO_STORE });
  }
  const { email, name, companyName, phone } = submission.value;
  const outcome = await getDb().transaction(async (tx) => {
    const locked = await findOrderBySession(order.providerSessionId, tx, true);
    return fulfilOrder(locked!, { providerPaymentId: `pi_test_local_${order.id}`, customerEmail: email.toLowerCase(), customerName: name, companyName, phone }, tx);
  });
  logger.info({ orderId: order.id, outcome: outcome.outcome }, "test checkout paid");
  return redirect(successPath(order.providerSessionId), { status: 303, headers: NO_STORE });
}
