// A short-lived cookie set when a guard sends an anonymous visitor to /admin-login: the page then
// says 'Login Required' once, and after signing in the visitor returns to the page they asked for.
// The URL stays exactly /admin-login as the spec says. Signing out clears it.
import { createCookie } from "react-router";
import { getEnv } from "~/lib/env.server";
import { safeRedirectPath } from "~/lib/safe-redirect";

export const loginRequiredCookie = createCookie("login_required_from", {
  // "/" rather than "/admin-login": the page's form posts to /admin-login.data.
  path: "/",
  httpOnly: true,
  sameSite: "lax",
  maxAge: 600,
});

/** The page the visitor asked for, and whether the 'Login Required' banner has been shown. */
export type LoginRequired = { from: string; shown: boolean };

/** Only paths on SITE_URL's origin are ever followed (no open redirect); see safeRedirectPath. */
export function safeLocalPath(value: unknown, fallback: string): string {
  return safeRedirectPath(value, fallback, getEnv().SITE_URL);
}

export async function readLoginRequired(request: Request): Promise<LoginRequired | null> {
  const value: unknown = await loginRequiredCookie.parse(request.headers.get("cookie"));
  if (typeof value !== "object" || value === null || !("from" in value)) return null;
  return { from: safeLocalPath(value.from, "/admin"), shown: "shown" in value && value.shown === true };
}

/** The Set-Cookie header that forgets the notice (after signing in or out). */
export function clearLoginRequired(): Promise<string> {
  return loginRequiredCookie.serialize("", { maxAge: 0 });
}
