// A one-minute cookie set when a guard sends an anonymous visitor to /admin-login: the page then
// says 'Login Required' and, after signing in, returns to the page the visitor asked for. The URL
// stays exactly /admin-login as the spec says.
import { createCookie } from "react-router";

export const loginRequiredCookie = createCookie("login_required_from", {
  // "/" rather than "/admin-login": the page's form posts to /admin-login.data.
  path: "/",
  httpOnly: true,
  sameSite: "lax",
  maxAge: 60,
});

/** Only same-site paths are ever followed (no open redirect). */
export function safeLocalPath(value: unknown, fallback: string): string {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//")) return fallback;
  if (value.includes("\\")) return fallback;
  return value;
}

export async function readLoginRequiredFrom(request: Request): Promise<string | null> {
  const value: unknown = await loginRequiredCookie.parse(request.headers.get("cookie"));
  return typeof value === "string" ? safeLocalPath(value, "/admin") : null;
}
