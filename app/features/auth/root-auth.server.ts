// The auth state every page can read through useRouteLoaderData("root") (see use-auth.ts).
// Cheap on purpose: an anonymous request (no session cookie) never touches the database; a signed-in
// one costs one session lookup and one roles query.
import { logger } from "#server/logger.server";
import { getSession, hasSessionCookie, type SessionUser } from "./guards.server";
import type { Role } from "./roles.server";

export type RootAuthState = {
  user: SessionUser | null;
  roles: Role[];
  isAdmin: boolean;
  /** Set when the lookup failed: pages show it, protected pages refuse on their own. */
  authError: string | null;
};

const anonymous: RootAuthState = { user: null, roles: [], isAdmin: false, authError: null };

export async function getRootAuthState(request: Request): Promise<RootAuthState> {
  if (!hasSessionCookie(request)) return anonymous;
  try {
    const session = await getSession(request);
    return session ? { ...session, authError: null } : anonymous;
  } catch (error) {
    // A public page still renders; the guards of protected pages answer 'Authentication Error'.
    logger.error({ err: error }, "root loader: session lookup failed");
    return { ...anonymous, authError: "Failed to check authentication status" };
  }
}
