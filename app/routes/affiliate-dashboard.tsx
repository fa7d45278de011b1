import { data } from "react-router";
import type { Route } from "./+types/affiliate-dashboard";
import { PagePlaceholder } from "~/components/page-placeholder";
import { ProtectedRouteErrorBoundary } from "~/features/auth/components/auth-states";
import { requireUser } from "~/features/auth/guards.server";
import { seo } from "~/lib/seo";
import { loaderOrActionHeaders, NO_STORE } from "~/lib/cache-headers";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Affiliate Dashboard",
    description: "Your affiliate clicks, referrals and earnings.",
    noIndex: true,
  });

// Signed-in users only; an anonymous visitor goes to /admin-login (SPEC.md section 2, declared in
// app/lib/route-access.ts).
export async function loader(args: Route.LoaderArgs) {
  await requireUser(args);
  return data(null, { headers: NO_STORE });
}

export const headers = loaderOrActionHeaders;

export const ErrorBoundary = ProtectedRouteErrorBoundary;

export default function AffiliateDashboard() {
  return <PagePlaceholder title="Affiliate Dashboard" />;
}
