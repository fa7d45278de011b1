// The client's view of the auth state (SPEC.md section 3): user, roles, loading, error, isAdmin,
// hasRole and a refresh of the roles. It reflects what the root loader found on the server; it
// never decides access (the guards do).
import { useNavigation, useRevalidator, useRouteLoaderData } from "react-router";
import type { Role } from "./roles.server";
import type { RootAuthState } from "./root-auth.server";

export function useAuth() {
  const root = useRouteLoaderData<RootAuthState>("root");
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const roles: Role[] = root?.roles ?? [];
  return {
    user: root?.user ?? null,
    roles,
    isAdmin: root?.isAdmin ?? false,
    loading: navigation.state === "loading" || revalidator.state === "loading",
    error: root?.authError ?? null,
    hasRole: (role: Role) => roles.includes(role),
    /** Re-reads the session and roles from the server (after a role change, say). */
    refreshRoles: () => revalidator.revalidate(),
  };
}
