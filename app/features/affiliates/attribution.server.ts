// The first-party attribution cookie (DESIGN.md section 5): `/a/{slugOrCode}` sets it with the
// affiliate's code, checkout reads it when the page's sessionStorage reference is gone (a new tab,
// another day). Thirty days, last click wins, HttpOnly, SameSite=Lax, Secure under https.
import { createCookie } from "react-router";
import { isAffiliateReference } from "~/lib/affiliate-reference";
import { getEnv } from "~/lib/env.server";

const THIRTY_DAYS_IN_SECONDS = 30 * 24 * 60 * 60;

const attributionCookie = createCookie("aff_ref", {
  path: "/",
  httpOnly: true,
  sameSite: "lax",
  maxAge: THIRTY_DAYS_IN_SECONDS,
});

// The header depends on the reference alone, and a partner's link is followed again and again:
// serialized once per reference (bounded: references are the visitors' to choose).
const ATTRIBUTION_HEADERS_LIMIT = 10_000;
const attributionHeaders = new Map<string, string>();

/** The Set-Cookie header that makes `reference` the visitor's last click. */
export async function attributionCookieHeader(reference: string): Promise<string> {
  const secure = getEnv().SITE_URL.startsWith("https://");
  const key = `${secure ? "s" : "-"}${reference}`;
  let header = attributionHeaders.get(key);
  if (header === undefined) {
    header = await attributionCookie.serialize(reference, { secure });
    if (attributionHeaders.size >= ATTRIBUTION_HEADERS_LIMIT) attributionHeaders.clear();
    attributionHeaders.set(key, header);
  }
  return header;
}

// The spec's per-session click id (its `affiliateSession`), kept by the server: a cookie without an
// expiry, so it ends with the browser session. A click is counted once per affiliate and session.
const clickSessionCookie = createCookie("aff_sid", { path: "/", httpOnly: true, sameSite: "lax" });
const SESSION_ID_PATTERN = /^[0-9a-f-]{36}$/;

/** This browser session's click id in a Cookie header, or null when it has none yet (or a malformed one). */
export async function readClickSession(cookieHeader: string | null | undefined): Promise<string | null> {
  const value: unknown = await clickSessionCookie.parse(cookieHeader ?? null);
  return typeof value === "string" && SESSION_ID_PATTERN.test(value) ? value : null;
}

export async function clickSessionCookieHeader(sessionId: string): Promise<string> {
  return clickSessionCookie.serialize(sessionId, { secure: getEnv().SITE_URL.startsWith("https://") });
}

/** The reference of the visitor's last affiliate click, or null (absent, expired, malformed). */
export async function readAttributionReference(request: Request): Promise<string | null> {
  const value: unknown = await attributionCookie.parse(request.headers.get("cookie"));
  return isAffiliateReference(value) ? value : null;
}
