// Referrals: written by the checkout's fulfilment, in its transaction (DESIGN.md section 5). A sale
// is credited to the affiliate its reference names only if they are approved and are not the buyer
// (by account or e-mail); the commission is the sale times their rate at that moment. Refunds take
// it back in proportion to the order's refunded total, so replays change nothing.
import { eq, sql } from "drizzle-orm";
import { recordBusinessEvent } from "~/features/analytics/index.server";
import type { Executor } from "#server/db/client.server";
import { affiliateReferrals } from "./schema-referrals";
import { commissionCents, reversedCommissionCents } from "./commission";
import { findReferencedAffiliate } from "./references.server";

export type PaidOrder = {
  id: string;
  amountCents: number;
  affiliateRef: string | null;
  customerEmail: string | null;
  buyerUserId: string | null;
};

export type CreditOutcome =
  | { credited: true; affiliateId: string; commissionCents: number }
  | { credited: false; reason: "no-reference" | "unknown" | "not-approved" | "self-referral" | "already-credited" };

export async function creditReferral(order: PaidOrder, tx: Executor): Promise<CreditOutcome> {
  if (!order.affiliateRef) return { credited: false, reason: "no-reference" };
  const affiliate = await findReferencedAffiliate(order.affiliateRef, tx);
  if (!affiliate) return { credited: false, reason: "unknown" };
  if (affiliate.status !== "approved") return { credited: false, reason: "not-approved" };
  const sameAccount = order.buyerUserId !== null && order.buyerUserId === affiliate.userId;
  const sameEmail = Boolean(order.customerEmail) && order.customerEmail!.trim().toLowerCase() === affiliate.userEmail.toLowerCase();
  if (sameAccount || sameEmail) return { credited: false, reason: "self-referral" };
  const commission = commissionCents(order.amountCents, affiliate.commissionRate);
  // One referral per order (the unique order_id): a second fulfilment of the same order adds nothing.
  const inserted = await tx
    .insert(affiliateReferrals)
    .values({
      affiliateId: affiliate.affiliateId,
      orderId: order.id,
      saleAmountCents: order.amountCents,
      commissionRate: affiliate.commissionRate,
      commissionCents: commission,
      customerEmail: order.customerEmail,
    })
    .onConflictDoNothing()
    .returning({ id: affiliateReferrals.id });
  if (inserted.length === 0) return { credited: false, reason: "already-credited" };
  await recordBusinessEvent({ name: "affiliate_conversion", properties: { affiliateCode: affiliate.affiliateCode, commissionCents: commission } }, tx);
  return { credited: true, affiliateId: affiliate.affiliateId, commissionCents: commission };
}

/** Sets the referral's reversal to match the order's refunded total (no referral: nothing to do). */
export async function reverseReferral(order: { id: string; amountCents: number; refundedCents: number }, tx: Executor) {
  const [referral] = await tx
    .select({ id: affiliateReferrals.id, commissionCents: affiliateReferrals.commissionCents, reversedCents: affiliateReferrals.reversedCents })
    .from(affiliateReferrals)
    .where(eq(affiliateReferrals.orderId, order.id))
    .for("update");
  if (!referral) return null;
  const reversed = Math.max(referral.reversedCents, reversedCommissionCents(referral.commissionCents, order.refundedCents, order.amountCents));
  const status = reversed === 0 ? "earned" : reversed >= referral.commissionCents ? "reversed" : "partially_reversed";
  await tx
    .update(affiliateReferrals)
    .set({ reversedCents: reversed, status, updatedAt: sql`now()` })
    .where(eq(affiliateReferrals.id, referral.id));
  return { reversedCents: reversed, status };
}
