// Exports every protected route module re-uses next to its guarded loader:
//
//   export const ErrorBoundary = ProtectedRouteErrorBoundary;   // components/auth-states.tsx
//   export { shouldRevalidate } from "~/features/auth/protected-route";
import type { ShouldRevalidateFunction } from "react-router";

/**
 * After signing out from a protected page, do not re-run that page's loader: its guard would
 * redirect to /admin-login before the sign-out button can take the visitor where it meant to.
 * The root loader still re-reads the (now absent) session.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, defaultShouldRevalidate }) =>
  formData?.get("intent") === "sign-out" ? false : defaultShouldRevalidate;
