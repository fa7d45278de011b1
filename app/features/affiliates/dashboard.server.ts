// /affiliate-dashboard: the partner's own record, totals, links, latest referrals and payouts
// (SPEC.md section 2), the quick apply, and their links' actions.
import { parseWithZod } from "@conform-to/zod/v4";
import { desc, eq } from "drizzle-orm";
import { data } from "react-router";
import type { ActionResult } from "~/components/form";
import type { SessionUser } from "~/features/auth/index.server";
import { NO_STORE } from "~/lib/cache-headers";
import { dateTime, longDate } from "~/lib/central-time";
import { getEnv } from "~/lib/env.server";
import { readFormData } from "~/lib/form-data.server";
import type { Toast } from "~/lib/toast";
import { getDb, type Executor } from "#server/db/client.server";
import { affiliatePayouts } from "./schema";
import { affiliateReferrals } from "./schema-referrals";
import { logger } from "#server/logger.server";
import { rateLimitRequest, refusalHeaders } from "#server/rate-limits.server";
import { applyAsAffiliate, findAffiliateOfUser } from "./applications.server";
import { createAffiliateLink, deactivateAffiliateLink, listAffiliateLinks } from "./links.server";
import { maskCustomerEmail } from "./masking";
import { formatCents } from "~/lib/money";
import { formatRate } from "./commission-rate";
import {
  CREATE_LINK_INTENT,
  createLinkSchema,
  DEACTIVATE_LINK_INTENT,
  deactivateLinkSchema,
  QUICK_APPLY_INTENT,
  quickApplySchema,
} from "./schemas";
import { totalsOf } from "./totals.server";

export const RECENT_REFERRALS = 10;
const RECENT_PAYOUTS = 24;
export const ALREADY_APPLIED_MESSAGE = "You have already submitted an application.";

export async function recentReferrals(affiliateId: string, executor: Executor = getDb()) {
  return executor
    .select({
      id: affiliateReferrals.id,
      createdAt: affiliateReferrals.createdAt,
      saleAmountCents: affiliateReferrals.saleAmountCents,
      commissionCents: affiliateReferrals.commissionCents,
      reversedCents: affiliateReferrals.reversedCents,
      status: affiliateReferrals.status,
      customerEmail: affiliateReferrals.customerEmail,
    })
    .from(affiliateReferrals)
    .where(eq(affiliateReferrals.affiliateId, affiliateId))
    .orderBy(desc(affiliateReferrals.createdAt))
    .limit(RECENT_REFERRALS);
}

export async function payoutsOf(affiliateId: string, executor: Executor = getDb()) {
  return executor
    .select({
      id: affiliatePayouts.id,
      amountCents: affiliatePayouts.amountCents,
      paidOn: affiliatePayouts.paidOn,
      method: affiliatePayouts.method,
      reference: affiliatePayouts.reference,
    })
    .from(affiliatePayouts)
    .where(eq(affiliatePayouts.affiliateId, affiliateId))
    .orderBy(desc(affiliatePayouts.paidOn), desc(affiliatePayouts.createdAt))
    .limit(RECENT_PAYOUTS);
}

const REFERRAL_STATUS_LABELS = { earned: "earned", partially_reversed: "partially refunded", reversed: "refunded" } as const;

export async function getAffiliateDashboard(user: SessionUser) {
  const affiliate = await findAffiliateOfUser(user.id);
  if (!affiliate) return data({ affiliate: null, userEmail: user.email }, { headers: NO_STORE });
  const [totals, links, referrals, payouts] = await Promise.all([
    totalsOf(affiliate.id),
    listAffiliateLinks(affiliate.id),
    recentReferrals(affiliate.id),
    payoutsOf(affiliate.id),
  ]);
  const siteUrl = getEnv().SITE_URL;
  return data(
    {
      userEmail: user.email,
      affiliate: {
        code: affiliate.affiliateCode,
        status: affiliate.status,
        rateLabel: formatRate(affiliate.commissionRate),
        affiliateUrl: `${siteUrl}/a/${affiliate.affiliateCode}`,
        previewPath: `/bootcamp?ref=${encodeURIComponent(affiliate.affiliateCode)}`,
        appliedLabel: longDate(affiliate.createdAt),
      },
      totals: {
        clicks: totals.clicks,
        conversions: totals.conversions,
        earnings: formatCents(totals.earnedCents),
        balance: formatCents(totals.balanceCents),
        paid: formatCents(totals.paidCents),
      },
      links: links.map((link) => ({
        id: link.id,
        name: link.name,
        target: link.originalUrl,
        url: `${siteUrl}/a/${link.customSlug}`,
        isActive: link.isActive,
        clicks: link.clicks,
      })),
      referrals: referrals.map((referral) => ({
        id: referral.id,
        dateLabel: longDate(referral.createdAt),
        saleAmount: formatCents(referral.saleAmountCents),
        commission: formatCents(referral.commissionCents - referral.reversedCents),
        status: REFERRAL_STATUS_LABELS[referral.status],
        customer: maskCustomerEmail(referral.customerEmail),
      })),
      payouts: payouts.map((payout) => ({
        id: payout.id,
        amount: formatCents(payout.amountCents),
        paidOnLabel: longDate(payout.paidOn),
        method: payout.method,
        reference: payout.reference,
      })),
      generatedAt: dateTime(new Date()),
    },
    { headers: NO_STORE },
  );
}

export type DashboardActionResult = ActionResult & { intent: string; toast: Toast };

const answer = (result: DashboardActionResult, init: { status?: number; headers?: HeadersInit } = {}) =>
  data(result, { status: init.status ?? 200, headers: { ...NO_STORE, ...init.headers } });

async function quickApply(request: Request, user: SessionUser, clientIp: string | undefined) {
  const refusal = await rateLimitRequest(request, { client: clientIp, email: user.email });
  if (refusal) {
    return answer(
      { intent: QUICK_APPLY_INTENT, ok: false, toast: { kind: "error", title: "Failed to submit affiliate application", description: refusal.message } },
      { status: 429, headers: refusalHeaders(refusal) },
    );
  }
  const outcome = await applyAsAffiliate({ user, payoutEmail: user.email });
  if (outcome.outcome === "already-applied") {
    return answer({ intent: QUICK_APPLY_INTENT, ok: false, toast: { kind: "error", title: ALREADY_APPLIED_MESSAGE } }, { status: 409 });
  }
  logger.info({ affiliateCode: outcome.affiliateCode }, "affiliate application (quick)");
  return answer({ intent: QUICK_APPLY_INTENT, ok: true, toast: { kind: "success", title: "Affiliate application submitted! We'll review it soon." } });
}

async function createLink(affiliateId: string, formData: FormData) {
  const submission = parseWithZod(formData, { schema: createLinkSchema });
  if (submission.status !== "success") {
    return answer(
      { intent: CREATE_LINK_INTENT, ok: false, toast: { kind: "error", title: "Failed to create affiliate link", description: "Please check the highlighted fields." }, reply: submission.reply() },
      { status: 400 },
    );
  }
  const outcome = await createAffiliateLink(affiliateId, submission.value);
  if (outcome.outcome === "slug-refused") {
    return answer(
      {
        intent: CREATE_LINK_INTENT,
        ok: false,
        toast: { kind: "error", title: "Failed to create affiliate link", description: outcome.message },
        reply: submission.reply({ fieldErrors: { customSlug: [outcome.message] } }),
      },
      { status: 409 },
    );
  }
  return answer({ intent: CREATE_LINK_INTENT, ok: true, toast: { kind: "success", title: "Affiliate link created successfully!" }, reply: submission.reply({ resetForm: true }) });
}

async function deactivateLink(affiliateId: string, formData: FormData) {
  const submission = parseWithZod(formData, { schema: deactivateLinkSchema });
  const done = submission.status === "success" && (await deactivateAffiliateLink(affiliateId, submission.value.linkId));
  if (!done) {
    return answer({ intent: DEACTIVATE_LINK_INTENT, ok: false, toast: { kind: "error", title: "Link not deactivated", description: "This link no longer exists." } }, { status: 404 });
  }
  return answer({ intent: DEACTIVATE_LINK_INTENT, ok: true, toast: { kind: "success", title: "Link deactivated", description: "It no longer counts clicks; visitors land on the bootcamp." } });
}

export async function affiliateDashboardAction(request: Request, user: SessionUser, clientIp: string | undefined) {
  const formData = await readFormData(request, { schema: [quickApplySchema, createLinkSchema, deactivateLinkSchema] });
  const intent = formData.get("intent");
  if (intent === QUICK_APPLY_INTENT) return quickApply(request, user, clientIp);
  const affiliate = await findAffiliateOfUser(user.id);
  if (!affiliate) {
    return answer({ intent: String(intent), ok: false, toast: { kind: "error", title: "Failed to load affiliate data", description: "Apply to become an affiliate first." } }, { status: 404 });
  }
  if (intent === CREATE_LINK_INTENT) {
    if (affiliate.status !== "pending" && affiliate.status !== "approved") {
      return answer({ intent, ok: false, toast: { kind: "error", title: "Failed to create affiliate link", description: `Your affiliate account is ${affiliate.status}.` } }, { status: 403 });
    }
    return createLink(affiliate.id, formData);
  }
  if (intent === DEACTIVATE_LINK_INTENT) return deactivateLink(affiliate.id, formData);
  throw data("Bad request: unknown form.", { status: 400, headers: NO_STORE });
}
