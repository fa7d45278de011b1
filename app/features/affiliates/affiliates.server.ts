// The affiliates feature's data access (it owns affiliates and their links, clicks, referrals).
import { count, eq } from "drizzle-orm";
import { getDb, type Executor } from "#server/db/client.server";
import { affiliates } from "#server/db/schema";

/** Partners whose application was approved (and not suspended since). */
export async function countApprovedAffiliates(executor: Executor = getDb()): Promise<number> {
  const [row] = await executor.select({ value: count() }).from(affiliates).where(eq(affiliates.status, "approved"));
  return row?.value ?? 0;
}
