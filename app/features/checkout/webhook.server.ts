// /api/stripe/webhook (DESIGN.md section 5): a signed event (300 s tolerance, else 400) is handled
// once: its id is recorded in the same transaction as what it changes, so a redelivery finds it
// and changes nothing, and a failure rolls both back and answers 500 for Stripe to retry.
// Events may come in any order: a refund for an order not yet paid fails (500) until the payment's
// own event has been handled; a completion after an expiry still fulfils.
import type Stripe from "stripe";
import { NO_STORE } from "~/lib/cache-headers";
import { getEnv } from "~/lib/env.server";
import { getDb, type Executor } from "#server/db/client.server";
import { loggableError } from "#server/db/errors.server";
import { logger } from "#server/logger.server";
import { applyRefund, fulfilOrder } from "./fulfilment.server";
import {
  findOrderById,
  findOrderByPayment,
  findOrderBySession,
  moveOrderStatus,
  recordWebhookEvent,
  setWebhookEventOrder,
  type BuyerDetails,
  type Order,
} from "./orders.server";
import { verifiedStripeEvent } from "./stripe.server";

const PROVIDER = "stripe";

/** The order a Checkout Session belongs to: by its id, or by the order id we put in its metadata. */
async function orderOfSession(session: Stripe.Checkout.Session, tx: Executor): Promise<Order | null> {
  return (await findOrderBySession(session.id, tx, true)) ?? (session.metadata?.orderId ? await findOrderById(session.metadata.orderId, tx, true) : null);
}

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === "string" ? value : (value?.id ?? null));

/** What the buyer told the hosted checkout. */
export function buyerOfSession(session: Stripe.Checkout.Session): BuyerDetails {
  const company = session.custom_fields?.find((field) => field.key === "company_name")?.text?.value ?? null;
  return {
    providerPaymentId: idOf(session.payment_intent),
    customerEmail: session.customer_details?.email?.toLowerCase() ?? session.customer_email?.toLowerCase() ?? null,
    customerName: session.customer_details?.name ?? null,
    companyName: company,
    phone: session.customer_details?.phone ?? null,
  };
}

/** Handles one verified event inside `tx`; returns the order it concerned, if any. */
export async function handleStripeEvent(event: Stripe.Event, tx: Executor): Promise<string | null> {
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded": {
      const session = event.data.object;
      const order = await orderOfSession(session, tx);
      if (!order) return unknownSession(session);
      if (session.payment_status === "paid" || session.payment_status === "no_payment_required") {
        await fulfilOrder(order, buyerOfSession(session), tx);
      } else {
        // Paid later (a bank debit): the async events decide.
        await moveOrderStatus(order.id, ["open"], "processing", tx);
      }
      return order.id;
    }
    case "checkout.session.async_payment_failed": {
      const order = await orderOfSession(event.data.object, tx);
      if (!order) return unknownSession(event.data.object);
      await moveOrderStatus(order.id, ["open", "processing"], "failed", tx);
      return order.id;
    }
    case "checkout.session.expired": {
      const order = await orderOfSession(event.data.object, tx);
      if (!order) return unknownSession(event.data.object);
      await moveOrderStatus(order.id, ["open"], "expired", tx);
      return order.id;
    }
    case "charge.refunded": {
      const charge = event.data.object;
      const paymentId = idOf(charge.payment_intent);
      const order = (paymentId ? await findOrderByPayment(paymentId, tx, true) : null) ?? (charge.metadata?.orderId ? await findOrderById(charge.metadata.orderId, tx, true) : null);
      if (!order) {
        if (!charge.metadata?.orderId) return null;
        // Ours, but its payment is not recorded yet: fail, and Stripe delivers it again later.
        throw new Error(`charge.refunded for order ${charge.metadata.orderId} before its payment was recorded`);
      }
      await applyRefund(order, charge.amount_refunded, tx);
      return order.id;
    }
    default:
      return null;
  }
}

/** A session this site did not start (another app on the same account): nothing to do. */
function unknownSession(session: Stripe.Checkout.Session): null {
  if (session.metadata?.orderId) throw new Error(`checkout session ${session.id} names order ${session.metadata.orderId}, which is not here (yet)`);
  return null;
}

const answer = (body: string, status: number) => new Response(body, { status, headers: { ...NO_STORE, "Content-Type": "text/plain; charset=utf-8" } });

export async function receiveStripeWebhook(request: Request, executor: Executor = getDb()): Promise<Response> {
  const secret = getEnv().STRIPE_WEBHOOK_SECRET;
  if (!secret) return answer("Stripe webhooks are not configured (STRIPE_WEBHOOK_SECRET).\n", 404);
  const payload = await request.text();
  let event: Stripe.Event;
  try {
    event = verifiedStripeEvent(payload, request.headers.get("stripe-signature"), secret);
  } catch (error) {
    logger.warn({ err: { message: (error as Error).message } }, "stripe webhook refused: bad signature");
    return answer("Bad signature.\n", 400);
  }
  try {
    const outcome = await executor.transaction(async (tx) => {
      const first = await recordWebhookEvent({ provider: PROVIDER, eventId: event.id, type: event.type, orderId: null }, tx);
      if (!first) return "duplicate";
      const orderId = await handleStripeEvent(event, tx);
      if (orderId) await setWebhookEventOrder(PROVIDER, event.id, orderId, tx);
      return "handled";
    });
    logger.info({ eventId: event.id, type: event.type, outcome }, "stripe webhook");
    return answer(`${outcome}\n`, 200);
  } catch (error) {
    logger.error({ err: loggableError(error), eventId: event.id, type: event.type }, "stripe webhook failed; Stripe will retry");
    return answer("Failed; please retry.\n", 500);
  }
}
