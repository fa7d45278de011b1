import type { Route } from "./+types/admin-analytics";
import { AdminPageHeader } from "~/components/admin-page-header";
import { getAnalyticsPage } from "~/features/analytics/admin-pages.server";
import { Breakdowns, DailySection, Figures, FunnelsSection, RangePicker } from "~/features/analytics/components/analytics-dashboard";
import { requireAdmin } from "~/features/auth/guards.server";
import { seo } from "~/lib/seo";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Analytics",
    description: "Traffic, bookings, conversions and affiliate performance.",
    noIndex: true,
  });

// Admin only (SPEC.md section 6), under the admin layout: the guard runs in this loader too.
export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  return getAnalyticsPage(new URL(args.request.url));
}

export default function AdminAnalytics({ loaderData: page }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
      <AdminPageHeader
        title="Analytics"
        description={`First-party and cookieless: ${page.current.from} to ${page.current.to} (Central Time), against ${page.previous.from} to ${page.previous.to}. Bots and signed-in admins are not counted.`}
      />
      <div className="mt-8 grid grid-cols-1 gap-8 [&>*]:min-w-0">
        <RangePicker page={page} />
        {page.error ? (
          <p role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
            {page.error}
          </p>
        ) : null}
        <Figures page={page} />
        <DailySection page={page} />
        <FunnelsSection page={page} />
        <Breakdowns page={page} />
      </div>
    </div>
  );
}
