// /payment-success?session_id=…: fulfils the session if the webhook has not yet (verified with Stripe,
// or the test checkout's own record: never the query string alone), then shows the order's state.
import { data } from "react-router";
import { NO_STORE } from "~/lib/cache-headers";
import { formatCents } from "~/lib/money";
import { getDb } from "#server/db/client.server";
import { loggableError } from "#server/db/errors.server";
import { logger } from "#server/logger.server";
import { fulfilOrder } from "./fulfilment.server";
import { orderReference } from "./order-reference";
import { findOrderBySession, moveOrderStatus, type Order } from "./orders.server";
import { retrieveStripeCheckoutSession } from "./stripe.server";
import { buyerOfSession, sessionPaysOrder } from "./webhook.server";

export type PaymentResultView = {
  state: "paid" | "processing" | "refunded" | "not-paid" | "unknown";
  amount: string | null;
  email: string | null;
  reference: string | null;
};

const WAITING: Order["status"][] = ["open", "processing", "expired", "failed"];

async function confirmWithStripe(order: Order): Promise<Order> {
  try {
    const session = await retrieveStripeCheckoutSession(order.providerSessionId);
    if (session.metadata?.orderId && session.metadata.orderId !== order.id) return order;
    return await getDb().transaction(async (tx) => {
      const locked = (await findOrderBySession(order.providerSessionId, tx, true))!;
      if (session.payment_status === "paid") {
        if (!(await sessionPaysOrder(session, locked, tx))) return (await findOrderBySession(order.providerSessionId, tx))!;
        const outcome = await fulfilOrder(locked, buyerOfSession(session), tx);
        return outcome.order;
      }
      if (session.status === "complete") await moveOrderStatus(locked.id, ["open"], "processing", tx);
      return (await findOrderBySession(order.providerSessionId, tx))!;
    });
  } catch (error) {
    // The webhook fulfils it anyway; the page says what is known.
    logger.warn({ err: loggableError(error), orderId: order.id }, "payment success page: Stripe could not be asked");
    return order;
  }
}

function viewOf(order: Order | null): PaymentResultView {
  if (!order) return { state: "unknown", amount: null, email: null, reference: null };
  const state: PaymentResultView["state"] =
    order.status === "paid" || order.status === "partially_refunded"
      ? "paid"
      : order.status === "processing"
        ? "processing"
        : order.status === "refunded"
          ? "refunded"
          : "not-paid";
  return { state, amount: formatCents(order.amountCents), email: order.customerEmail, reference: orderReference(order.id) };
}

export async function getPaymentResult(url: URL) {
  const sessionId = url.searchParams.get("session_id");
  if (!sessionId) return data({ result: null }, { headers: NO_STORE });
  let order = sessionId.length <= 255 ? await findOrderBySession(sessionId) : null;
  if (order?.provider === "stripe" && WAITING.includes(order.status)) order = await confirmWithStripe(order);
  return data({ result: viewOf(order) }, { headers: NO_STORE });
}
