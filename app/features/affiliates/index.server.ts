// The affiliates feature's front door: what other features may use (the checkout's attribution
// and referral bookkeeping, codes to show beside orders, the dashboard's count).
export { affiliateCodes, countApprovedAffiliates } from "./affiliates.server";
export { readAttributionReference } from "./attribution.server";
export { creditReferral, reverseReferral, type CreditOutcome, type PaidOrder } from "./referrals.server";
