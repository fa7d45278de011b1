import { data } from "react-router";
import type { Route } from "./+types/affiliate-dashboard";
import { PagePlaceholder } from "~/components/page-placeholder";
import { ProtectedRouteErrorBoundary } from "~/features/auth/components/auth-states";
import { requireUser } from "~/features/auth/guards.server";
import { seo } from "~/lib/seo";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Affiliate Dashboard",
    description: "Your affiliate clicks, referrals and earnings.",
    noIndex: true,
  });

// Signed-in users only; an anonymous visitor goes to /admin-login (SPEC.md section 2).
export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request);
  return data(null, { headers: { "Cache-Control": "no-store" } });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const ErrorBoundary = ProtectedRouteErrorBoundary;

export { shouldRevalidate } from "~/features/auth/protected-route";

export default function AffiliateDashboard() {
  return <PagePlaceholder title="Affiliate Dashboard" />;
}
