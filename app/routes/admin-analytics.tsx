import { data } from "react-router";
import type { Route } from "./+types/admin-analytics";
import { PagePlaceholder } from "~/components/page-placeholder";
import { ProtectedRouteErrorBoundary } from "~/features/auth/components/auth-states";
import { requireAdmin } from "~/features/auth/guards.server";
import { seo } from "~/lib/seo";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Analytics",
    description: "Traffic, bookings, conversions and affiliate performance.",
    noIndex: true,
  });

// Admin only (SPEC.md section 6): the guard runs in the loader; every action added here must call it too.
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return data(null, { headers: { "Cache-Control": "no-store" } });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const ErrorBoundary = ProtectedRouteErrorBoundary;

export { shouldRevalidate } from "~/features/auth/protected-route";

export default function AdminAnalytics() {
  return <PagePlaceholder title="Analytics" />;
}
