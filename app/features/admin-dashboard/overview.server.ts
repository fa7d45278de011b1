// The admin dashboard's quick overview (SPEC.md section 2), with real numbers where the spec's
// original showed placeholders (DESIGN.md section 9). Each number comes from the feature that
// owns its table.
import { countApprovedAffiliates } from "~/features/affiliates/index.server";
import { countPosts } from "~/features/blog/index.server";
import { countUpcomingBookings } from "~/features/booking/index.server";
import { countPaidOrdersSince, revenueSince } from "~/features/checkout/index.server";
import { countActiveSubscribers } from "~/features/newsletter/index.server";
import { startOfCentralMonth } from "~/lib/central-time";
import { getDb, type Executor } from "#server/db/client.server";

/** The business runs on Central Time: "this month" starts at midnight on the 1st in Chicago. */
export function startOfBusinessMonth(now: Date): Date {
  return startOfCentralMonth(now);
}

export type AdminOverview = {
  totalPosts: number;
  activeAffiliates: number;
  conversionsThisMonth: number;
  /** Paid this month, net of refunds, in cents. */
  revenueThisMonthCents: number;
  /** Not cancelled, starting after now. */
  upcomingBookings: number;
  activeSubscribers: number;
};

export async function getAdminOverview(now = new Date(), executor: Executor = getDb()): Promise<AdminOverview> {
  const monthStart = startOfBusinessMonth(now);
  const [totalPosts, activeAffiliates, conversionsThisMonth, revenueThisMonthCents, upcomingBookings, activeSubscribers] = await Promise.all([
    countPosts(executor),
    countApprovedAffiliates(executor),
    countPaidOrdersSince(monthStart, executor),
    revenueSince(monthStart, executor),
    countUpcomingBookings(now, executor),
    countActiveSubscribers(executor),
  ]);
  return { totalPosts, activeAffiliates, conversionsThisMonth, revenueThisMonthCents, upcomingBookings, activeSubscribers };
}
