import { useNavigation } from "react-router";
import type { Route } from "./+types/affiliate-management";
import { AdminPageHeader } from "~/components/admin-page-header";
import { Spinner } from "~/components/ui/spinner";
import { affiliateManagementAction } from "~/features/affiliates/admin-actions.server";
import { getAffiliateManagementPage } from "~/features/affiliates/admin-pages.server";
import { AffiliateFilters, AffiliateList, ExportLinks, ProgramStats } from "~/features/affiliates/components/management";
import { requireAdmin } from "~/features/auth/guards.server";
import { seo } from "~/lib/seo";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Affiliate Management",
    description: "Approve, suspend and edit affiliate partners.",
    noIndex: true,
  });

// Admin only (SPEC.md section 6), under the admin layout: the guard runs in this loader and action.
export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  return getAffiliateManagementPage(new URL(args.request.url));
}

export async function action(args: Route.ActionArgs) {
  const { user } = await requireAdmin(args);
  return affiliateManagementAction(args.request, user);
}

export default function AffiliateManagement({ loaderData }: Route.ComponentProps) {
  const { stats, countByStatus, filters, affiliates, page, pageCount, total } = loaderData;
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/affiliate-management";
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
      <AdminPageHeader
        title="Affiliate Management"
        description="Approve applications, set rates, record payouts. Totals are read from the clicks, referrals and payouts themselves."
        actions={<ExportLinks />}
      />
      <div className="mt-8 space-y-8">
        <ProgramStats stats={stats} />
        <AffiliateFilters filters={filters} countByStatus={countByStatus} busy={loading} />
        <section aria-labelledby="affiliates-heading" aria-busy={loading} className="space-y-4">
          <div className="flex items-center gap-3">
            <h2 id="affiliates-heading" className="text-xl font-semibold">
              All Affiliates ({total})
            </h2>
            {loading ? <Spinner className="text-brand" label="Loading affiliates" /> : null}
          </div>
          <AffiliateList affiliates={affiliates} page={page} pageCount={pageCount} filters={filters} />
        </section>
      </div>
    </div>
  );
}
