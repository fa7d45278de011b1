// Who is asking, and may they? Every protected loader AND action calls one of these guards itself
// (DESIGN.md section 2); the interface only reflects what they decide.
//
//   const { user } = await requireAdmin(request);        // admin pages and their actions
//   const { user } = await requireUser(request);         // signed-in pages (→ /admin-login)
//
// Both throw: an anonymous visitor gets a redirect to the sign-in page, a signed-in user without
// the admin role a 403 response (rendered as 'Access Denied' by ProtectedRouteErrorBoundary), and a
// failed session lookup a 503 (rendered as 'Authentication Error').
import { getSessionCookie } from "better-auth/cookies";
import { data, redirect } from "react-router";
import { getDb } from "#server/db/client.server";
import { logger } from "#server/logger.server";
import { getAuth } from "./auth.server";
import { loginRequiredCookie } from "./notice.server";
import { ADMIN_ROLE, getUserRoles, type Role } from "./roles.server";

export type SessionUser = { id: string; email: string; name: string; emailVerified: boolean };
export type AuthSession = { user: SessionUser; roles: Role[]; isAdmin: boolean };

/** What a guard's 403 / 503 response carries (read by the protected-route error boundary). */
export type AuthErrorData = { reason: "forbidden" | "unavailable"; message: string };

export const ACCESS_DENIED_MESSAGE = "You don't have admin privileges to access this page.";
export const AUTH_CHECK_FAILED_MESSAGE = "Failed to check authentication status";

/** Cheap test first: without a session cookie there is nothing to look up. */
export function hasSessionCookie(request: Request): boolean {
  return getSessionCookie(request) !== null;
}

/**
 * The signed-in user and their roles, or null for an anonymous visitor (or an expired / revoked
 * session). Throws when the lookup itself fails.
 */
export async function getSession(request: Request): Promise<AuthSession | null> {
  if (!hasSessionCookie(request)) return null;
  const result = await getAuth().api.getSession({ headers: request.headers });
  if (!result) return null;
  const roles = await getUserRoles(getDb(), result.user.id);
  const { id, email, name, emailVerified } = result.user;
  return { user: { id, email, name, emailVerified }, roles, isAdmin: roles.includes(ADMIN_ROLE) };
}

async function getSessionOrThrow(request: Request): Promise<AuthSession | null> {
  try {
    return await getSession(request);
  } catch (error) {
    logger.error({ err: error }, "session lookup failed");
    throw data<AuthErrorData>(
      { reason: "unavailable", message: AUTH_CHECK_FAILED_MESSAGE },
      { status: 503, headers: { "Cache-Control": "no-store" } },
    );
  }
}

export type RequireUserOptions = {
  /** Where an anonymous visitor is sent. Default /admin-login (SPEC.md section 4). */
  redirectTo?: string;
};

export async function requireUser(
  request: Request,
  { redirectTo = "/admin-login" }: RequireUserOptions = {},
): Promise<AuthSession> {
  const session = await getSessionOrThrow(request);
  if (session) return session;
  // /admin-login shows 'Login Required' and returns the visitor here after signing in.
  const headers = new Headers({ "Cache-Control": "no-store" });
  if (new URL(redirectTo, "http://x").pathname === "/admin-login") {
    const from = new URL(request.url).pathname;
    headers.append("Set-Cookie", await loginRequiredCookie.serialize(from));
  }
  throw redirect(redirectTo, { headers });
}

export async function requireAdmin(request: Request): Promise<AuthSession> {
  const session = await requireUser(request);
  if (!session.isAdmin) {
    throw data<AuthErrorData>(
      { reason: "forbidden", message: ACCESS_DENIED_MESSAGE },
      { status: 403, headers: { "Cache-Control": "no-store" } },
    );
  }
  return session;
}
