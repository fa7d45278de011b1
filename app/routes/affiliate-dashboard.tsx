import { ArrowLeft } from "lucide-react";
import { Link, useNavigation } from "react-router";
import { useToast } from "~/components/form";
import type { Route } from "./+types/affiliate-dashboard";
import { Button } from "~/components/ui/button";
import { AffiliateOverview, BecomeAnAffiliate } from "~/features/affiliates/components/dashboard";
import { affiliateDashboardAction, getAffiliateDashboard } from "~/features/affiliates/dashboard.server";
import { ProtectedRouteErrorBoundary } from "~/features/auth/components/auth-states";
import { requireUser } from "~/features/auth/guards.server";
import { loaderOrActionHeaders } from "~/lib/cache-headers";
import { clientIpContext } from "~/lib/request-context";
import { seo } from "~/lib/seo";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Affiliate Dashboard",
    description: "Your affiliate clicks, referrals and earnings.",
    noIndex: true,
  });

// Signed-in users only; an anonymous visitor goes to /admin-login (SPEC.md section 2, declared in
// app/lib/route-access.ts).
export async function loader(args: Route.LoaderArgs) {
  const { user } = await requireUser(args);
  return getAffiliateDashboard(user);
}

export async function action(args: Route.ActionArgs) {
  const { user } = await requireUser(args);
  return affiliateDashboardAction(args.request, user, args.context.get(clientIpContext));
}

export const headers = loaderOrActionHeaders;

export const ErrorBoundary = ProtectedRouteErrorBoundary;

export default function AffiliateDashboard({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  useToast(actionData?.toast);
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 lg:px-8">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-primary">Affiliate Dashboard</h1>
          <p className="mt-1 text-sm text-muted-foreground">Signed in as {loaderData.userEmail}</p>
        </div>
        <Button asChild variant="outline">
          <Link to="/">
            <ArrowLeft aria-hidden="true" />
            Back to Home
          </Link>
        </Button>
      </div>
      <div className="mt-8">{loaderData.affiliate ? <AffiliateOverview view={loaderData} /> : <BecomeAnAffiliate busy={navigation.state === "submitting"} />}</div>
    </div>
  );
}
