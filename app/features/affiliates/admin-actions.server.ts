// Affiliate management's actions (SPEC.md sections 4 and 8): status changes allowed only along the
// spec's transitions (the update matches the expected current status, so a stale page or a second
// admin cannot skip one), the edit dialog, and payouts that can never exceed the balance.
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { ActionResult } from "~/components/form";
import type { SessionUser } from "~/features/auth/index.server";
import { NO_STORE } from "~/lib/cache-headers";
import { readFormData } from "~/lib/form-data.server";
import type { Toast } from "~/lib/toast";
import { getDb, type Executor } from "#server/db/client.server";
import { enqueueEmail } from "#server/email/outbox.server";
import { logger } from "#server/logger.server";
import { changeAffiliateStatus, findAffiliateForAdmin, insertPayout, lockAffiliate, updateAffiliateTerms, type NewPayout } from "./admin-data.server";
import { affiliateApplicationApprovedEmail, affiliateApplicationRejectedEmail, affiliateReactivatedEmail, affiliateSuspendedEmail } from "./email-templates.server";
import { formatCents } from "~/lib/money";
import { percentToRate } from "./commission-rate";
import { EDIT_INTENT, editAffiliateSchema, PAYOUT_INTENT, payoutSchema, STATUS_INTENT, statusActionSchema } from "./schemas";
import { STATUS_ACTIONS, type StatusAction } from "./status";
import { totalsOf } from "./totals.server";

export const AFFILIATE_APPROVED_KIND = "affiliate_approved";
export const AFFILIATE_REJECTED_KIND = "affiliate_rejected";
export const AFFILIATE_SUSPENDED_KIND = "affiliate_suspended";
export const AFFILIATE_REACTIVATED_KIND = "affiliate_reactivated";

export type ManagementActionResult = ActionResult & { intent: string; toast: Toast };

const answer = (result: ManagementActionResult, status = 200) => data(result, { status, headers: NO_STORE });

export type StatusChangeOutcome = { outcome: "changed"; status: string } | { outcome: "not-found" } | { outcome: "refused"; current: string };

/** Applies `action` if the affiliate's status allows it; the e-mail it causes commits with it. */
export async function applyStatusAction(affiliateId: string, action: StatusAction, executor: Executor = getDb()): Promise<StatusChangeOutcome> {
  const { from, to } = STATUS_ACTIONS[action];
  return executor.transaction(async (tx) => {
    const affiliate = await findAffiliateForAdmin(affiliateId, tx);
    if (!affiliate) return { outcome: "not-found" as const };
    if (!(await changeAffiliateStatus(affiliateId, from, to, tx))) return { outcome: "refused" as const, current: affiliate.status };
    if (action === "approve") {
      const message = affiliateApplicationApprovedEmail({
        email: affiliate.accountEmail,
        affiliateCode: affiliate.affiliateCode,
        commissionRate: Number(affiliate.commissionRate),
      });
      await enqueueEmail({ kind: AFFILIATE_APPROVED_KIND, to: affiliate.accountEmail, ...message }, tx);
    } else if (action === "reject") {
      await enqueueEmail({ kind: AFFILIATE_REJECTED_KIND, to: affiliate.accountEmail, ...affiliateApplicationRejectedEmail({ email: affiliate.accountEmail }) }, tx);
    } else if (action === "suspend") {
      const message = affiliateSuspendedEmail({ email: affiliate.accountEmail, affiliateCode: affiliate.affiliateCode });
      await enqueueEmail({ kind: AFFILIATE_SUSPENDED_KIND, to: affiliate.accountEmail, ...message }, tx);
    } else if (action === "reactivate") {
      const message = affiliateReactivatedEmail({ email: affiliate.accountEmail, affiliateCode: affiliate.affiliateCode });
      await enqueueEmail({ kind: AFFILIATE_REACTIVATED_KIND, to: affiliate.accountEmail, ...message }, tx);
    }
    return { outcome: "changed" as const, status: to };
  });
}

export type PayoutOutcome = { outcome: "recorded"; balanceCents: number } | { outcome: "not-found" } | { outcome: "exceeds-balance"; balanceCents: number };

/**
 * Records a payout if it does not exceed what is owed. The affiliate's row is locked first, so two
 * payouts at once are decided one after the other against the balance the first one left.
 */
export async function recordPayout(affiliateId: string, payout: NewPayout, executor: Executor = getDb()): Promise<PayoutOutcome> {
  return executor.transaction(async (tx) => {
    if (!(await lockAffiliate(affiliateId, tx))) return { outcome: "not-found" as const };
    const { balanceCents } = await totalsOf(affiliateId, tx);
    if (payout.amountCents > balanceCents) return { outcome: "exceeds-balance" as const, balanceCents };
    await insertPayout(affiliateId, payout, tx);
    return { outcome: "recorded" as const, balanceCents: balanceCents - payout.amountCents };
  });
}

async function statusAction(formData: FormData) {
  const submission = parseWithZod(formData, { schema: statusActionSchema });
  if (submission.status !== "success") {
    return answer({ intent: STATUS_INTENT, ok: false, toast: { kind: "error", title: "Failed to update affiliate status" } }, 400);
  }
  const { affiliateId, action } = submission.value;
  const outcome = await applyStatusAction(affiliateId, action);
  if (outcome.outcome === "not-found") {
    return answer({ intent: STATUS_INTENT, ok: false, toast: { kind: "error", title: "Failed to update affiliate status", description: "This affiliate no longer exists." } }, 404);
  }
  if (outcome.outcome === "refused") {
    const description = `${STATUS_ACTIONS[action].label} is not possible for an affiliate who is ${outcome.current}.`;
    return answer({ intent: STATUS_INTENT, ok: false, toast: { kind: "error", title: "Failed to update affiliate status", description } }, 409);
  }
  logger.info({ affiliateId, status: outcome.status }, "affiliate status changed");
  return answer({ intent: STATUS_INTENT, ok: true, toast: { kind: "success", title: `Affiliate status updated to ${outcome.status}` } });
}

async function editAction(formData: FormData) {
  const submission = parseWithZod(formData, { schema: editAffiliateSchema });
  if (submission.status !== "success") {
    return answer({ intent: EDIT_INTENT, ok: false, toast: { kind: "error", title: "Failed to update affiliate", description: "Please check the highlighted fields." }, reply: submission.reply() }, 400);
  }
  const { affiliateId, commissionPercent, payoutEmail } = submission.value;
  const updated = await updateAffiliateTerms(affiliateId, { commissionRate: percentToRate(commissionPercent), payoutEmail: payoutEmail ?? null });
  if (!updated) {
    return answer({ intent: EDIT_INTENT, ok: false, toast: { kind: "error", title: "Failed to update affiliate", description: "This affiliate no longer exists." } }, 404);
  }
  return answer({ intent: EDIT_INTENT, ok: true, toast: { kind: "success", title: "Affiliate updated successfully" }, reply: submission.reply({ resetForm: true }) });
}

async function payoutAction(formData: FormData, admin: SessionUser) {
  const submission = parseWithZod(formData, { schema: payoutSchema });
  if (submission.status !== "success") {
    return answer({ intent: PAYOUT_INTENT, ok: false, toast: { kind: "error", title: "Payout not recorded", description: "Please check the highlighted fields." }, reply: submission.reply() }, 400);
  }
  const { affiliateId, amount, paidOn, method, reference, note } = submission.value;
  const outcome = await recordPayout(affiliateId, { amountCents: amount, paidOn, method, reference, note, recordedBy: admin.id });
  if (outcome.outcome === "not-found") {
    return answer({ intent: PAYOUT_INTENT, ok: false, toast: { kind: "error", title: "Payout not recorded", description: "This affiliate no longer exists." } }, 404);
  }
  if (outcome.outcome === "exceeds-balance") {
    const message = `The payout is more than the current balance of ${formatCents(outcome.balanceCents)}.`;
    return answer(
      { intent: PAYOUT_INTENT, ok: false, toast: { kind: "error", title: "Payout not recorded", description: message }, reply: submission.reply({ fieldErrors: { amount: [message] } }) },
      409,
    );
  }
  logger.info({ affiliateId, amountCents: amount }, "affiliate payout recorded");
  return answer({
    intent: PAYOUT_INTENT,
    ok: true,
    toast: { kind: "success", title: "Payout recorded", description: `${formatCents(amount)} paid; the balance is now ${formatCents(outcome.balanceCents)}.` },
    reply: submission.reply({ resetForm: true }),
  });
}

export async function affiliateManagementAction(request: Request, admin: SessionUser) {
  const formData = await readFormData(request, { schema: [statusActionSchema, editAffiliateSchema, payoutSchema] });
  switch (formData.get("intent")) {
    case STATUS_INTENT:
      return statusAction(formData);
    case EDIT_INTENT:
      return editAction(formData);
    case PAYOUT_INTENT:
      return payoutAction(formData, admin);
    default:
      throw data("Bad request: unknown form.", { status: 400, headers: NO_STORE });
  }
}
