// /api/stripe/webhook (DESIGN.md section 5): a signed event (300 s tolerance, else 400) is handled
// once: its id is recorded in the same transaction as what it changes, so a redelivery finds it
// and changes nothing, and a failure rolls both back and answers 500 for Stripe to retry.
// Events may come in any order: a refund for an order not yet paid fails (500) until the payment's
// own event has been handled; a completion after an expiry still fulfils. A payment fulfils only when
// its amount and currency are the order's (otherwise the order keeps the mismatch for the owner).
// Events this site cannot place (another integration on the account, an order id that is not one
// of ours, no object) are recorded, logged and answered 200: a retry would not place them either.
import type Stripe from "stripe";
import { NO_STORE } from "~/lib/cache-headers";
import { getEnv } from "~/lib/env.server";
import { isUuid } from "~/lib/list-query";
import { centsAsDecimal } from "~/lib/money";
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
  setPaymentProblem,
  setWebhookEventOrder,
  type BuyerDetails,
  type Order,
} from "./orders.server";
import { verifiedStripeEvent } from "./stripe.server";

const PROVIDER = "stripe";

/** The order an event's metadata names, if it is one of ours. */
async function orderOfMetadata(metadata: Stripe.Metadata | null | undefined, tx: Executor): Promise<Order | null> {
  const orderId = metadata?.orderId;
  return isUuid(orderId) ? findOrderById(orderId, tx, true) : null;
}

/** The order a Checkout Session belongs to: by its id, or by the order id we put in its metadata. */
async function orderOfSession(session: Stripe.Checkout.Session, tx: Executor): Promise<Order | null> {
  return (typeof session.id === "string" ? await findOrderBySession(session.id, tx, true) : null) ?? (await orderOfMetadata(session.metadata, tx));
}

const amountLabel = (cents: number | null | undefined, currency: string | null | undefined) =>
  `${typeof cents === "number" ? centsAsDecimal(cents) : "no amount"} ${(currency ?? "no currency").toUpperCase()}`;

/**
 * Whether a paid session paid for `order`: its amount and currency are the order's. If not, the
 * order keeps why (shown on /admin/orders) and the mismatch is logged; the caller fulfils nothing.
 * `event` is the webhook's (none when the success page asked Stripe itself).
 */
export async function sessionPaysOrder(session: Stripe.Checkout.Session, order: Order, tx: Executor, event?: Stripe.Event): Promise<boolean> {
  if (session.amount_total === order.amountCents && session.currency?.toLowerCase() === order.currency) return true;
  const source = event ? `${event.type}, ${event.id}` : "asked by the success page";
  const problem = `Stripe reported ${amountLabel(session.amount_total, session.currency)} paid (${source}) for this order of ${amountLabel(order.amountCents, order.currency)}: not fulfilled. Check the payment in Stripe's dashboard and refund it there.`;
  await setPaymentProblem(order.id, problem, tx);
  logger.warn(
    { orderId: order.id, sessionId: session.id, eventId: event?.id ?? null, amountTotal: session.amount_total, currency: session.currency },
    "stripe: the payment does not match its order; not fulfilled",
  );
  return false;
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
  // Signed, so Stripe's; but an object this code cannot read is nothing a retry would change.
  if (typeof event.data?.object !== "object" || event.data.object === null) return cannotPlace(event);
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded": {
      const session = event.data.object;
      const order = await orderOfSession(session, tx);
      if (!order) return unknownSession(event, session);
      if (session.payment_status === "paid" || session.payment_status === "no_payment_required") {
        if (await sessionPaysOrder(session, order, tx, event)) await fulfilOrder(order, buyerOfSession(session), tx);
      } else {
        // Paid later (a bank debit): the async events decide.
        await moveOrderStatus(order.id, ["open"], "processing", tx);
      }
      return order.id;
    }
    case "checkout.session.async_payment_failed": {
      const order = await orderOfSession(event.data.object, tx);
      if (!order) return unknownSession(event, event.data.object);
      await moveOrderStatus(order.id, ["open", "processing"], "failed", tx);
      return order.id;
    }
    case "checkout.session.expired": {
      const order = await orderOfSession(event.data.object, tx);
      if (!order) return unknownSession(event, event.data.object);
      await moveOrderStatus(order.id, ["open"], "expired", tx);
      return order.id;
    }
    case "charge.refunded": {
      const charge = event.data.object;
      const paymentId = idOf(charge.payment_intent);
      const order = (paymentId ? await findOrderByPayment(paymentId, tx, true) : null) ?? (await orderOfMetadata(charge.metadata, tx));
      if (!order) return charge.metadata?.orderId ? cannotPlace(event) : null;
      // Ours but not paid yet: applyRefund fails, and Stripe delivers it again after the payment's event.
      await applyRefund(order, charge.amount_refunded, tx);
      return order.id;
    }
    default:
      return null;
  }
}

/** A session this site did not start (another app on the same account): nothing to do. */
function unknownSession(event: Stripe.Event, session: Stripe.Checkout.Session): null {
  // Orders are written before their sessions exist, so one named here but not found is not ours.
  return session.metadata?.orderId ? cannotPlace(event) : null;
}

function cannotPlace(event: Stripe.Event): null {
  const object = event.data?.object as { id?: unknown; metadata?: Stripe.Metadata | null } | null | undefined;
  logger.warn({ eventId: event.id, type: event.type, objectId: object?.id ?? null, orderId: object?.metadata?.orderId ?? null }, "stripe webhook: an event this site cannot place; ignored");
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
