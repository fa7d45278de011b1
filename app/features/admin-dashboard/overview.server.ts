// The admin dashboard's quick overview (SPEC.md section 2), with real numbers where the spec's
// original showed placeholders (DESIGN.md section 9).
import { TZDate } from "@date-fns/tz";
import { startOfMonth } from "date-fns";
import { and, count, eq, gte, inArray } from "drizzle-orm";
import type { Executor } from "#server/db/client.server";
import { affiliates, blogPosts, orders } from "#server/db/schema";

/** The business runs on Central Time: "this month" starts at midnight on the 1st in Chicago. */
export function startOfBusinessMonth(now: Date): Date {
  return new Date(startOfMonth(new TZDate(now, "America/Chicago")).getTime());
}

export type AdminOverview = {
  totalPosts: number;
  activeAffiliates: number;
  conversionsThisMonth: number;
};

export async function getAdminOverview(executor: Executor, now = new Date()): Promise<AdminOverview> {
  const [[posts], [partners], [conversions]] = await Promise.all([
    executor.select({ value: count() }).from(blogPosts),
    executor.select({ value: count() }).from(affiliates).where(eq(affiliates.status, "approved")),
    executor
      .select({ value: count() })
      .from(orders)
      // A partial refund still counts as a sale; a full refund does not.
      .where(and(inArray(orders.status, ["paid", "partially_refunded"]), gte(orders.paidAt, startOfBusinessMonth(now)))),
  ]);
  return {
    totalPosts: posts?.value ?? 0,
    activeAffiliates: partners?.value ?? 0,
    conversionsThisMonth: conversions?.value ?? 0,
  };
}
