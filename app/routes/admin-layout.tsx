// The layout of every admin page: the admin shell (navigation between the admin areas, 'Back to
// Site', 'Sign Out'), the admin guard, `Cache-Control: no-store` for the pages under it, the
// protected-route error boundary ('Access Denied', 'Authentication Error') and the "Checking
// authentication..." notice. Each page's own loader and action still call requireAdmin: a
// layout check alone is not enough (DESIGN.md section 2).
import { data, Outlet } from "react-router";
import type { Route } from "./+types/admin-layout";
import { AdminShell } from "~/components/admin-shell";
import { ProtectedNavigationNotice, ProtectedRouteErrorBoundary } from "~/features/auth/components/auth-states";
import { SignOutButton } from "~/features/auth/components/sign-out-button";
import { requireAdmin } from "~/features/auth/guards.server";
import { NO_STORE } from "~/lib/cache-headers";

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  return data(null, { headers: NO_STORE });
}

// Children without a headers function of their own inherit these.
export const headers: Route.HeadersFunction = () => NO_STORE;

export const ErrorBoundary = ProtectedRouteErrorBoundary;

export default function AdminLayout() {
  return (
    <AdminShell signOut={<SignOutButton redirectTo="/" page="admin" variant="outline" />}>
      <Outlet />
      <ProtectedNavigationNotice />
    </AdminShell>
  );
}
