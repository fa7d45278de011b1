// What an affiliate reference names (SPEC.md section 4, DESIGN.md section 5): the `/a/{slugOrCode}`
// parameter, the `ref` a buyer carries to checkout. An active custom slug names its link's
// affiliate and target; otherwise the reference is read as an affiliate code. Used by the redirect
// (to count the click) and by fulfilment (to credit the sale), so both read a reference alike.
import { sql, type SQL } from "drizzle-orm";
import { isAffiliateReference } from "~/lib/affiliate-reference";
import { getDb, type Executor } from "#server/db/client.server";
import { affiliateLinks, affiliates } from "./schema";
import { accountEmails } from "~/features/auth/index.server";

export type ReferencedAffiliate = {
  affiliateId: string;
  affiliateCode: string;
  status: "pending" | "approved" | "rejected" | "suspended";
  /** A fraction as stored, e.g. "0.1500". */
  commissionRate: string;
  userId: string;
  /** The affiliate's account e-mail (a buyer paying with it is not referred by themselves). */
  userEmail: string;
  /** Set when the reference was an active custom link's slug. */
  link: { id: string; target: string } | null;
};

export type ReferencedRow = {
  affiliate_id: string;
  affiliate_code: string;
  status: ReferencedAffiliate["status"];
  commission_rate: string;
  user_id: string;
  user_email: string;
  link_id: string | null;
  link_target: string | null;
};

/** The two spellings a reference is looked up by: a custom slug (stored lower-case), else a code (upper-case). */
export function referenceKeys(reference: string): { slug: string; code: string } {
  return { slug: reference.toLowerCase(), code: reference.toUpperCase() };
}

/**
 * What each row of `keys` names (a relation with columns `slug` and `code`, referenceKeys' values):
 * a subquery for a lateral join, with zero or one ReferencedRow per row — the active link with this
 * slug, else the affiliate with this code. The redirect joins a whole batch of visits to it and
 * inserts their clicks in the same statement; a single reference is one row of keys.
 */
export function referencedAffiliateOfEach(keys: SQL) {
  const accounts = accountEmails();
  return sql`(
      select a.id as affiliate_id, a.affiliate_code, a.status, a.commission_rate::text as commission_rate, a.user_id,
        ${accounts.email} as user_email, chosen.link_id, chosen.link_target
      from (
        select ${affiliateLinks.affiliateId} as affiliate_id, ${affiliateLinks.id} as link_id, ${affiliateLinks.originalUrl} as link_target, 0 as preference
        from ${affiliateLinks}
        where ${affiliateLinks.customSlug} = ${keys}.slug and ${affiliateLinks.isActive}
        union all
        select ${affiliates.id}, null, null, 1 from ${affiliates} where ${affiliates.affiliateCode} = ${keys}.code
      ) chosen
      join ${affiliates} a on a.id = chosen.affiliate_id
      join ${accounts} on ${accounts.userId} = a.user_id
      order by chosen.preference
      limit 1
    )`;
}

export function referencedAffiliateOf(row: ReferencedRow | undefined): ReferencedAffiliate | null {
  if (!row) return null;
  return {
    affiliateId: row.affiliate_id,
    affiliateCode: row.affiliate_code,
    status: row.status,
    commissionRate: row.commission_rate,
    userId: row.user_id,
    userEmail: row.user_email,
    link: row.link_id ? { id: row.link_id, target: row.link_target! } : null,
  };
}

/** The affiliate a reference names (whatever their status), or null when it names nobody. */
export async function findReferencedAffiliate(reference: string, executor: Executor = getDb()): Promise<ReferencedAffiliate | null> {
  if (!isAffiliateReference(reference)) return null;
  const { slug, code } = referenceKeys(reference);
  const result = await executor.execute(
    sql`select referenced.* from (select ${slug}::text as slug, ${code}::text as code) as keys
      cross join lateral ${referencedAffiliateOfEach(sql.raw("keys"))} as referenced`,
  );
  return referencedAffiliateOf((result as unknown as { rows: ReferencedRow[] }).rows[0]);
}
