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
  const { report } = page;
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
      <AdminPageHeader
        title="Analytics"
        description={
          report
            ? `First-party and cookieless: ${report.current.from} to ${report.current.to} (Central Time), against ${report.previous.from} to ${report.previous.to}. Bots and signed-in admins are not counted.`
            : "First-party and cookieless, in Central Time days. Bots and signed-in admins are not counted."
        }
      />
      <div className="mt-8 grid grid-cols-1 gap-8 [&>*]:min-w-0">
        <RangePicker page={page} />
        {page.error ? (
          <p role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
            {page.error}
          </p>
        ) : null}
        {page.notice ? <p className="rounded-lg border bg-muted/50 p-3 text-sm">{page.notice}</p> : null}
        {report ? (
          <>
            <Figures report={report} />
            <DailySection report={report} />
            <FunnelsSection page={page} report={report} />
            <Breakdowns report={report} />
          </>
        ) : null}
      </div>
    </div>
  );
}
