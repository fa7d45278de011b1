// Helpers for integration tests of the auth feature: requests as a browser would send them, route
// loader/action arguments, and accounts created through the real flows (sign-up, the verification
// link from the outbox, sign-in).
import { and, desc, eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { CLIENT_IP_HEADER, getAuth } from "~/features/auth/auth.server";
import { ensureAdmin } from "~/features/auth/bootstrap.server";
import { signIn, signUp } from "~/features/auth/flows.server";
import { getEnv } from "~/lib/env.server";
import { clientIpContext } from "~/lib/request-context";
import { getDb } from "#server/db/client.server";
import { emailOutbox } from "#server/db/schema";

let nextIp = 1;
/** A fresh client address, so that tests do not share a rate-limit bucket unless they mean to. */
export function freshIp() {
  nextIp += 1;
  return `10.${(nextIp >> 16) & 255}.${(nextIp >> 8) & 255}.${nextIp & 255}`;
}

export function siteRequest(
  path: string,
  options: { method?: string; form?: Record<string, string>; cookie?: string } = {},
): Request {
  const origin = getEnv().SITE_URL;
  const headers = new Headers({ origin, "sec-fetch-site": "same-origin" });
  if (options.cookie) headers.set("cookie", options.cookie);
  const body = options.form ? new URLSearchParams(options.form) : undefined;
  if (body) headers.set("content-type", "application/x-www-form-urlencoded");
  return new Request(`${origin}${path}`, { method: options.method ?? (body ? "POST" : "GET"), headers, body });
}

export function routeArgs(request: Request, ip = freshIp(), params: Record<string, string> = {}) {
  const context = new RouterContextProvider();
  context.set(clientIpContext, ip);
  return { request, params, context, url: new URL(request.url), pattern: "" };
}

/** "name=value; name2=value2" from Set-Cookie headers (what the browser would send back). */
export function cookieHeader(setCookies: string[]): string {
  return setCookies.map((cookie) => cookie.split(";")[0]).join("; ");
}

export async function latestEmail(to: string, kind: "account_verification" | "password_reset") {
  const [row] = await getDb()
    .select({ text: emailOutbox.text, subject: emailOutbox.subject })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, to), eq(emailOutbox.kind, kind)))
    .orderBy(desc(emailOutbox.createdAt))
    .limit(1);
  return row;
}

export function linkIn(text: string, pathPart: string): string {
  const link = text.match(/https?:\/\/\S+/g)?.find((url) => url.includes(pathPart));
  if (!link) throw new Error(`No link containing ${pathPart} in:\n${text}`);
  return link;
}

/** Signs up through the real flow, follows the verification link; returns the account's id. */
export async function createVerifiedUser(email: string, password: string, extraBody: Record<string, unknown> = {}) {
  const outcome = await signUpWith(email, password, extraBody);
  if (!outcome.ok) throw new Error(`sign-up failed: ${outcome.status}`);
  const mail = await latestEmail(email, "account_verification");
  if (!mail) throw new Error("no verification e-mail in the outbox");
  const response = await getAuth().handler(new Request(linkIn(mail.text, "/verify-email")));
  if (response.status >= 400) throw new Error(`verification failed: ${response.status}`);
}

async function signUpWith(email: string, password: string, extraBody: Record<string, unknown>) {
  if (Object.keys(extraBody).length === 0) {
    return signUp({ request: siteRequest("/admin-login", { method: "POST" }), clientIp: freshIp() }, { email, password });
  }
  // Straight at Better Auth's endpoint, as a hostile client would send it.
  const response = await getAuth().handler(
    new Request(`${getEnv().SITE_URL}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: getEnv().SITE_URL, [CLIENT_IP_HEADER]: freshIp() },
      body: JSON.stringify({ email, password, name: "Someone", ...extraBody }),
    }),
  );
  return { ok: response.ok, status: response.status };
}

/** Signs in; returns the Cookie header a browser would then send. */
export async function signedInCookie(email: string, password: string): Promise<string> {
  const outcome = await signIn({ request: siteRequest("/admin-login", { method: "POST" }), clientIp: freshIp() }, { email, password });
  if (!outcome.ok) throw new Error(`sign-in failed: ${outcome.status} ${outcome.message}`);
  return cookieHeader(outcome.setCookies);
}

/** A signed-in member and a signed-in admin: the two visitors the access tests ask every route as. */
export async function memberAndAdminCookies() {
  await createVerifiedUser("member@example.test", "member-password-1");
  const userCookie = await signedInCookie("member@example.test", "member-password-1");
  await ensureAdmin({ email: "boss@example.test", password: "boss-password-1" });
  const adminCookie = await signedInCookie("boss@example.test", "boss-password-1");
  return { userCookie, adminCookie };
}
