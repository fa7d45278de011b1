// An affiliate's totals are never stored: each is read from the rows it summarises (clicks,
// referrals net of reversals, payouts), so what a partner and the owner see always equals the
// ledger (decision 018). Subqueries on the indexed affiliate_id of each table.
import { eq, sql } from "drizzle-orm";
import { getDb, type Executor } from "#server/db/client.server";
import { affiliates } from "./schema";

// Written out with table-qualified names: Drizzle leaves a column in a select's sql unqualified,
// and inside a subquery "id" would be the inner table's own.
const affiliateId = sql.raw(`"affiliates"."id"`);
const clicks = sql<number>`(select count(*) from "affiliate_clicks" c where c."affiliate_id" = ${affiliateId})::int`;
/** Sales still standing: a referral fully reversed by refunds no longer counts as a conversion. */
const conversions = sql<number>`(select count(*) from "affiliate_referrals" r where r."affiliate_id" = ${affiliateId} and r."status" <> 'reversed')::int`;
/** Commission earned net of reversals, in cents. */
const earnedCents = sql<number>`(select coalesce(sum(r."commission_cents" - r."reversed_cents"), 0) from "affiliate_referrals" r where r."affiliate_id" = ${affiliateId})::int`;
const paidCents = sql<number>`(select coalesce(sum(p."amount_cents"), 0) from "affiliate_payouts" p where p."affiliate_id" = ${affiliateId})::int`;

/** Columns for a select from `affiliates`. */
export const totalsColumns = { clicks, conversions, earnedCents, paidCents };

export type AffiliateTotals = { clicks: number; conversions: number; earnedCents: number; paidCents: number; balanceCents: number };

export function withBalance<T extends { earnedCents: number; paidCents: number }>(row: T): T & { balanceCents: number } {
  return { ...row, balanceCents: row.earnedCents - row.paidCents };
}

export async function totalsOf(affiliateId: string, executor: Executor = getDb()): Promise<AffiliateTotals> {
  const [row] = await executor.select(totalsColumns).from(affiliates).where(eq(affiliates.id, affiliateId));
  return withBalance(row ?? { clicks: 0, conversions: 0, earnedCents: 0, paidCents: 0 });
}
