// POST /api/analytics/view: a page view from the page's beacon (decision 020). Origin-checked like
// every POST, rate-limited per client, at most 2 KB of JSON (the route table); a malformed body is a
// 400. Bots and signed-in admins are not counted. The view is buffered (recorder.server.ts): the
// answer, 204, never waits for the database.
import { isbot } from "isbot";
import { data } from "react-router";
import { hasSessionCookie, readSession } from "~/features/auth/index.server";
import { NO_STORE } from "~/lib/cache-headers";
import { getEnv } from "~/lib/env.server";
import { readJsonBytes } from "~/lib/json-body.server";
import { isProtectedPath } from "~/lib/route-access";
import { rateLimitRequest, refusalHeaders } from "#server/rate-limits.server";
import { beaconSchema } from "./beacon-schema";
import { recordPageView } from "./recorder.server";
import { deviceClassOf, visitorHash } from "./visitor.server";

const accepted = () => new Response(null, { status: 204, headers: NO_STORE });
const refused = (message: string) => data(message, { status: 400, headers: NO_STORE });

/** The referring site's host, or null for none, for this site itself, or for something unreadable. */
export function referrerHostOf(referrer: string | undefined, siteUrl: string): string | null {
  if (!referrer) return null;
  try {
    const url = new URL(referrer);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    const host = url.hostname.toLowerCase().replace(/^www\./, "");
    return host === new URL(siteUrl).hostname.toLowerCase().replace(/^www\./, "") ? null : host.slice(0, 253);
  } catch {
    return null;
  }
}

/** A two-letter country from the configured proxy header, if there is one. */
function countryOf(request: Request): string | null {
  const header = getEnv().ANALYTICS_COUNTRY_HEADER;
  const value = header ? request.headers.get(header)?.trim().toUpperCase() : undefined;
  return value && /^[A-Z]{2}$/.test(value) && value !== "XX" ? value : null;
}

export async function receiveBeacon(args: { request: Request; context: Parameters<typeof readSession>[0]["context"] }, clientIp: string | undefined) {
  const { request } = args;
  // sendBeacon sends the page's Blob as application/json; anything else is a 415.
  const bytes = await readJsonBytes(request);
  let body: unknown;
  try {
    body = JSON.parse(new TextDecoder().decode(bytes ?? new ArrayBuffer(0)));
  } catch {
    throw refused("Bad request: the body is not JSON.");
  }
  const beacon = beaconSchema.safeParse(body);
  if (!beacon.success) throw refused("Bad request: not a page view.");
  const userAgent = request.headers.get("user-agent");
  // Recording switched off (a page loaded before the switch may still send one).
  if (getEnv().ANALYTICS_PAGE_VIEWS === "off") return accepted();
  if (!userAgent || isbot(userAgent)) return accepted();
  // The owner's own visits would skew the figures; only a session cookie costs a lookup.
  if (hasSessionCookie(request) && (await readSession(args).catch(() => null))?.isAdmin) return accepted();
  const { path, referrer, utmSource, utmMedium, utmCampaign } = beacon.data;
  const pathname = new URL(path, "http://x").pathname;
  // The admin's and the partners' own pages are not traffic (decided here, not by the page: the
  // route table stays out of the script every page loads).
  if (isProtectedPath(pathname)) return accepted();
  const refusal = await rateLimitRequest(request, { client: clientIp });
  if (refusal) return new Response(null, { status: 429, headers: refusalHeaders(refusal) });
  recordPageView({
    path: pathname.slice(0, 300),
    referrerHost: referrerHostOf(referrer, getEnv().SITE_URL),
    utmSource: utmSource || null,
    utmMedium: utmMedium || null,
    utmCampaign: utmCampaign || null,
    deviceClass: deviceClassOf(userAgent),
    country: countryOf(request),
    visitorHash: await visitorHash(clientIp, userAgent),
  });
  return accepted();
}
