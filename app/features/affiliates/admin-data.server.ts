// Affiliate management's data access: the list with each affiliate's totals (read from the rows,
// never stored), the program's stat cards, status changes and payouts.
import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import { getDb, type Executor } from "#server/db/client.server";
import { affiliatePayouts, affiliates } from "./schema";
import { affiliateReferrals } from "./schema-referrals";
import { accountEmails } from "~/features/auth/index.server";
import { orderStatusById } from "~/features/checkout/index.server";
import type { AffiliateStatus } from "./status";
import { totalsColumns, withBalance } from "./totals.server";

export type AffiliateFilters = { status?: AffiliateStatus; search?: string };

/** `%`, `_` and `\` are ILIKE's own characters; the search matches them literally. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

// The admin's pages show and search each affiliate's account e-mail (the auth feature's accounts).
const accounts = accountEmails();

function whereOf(filters: AffiliateFilters): SQL | undefined {
  const conditions: SQL[] = [];
  if (filters.status) conditions.push(eq(affiliates.status, filters.status));
  if (filters.search) {
    const pattern = likePattern(filters.search);
    conditions.push(or(ilike(affiliates.affiliateCode, pattern), ilike(affiliates.payoutEmail, pattern), ilike(accounts.email, pattern))!);
  }
  return conditions.length ? and(...conditions) : undefined;
}

export async function countAffiliates(filters: AffiliateFilters, executor: Executor = getDb()): Promise<number> {
  const [row] = await executor
    .select({ value: count() })
    .from(affiliates)
    .innerJoin(accounts, eq(accounts.userId, affiliates.userId))
    .where(whereOf(filters));
  return row?.value ?? 0;
}

/** Who an affiliate is, as the admin pages show it (joined to the account's e-mail). */
const identityColumns = {
  id: affiliates.id,
  affiliateCode: affiliates.affiliateCode,
  status: affiliates.status,
  commissionRate: affiliates.commissionRate,
  payoutEmail: affiliates.payoutEmail,
  accountEmail: accounts.email,
};

/** Newest first (SPEC.md: ordered by created_at descending), a page at a time. */
export async function listAffiliates(filters: AffiliateFilters, page: { limit: number; offset: number }, executor: Executor = getDb()) {
  const rows = await executor
    .select({
      ...identityColumns,
      socialMediaHandles: affiliates.socialMediaHandles,
      createdAt: affiliates.createdAt,
      ...totalsColumns,
    })
    .from(affiliates)
    .innerJoin(accounts, eq(accounts.userId, affiliates.userId))
    .where(whereOf(filters))
    .orderBy(desc(affiliates.createdAt), asc(affiliates.id))
    .limit(page.limit)
    .offset(page.offset);
  return rows.map(withBalance);
}

export type AdminAffiliate = Awaited<ReturnType<typeof listAffiliates>>[number];

/** The four stat cards, over the whole program (not the filtered list). */
export async function programStats(executor: Executor = getDb()) {
  const [row] = await executor
    .select({
      total: sql<number>`count(*)::int`,
      pending: sql<number>`(count(*) filter (where ${affiliates.status} = 'pending'))::int`,
      approved: sql<number>`(count(*) filter (where ${affiliates.status} = 'approved'))::int`,
      rejected: sql<number>`(count(*) filter (where ${affiliates.status} = 'rejected'))::int`,
      suspended: sql<number>`(count(*) filter (where ${affiliates.status} = 'suspended'))::int`,
      earnedCents: sql<number>`(select coalesce(sum(r."commission_cents" - r."reversed_cents"), 0) from "affiliate_referrals" r)::int`,
      clicks: sql<number>`(select count(*) from "affiliate_clicks")::int`,
    })
    .from(affiliates);
  const { total = 0, pending = 0, approved = 0, rejected = 0, suspended = 0, earnedCents = 0, clicks = 0 } = row ?? {};
  return { total, active: approved, countByStatus: { pending, approved, rejected, suspended }, earnedCents, clicks };
}

export async function findAffiliateForAdmin(id: string, executor: Executor = getDb()) {
  const [row] = await executor
    .select(identityColumns)
    .from(affiliates)
    .innerJoin(accounts, eq(accounts.userId, affiliates.userId))
    .where(eq(affiliates.id, id));
  return row ?? null;
}

/** Moves `from` → `to` only if the affiliate is still in `from` (two admins cannot both act). */
export async function changeAffiliateStatus(id: string, from: AffiliateStatus, to: AffiliateStatus, executor: Executor = getDb()) {
  const [row] = await executor
    .update(affiliates)
    .set({ status: to, updatedAt: sql`now()` })
    .where(and(eq(affiliates.id, id), eq(affiliates.status, from)))
    .returning({ id: affiliates.id });
  return Boolean(row);
}

export async function updateAffiliateTerms(id: string, terms: { commissionRate: string; payoutEmail: string | null }, executor: Executor = getDb()) {
  const [row] = await executor
    .update(affiliates)
    .set({ commissionRate: terms.commissionRate, payoutEmail: terms.payoutEmail, updatedAt: sql`now()` })
    .where(eq(affiliates.id, id))
    .returning({ id: affiliates.id });
  return Boolean(row);
}

/** Locks the affiliate's row until the transaction ends: payouts to one affiliate queue on it. */
export async function lockAffiliate(id: string, executor: Executor): Promise<boolean> {
  const rows = await executor.select({ id: affiliates.id }).from(affiliates).where(eq(affiliates.id, id)).for("update");
  return rows.length > 0;
}

export type NewPayout = { amountCents: number; paidOn: string; method?: string; reference?: string; note?: string; recordedBy: string };

export async function insertPayout(affiliateId: string, payout: NewPayout, executor: Executor) {
  const [row] = await executor
    .insert(affiliatePayouts)
    .values({ affiliateId, ...payout })
    .returning({ id: affiliatePayouts.id });
  return row!.id;
}

// CSV pages for the monthly payout run.

export async function listReferralsForExport(page: { limit: number; offset: number }, executor: Executor = getDb()) {
  const orders = orderStatusById();
  return executor
    .select({
      createdAt: affiliateReferrals.createdAt,
      affiliateCode: affiliates.affiliateCode,
      payoutEmail: affiliates.payoutEmail,
      orderId: affiliateReferrals.orderId,
      orderStatus: orders.status,
      saleAmountCents: affiliateReferrals.saleAmountCents,
      commissionRate: affiliateReferrals.commissionRate,
      commissionCents: affiliateReferrals.commissionCents,
      reversedCents: affiliateReferrals.reversedCents,
      status: affiliateReferrals.status,
      customerEmail: affiliateReferrals.customerEmail,
    })
    .from(affiliateReferrals)
    .innerJoin(affiliates, eq(affiliates.id, affiliateReferrals.affiliateId))
    .innerJoin(orders, eq(orders.orderId, affiliateReferrals.orderId))
    .orderBy(desc(affiliateReferrals.createdAt), asc(affiliateReferrals.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function listPayoutsForExport(page: { limit: number; offset: number }, executor: Executor = getDb()) {
  return executor
    .select({
      paidOn: affiliatePayouts.paidOn,
      affiliateCode: affiliates.affiliateCode,
      payoutEmail: affiliates.payoutEmail,
      amountCents: affiliatePayouts.amountCents,
      method: affiliatePayouts.method,
      reference: affiliatePayouts.reference,
      note: affiliatePayouts.note,
      recordedBy: accounts.email,
      createdAt: affiliatePayouts.createdAt,
    })
    .from(affiliatePayouts)
    .innerJoin(affiliates, eq(affiliates.id, affiliatePayouts.affiliateId))
    .leftJoin(accounts, eq(accounts.userId, affiliatePayouts.recordedBy))
    .orderBy(desc(affiliatePayouts.paidOn), desc(affiliatePayouts.createdAt), asc(affiliatePayouts.id))
    .limit(page.limit)
    .offset(page.offset);
}
