// The affiliates feature's data access (it owns affiliates and their links, clicks, referrals).
import { count, eq } from "drizzle-orm";
import { QueryBuilder } from "drizzle-orm/pg-core";
import { getDb, type Executor } from "#server/db/client.server";
import { affiliates } from "./schema";

/** Partners whose application was approved (and not suspended since). */
export async function countApprovedAffiliates(executor: Executor = getDb()): Promise<number> {
  const [row] = await executor.select({ value: count() }).from(affiliates).where(eq(affiliates.status, "approved"));
  return row?.value ?? 0;
}

/** Each affiliate's code as a subquery with columns `affiliateId` and `affiliateCode`, to join in the caller's statement. */
export function affiliateCodes() {
  return new QueryBuilder().select({ affiliateId: affiliates.id, affiliateCode: affiliates.affiliateCode }).from(affiliates).as("affiliate_codes");
}
