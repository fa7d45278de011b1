// The auth state every page can read through useRouteLoaderData("root") (see use-auth.ts).
// Cheap on purpose: an anonymous request (no session cookie) never touches the database; a signed-in
// one shares the request's single session lookup with the page's guard (guards.server.ts).
import type { RouterContextProvider } from "react-router";
import { logger } from "#server/logger.server";
import { readSession, type SessionUser } from "./guards.server";
import { AUTH_CHECK_FAILED_MESSAGE } from "./messages";
import type { Role } from "./roles.server";

export type RootAuthState = {
  user: SessionUser | null;
  roles: Role[];
  isAdmin: boolean;
  /** Set when the lookup failed: pages show it, protected pages refuse on their own. */
  authError: string | null;
};

const anonymous: RootAuthState = { user: null, roles: [], isAdmin: false, authError: null };

export async function getRootAuthState(args: {
  request: Request;
  context: Readonly<RouterContextProvider>;
}): Promise<RootAuthState> {
  try {
    const session = await readSession(args);
    return session ? { ...session, authError: null } : anonymous;
  } catch (error) {
    // A public page still renders; the guards of protected pages answer 'Authentication Error'.
    logger.error({ err: error }, "root loader: session lookup failed");
    return { ...anonymous, authError: AUTH_CHECK_FAILED_MESSAGE };
  }
}
