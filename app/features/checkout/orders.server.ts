// The checkout feature's data access (it owns orders).
import { and, count, gte, inArray } from "drizzle-orm";
import { getDb, type Executor } from "#server/db/client.server";
import { orders } from "#server/db/schema";

/** Orders paid since `since`; a partial refund still counts as a sale, a full refund does not. */
export async function countPaidOrdersSince(since: Date, executor: Executor = getDb()): Promise<number> {
  const [row] = await executor
    .select({ value: count() })
    .from(orders)
    .where(and(inArray(orders.status, ["paid", "partially_refunded"]), gte(orders.paidAt, since)));
  return row?.value ?? 0;
}
