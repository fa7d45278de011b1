// Who is asking, and may they? Every protected loader AND action calls one of these guards itself
// (DESIGN.md section 2); the interface only reflects what they decide.
//
//   const { user } = await requireAdmin(args);   // admin pages and their actions
//   const { user } = await requireUser(args);    // signed-in pages
//
// The session is read once per request: the root middleware installs a lazy lookup in the router
// context (sessionMiddleware), and the root loader and every guard share its answer.
//
// Both guards throw: an anonymous visitor is redirected to the route's sign-in page (from the
// route-access table); a signed-in user without the admin role who opens an admin page goes to
// /admin-login, which says 'Access Denied' (SPEC.md section 4), and an action answers 403; a failed
// session lookup answers 503 ('Authentication Error').
import { createContext, data, redirect, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { documentPath, loggedPath } from "~/lib/request-path";
import { signInTargetFor } from "~/lib/route-access";
import { logger } from "#server/logger.server";
import { getAuth } from "./auth.server";
import { ACCESS_DENIED_MESSAGE, AUTH_CHECK_FAILED_MESSAGE } from "./messages";
import { loginRequiredCookie } from "./notice.server";
import { hasSignedSessionCookie } from "./session-cookie.server";
import { ADMIN_ROLE, getUserRoles, type Role } from "./roles.server";
import { NO_STORE, noStore } from "~/lib/cache-headers";

export const SIGNED_IN_CACHE_CONTROL = "private, no-store";

export type SessionUser = { id: string; email: string; name: string; emailVerified: boolean };
export type AuthSession = { user: SessionUser; roles: Role[]; isAdmin: boolean };

/** What a guard's 403 / 503 response carries (read by the protected-route error boundary). */
export type AuthErrorData = { reason: "forbidden" | "unavailable"; message: string };

/** Cheap test first: without a validly signed session cookie there is nothing to look up. */
export function hasSessionCookie(request: Request): boolean {
  return hasSignedSessionCookie(request.headers.get("cookie"));
}

/**
 * The signed-in user and their roles, or null for an anonymous visitor (or an expired / revoked
 * session). Throws when the lookup itself fails. Pages and guards use readSession() instead, which
 * does this at most once per request.
 */
export async function getSession(request: Request): Promise<AuthSession | null> {
  if (!hasSessionCookie(request)) return null;
  logger.debug({ path: loggedPath(request.url) }, "session lookup");
  const result = await getAuth().api.getSession({ headers: request.headers });
  if (!result) return null;
  const roles = await getUserRoles(result.user.id);
  const { id, email, name, emailVerified } = result.user;
  return { user: { id, email, name, emailVerified }, roles, isAdmin: roles.includes(ADMIN_ROLE) };
}

type SessionOnce = () => Promise<AuthSession | null>;
const sessionContext = createContext<SessionOnce | null>(null);

function once(request: Request): SessionOnce {
  let pending: Promise<AuthSession | null> | undefined;
  return () => (pending ??= getSession(request));
}

/**
 * Root middleware: every loader and action of this request shares one session lookup, and what a
 * signed-in visitor is answered (pages, their data, redirects) is theirs alone: no shared cache,
 * no browser cache may keep it.
 */
export const sessionMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  context.set(sessionContext, once(request));
  const response = await next();
  if (hasSessionCookie(request)) response.headers.set("Cache-Control", SIGNED_IN_CACHE_CONTROL);
  return response;
};

type RequestArgs = { request: Request; context: Readonly<RouterContextProvider> };

/** This request's session (looked up on first use, then shared). */
export function readSession({ request, context }: RequestArgs): Promise<AuthSession | null> {
  let read = context.get(sessionContext);
  if (!read) {
    // A loader called without the root middleware (a test, say) still reads the session once.
    read = once(request);
    (context as RouterContextProvider).set(sessionContext, read);
  }
  return read();
}

async function readSessionOrThrow(args: RequestArgs): Promise<AuthSession | null> {
  try {
    return await readSession(args);
  } catch (error) {
    logger.error({ err: error }, "session lookup failed");
    throw data<AuthErrorData>(
      { reason: "unavailable", message: AUTH_CHECK_FAILED_MESSAGE },
      { status: 503, headers: NO_STORE },
    );
  }
}

/** Sends an anonymous visitor to the route's sign-in page, remembering the page they asked for. */
async function redirectToSignIn(request: Request): Promise<never> {
  const from = documentPath(request);
  const target = signInTargetFor(new URL(from, "http://x").pathname);
  const headers = noStore();
  // /admin-login shows 'Login Required' and returns the visitor here after signing in.
  if (new URL(target, "http://x").pathname === "/admin-login") {
    headers.append("Set-Cookie", await loginRequiredCookie.serialize({ from, shown: false }));
  }
  throw redirect(target, { headers });
}

export async function requireUser(args: RequestArgs): Promise<AuthSession> {
  const session = await readSessionOrThrow(args);
  if (session) return session;
  return redirectToSignIn(args.request);
}

export async function requireAdmin(args: RequestArgs): Promise<AuthSession> {
  const session = await requireUser(args);
  if (session.isAdmin) return session;
  const { method } = args.request;
  if (method === "GET" || method === "HEAD") {
    throw redirect("/admin-login", { headers: NO_STORE });
  }
  throw data<AuthErrorData>(
    { reason: "forbidden", message: ACCESS_DENIED_MESSAGE },
    { status: 403, headers: NO_STORE },
  );
}
