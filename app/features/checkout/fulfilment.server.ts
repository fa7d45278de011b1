// Fulfilment, once per order, in one transaction (DESIGN.md section 5; Stripe's fulfilment guide):
// the order becomes paid, the sale is credited to the affiliate its reference names (if approved
// and not the buyer), the buyer's confirmation and the owner's notification are queued, and the
// business events recorded, all or none. The webhook, the success page and the test checkout all
// come here; whichever is first fulfils, the others find the order paid and change nothing.
// A test checkout's order took no money: it earns no commission and counts as no revenue.
// Refunds set the order's refunded total (never lower it) and reverse the commission to match.
import { recordBusinessEvent } from "~/features/analytics/index.server";
import { creditReferral, reverseReferral } from "~/features/affiliates/index.server";
import { getEnv } from "~/lib/env.server";
import type { Executor } from "#server/db/client.server";
import { enqueueEmail } from "#server/email/outbox.server";
import { orderConfirmationEmail, orderNotificationEmail } from "./email-templates.server";
import { markOrderPaid, setOrderAffiliate, setOrderRefunded, type BuyerDetails, type Order } from "./orders.server";

export const ORDER_CONFIRMATION_KIND = "order_confirmation";
export const ORDER_NOTIFICATION_KIND = "order_notification";

export type FulfilOutcome = { outcome: "fulfilled"; order: Order; commissionCents: number | null } | { outcome: "unchanged"; order: Order };

/**
 * Fulfils `order` (read by the caller, inside `tx`, locked) if it is still waiting for payment.
 * `afterPaid` is a test's hook between the order update and the e-mails: a failure there rolls
 * everything back.
 */
export async function fulfilOrder(order: Order, buyer: BuyerDetails, tx: Executor, afterPaid?: () => Promise<void>): Promise<FulfilOutcome> {
  const paid = await markOrderPaid(order.id, buyer, tx);
  if (!paid) return { outcome: "unchanged", order };
  await afterPaid?.();
  const test = paid.provider === "test";
  const credit = test
    ? ({ credited: false } as const)
    : await creditReferral({ id: paid.id, amountCents: paid.amountCents, affiliateRef: paid.affiliateRef, customerEmail: paid.customerEmail, buyerUserId: paid.buyerUserId }, tx);
  if (credit.credited) await setOrderAffiliate(paid.id, credit.affiliateId, tx);
  if (paid.customerEmail) {
    const confirmation = orderConfirmationEmail({ email: paid.customerEmail, orderId: paid.id, amountCents: paid.amountCents, currency: paid.currency, paidAt: paid.paidAt ?? new Date(), test });
    await enqueueEmail({ kind: ORDER_CONFIRMATION_KIND, to: paid.customerEmail, ...confirmation }, tx);
  }
  const notification = orderNotificationEmail({
    orderId: paid.id,
    amountCents: paid.amountCents,
    currency: paid.currency,
    customerName: paid.customerName,
    customerEmail: paid.customerEmail,
    companyName: paid.companyName,
    phone: paid.phone,
    affiliate: credit.credited ? paid.affiliateRef : null,
    provider: paid.provider,
  });
  await enqueueEmail({ kind: ORDER_NOTIFICATION_KIND, to: getEnv().OWNER_EMAIL, ...notification }, tx);
  // Analytics counts the sale in its funnel; `test` keeps it out of the revenue.
  await recordBusinessEvent({ name: "order_paid", properties: { orderId: paid.id, amountCents: paid.amountCents, ...(test ? { test: true } : {}) } }, tx);
  return { outcome: "fulfilled", order: paid, commissionCents: credit.credited ? credit.commissionCents : null };
}

/** A refund's order is not paid (yet): the caller answers so that the provider tries again later. */
export class OrderNotPaidError extends Error {
  constructor(orderId: string) {
    super(`order ${orderId} is not paid: the refund waits for its payment`);
  }
}

export type RefundOutcome = { refundedCents: number; status: Order["status"]; changed: boolean };

/**
 * Sets `order` (locked, inside `tx`) to have had `refundedTotalCents` refunded in all, and reverses
 * the commission in proportion. Totals only grow: a late or repeated report changes nothing.
 */
export async function applyRefund(order: Order, refundedTotalCents: number, tx: Executor): Promise<RefundOutcome> {
  if (!["paid", "partially_refunded", "refunded"].includes(order.status)) throw new OrderNotPaidError(order.id);
  const refunded = Math.min(order.amountCents, Math.max(order.refundedCents, refundedTotalCents));
  const status = refunded >= order.amountCents ? "refunded" : "partially_refunded";
  if (refunded === order.refundedCents) return { refundedCents: refunded, status: order.status, changed: false };
  await setOrderRefunded(order.id, refunded, status, tx);
  await reverseReferral({ id: order.id, amountCents: order.amountCents, refundedCents: refunded }, tx);
  return { refundedCents: refunded, status, changed: true };
}
