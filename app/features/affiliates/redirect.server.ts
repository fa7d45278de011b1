// `/a/{slugOrCode}` on the server (SPEC.md section 4, DESIGN.md section 5): resolve the parameter,
// count the click once per visitor session (approved affiliates only, bots never, a rate limit per
// client so a script cannot inflate a partner's numbers), remember the reference for checkout, and
// answer 302 to the target with `ref`. A visitor always lands somewhere: an unknown parameter goes
// to /bootcamp?ref={parameter}, and a failure anywhere still redirects (the spec's step 5).
// It runs on every partner link: the limiter (in memory, decision 022), then one statement that
// resolves the link and inserts the click with its analytics event. A document request is answered
// by the server before React Router (server/affiliate-links.server.ts, decision 024), the route's
// loader answers the rest; both call followAffiliateLink.
import { sql } from "drizzle-orm";
import { isbot } from "isbot";
import { redirect } from "react-router";
import { NO_STORE } from "~/lib/cache-headers";
import { businessEventInsert } from "~/features/analytics/business-events.server";
import { getDb, type Executor } from "#server/db/client.server";
import { affiliateClicks } from "#server/db/schema";
import type { LinkAnswer, LinkVisit } from "#server/app-hooks";
import { logger } from "#server/logger.server";
import { rateLimit } from "#server/rate-limits.server";
import { attributionCookieHeader, clickSessionCookieHeader, readClickSession } from "./attribution.server";
import { DEFAULT_LINK_TARGET, sameSitePath, withReference } from "./link-target";
import { isWellFormedReference, referencedAffiliateClauses, referencedAffiliateOf, type ReferencedAffiliate, type ReferencedRow } from "./references.server";

const MAX_STORED_TEXT = 500;
const clip = (value: string | null) => (value ? value.slice(0, MAX_STORED_TEXT) : null);

export type Visit = {
  reference: string;
  /** Null: resolve only (a bot, or a client past its limit). */
  click: { sessionId: string; userAgent: string | null; referrer: string | null; landingPage: string } | null;
};

/**
 * Resolves the reference and, when `visit.click` is given and the affiliate is approved, records
 * the click unless this session already clicked for this affiliate (the unique pair decides), with
 * its analytics event: one statement, so both or neither.
 */
export async function resolveAndCount(visit: Visit, executor: Executor = getDb()): Promise<{ affiliate: ReferencedAffiliate | null; counted: boolean }> {
  const { click } = visit;
  const clickInsert = click
    ? sql`,
    click as (
      insert into ${affiliateClicks} (affiliate_id, link_id, session_id, user_agent, referrer, landing_page)
      select affiliate_id, link_id, ${click.sessionId}, ${clip(click.userAgent)}, ${clip(click.referrer)}, ${clip(click.landingPage)}
      from referenced where status = 'approved'
      on conflict do nothing
      returning affiliate_id
    ),
    event as (${businessEventInsert({ name: "affiliate_click", path: click.landingPage }, sql.raw("click"))})`
    : sql``;
  const counted = click ? sql`(select count(*) from click)::integer` : sql`0`;
  const result = await executor.execute(sql`
    with ${referencedAffiliateClauses(visit.reference)}${clickInsert}
    select referenced.*, ${counted} as counted from referenced`);
  const [row] = (result as unknown as { rows: Array<ReferencedRow & { counted: number }> }).rows;
  return { affiliate: referencedAffiliateOf(row), counted: (row?.counted ?? 0) > 0 };
}

/** Where `/a/{parameter}` sends the visitor, and the reference it carries. */
export function destinationOf(parameter: string, affiliate: ReferencedAffiliate | null): string {
  if (!affiliate) return withReference(DEFAULT_LINK_TARGET, parameter || null);
  // A link's target was checked when it was saved; it is checked again before it is followed.
  const target = (affiliate.link && sameSitePath(affiliate.link.target)) || DEFAULT_LINK_TARGET;
  return withReference(target, affiliate.affiliateCode);
}

/**
 * `/a/{parameter}` from plain inputs: the answer's Location and Set-Cookie headers (always a 302,
 * never cached). The route's loader and the server's handler ahead of React Router (decision 024)
 * both call this, so a link answers alike whichever of them takes the request. Never throws: a
 * failure still sends the visitor to /bootcamp with the reference as given (SPEC.md step 5).
 */
export async function followAffiliateLink(visit: LinkVisit): Promise<LinkAnswer> {
  const reference = visit.parameter?.trim() ?? "";
  if (!reference || !isWellFormedReference(reference)) return { location: destinationOf(reference, null), setCookies: [] };
  try {
    const userAgent = visit.userAgent || null;
    // Every browser names itself; a request without a user agent is a script.
    const person = userAgent !== null && !isbot(userAgent);
    let sessionId = person ? await readClickSession(visit.cookie) : null;
    const newSession = person && !sessionId;
    sessionId ??= crypto.randomUUID();
    const refusal = person ? await rateLimit("/a/:slugOrCode?", { client: visit.clientIp }) : null;
    if (refusal) logger.warn({ reference, retryAfterSeconds: refusal.retryAfterSeconds }, "affiliate click not counted: rate limit");
    const { affiliate } = await resolveAndCount({
      reference,
      click: person && !refusal ? { sessionId, userAgent, referrer: visit.referrer || null, landingPage: visit.path } : null,
    });
    const setCookies: string[] = [];
    if (affiliate?.status === "approved") {
      // Last click wins: checkout reads this when the page's own reference is gone.
      setCookies.push(await attributionCookieHeader(affiliate.affiliateCode));
      if (newSession) setCookies.push(await clickSessionCookieHeader(sessionId));
    }
    return { location: destinationOf(reference, affiliate), setCookies };
  } catch (error) {
    logger.error({ err: error }, "affiliate redirect: the click could not be resolved or recorded");
    return { location: withReference(DEFAULT_LINK_TARGET, reference), setCookies: [] };
  }
}

/** The route loader's answer: followAffiliateLink for a Fetch API request, as a redirect Response. */
export async function affiliateLinkResponse(request: Request, parameter: string | undefined, clientIp: string | undefined): Promise<Response> {
  const { location, setCookies } = await followAffiliateLink({
    parameter,
    path: new URL(request.url).pathname,
    cookie: request.headers.get("cookie"),
    userAgent: request.headers.get("user-agent"),
    referrer: request.headers.get("referer"),
    clientIp,
  });
  const headers = new Headers(NO_STORE);
  for (const cookie of setCookies) headers.append("Set-Cookie", cookie);
  return redirect(location, { status: 302, headers });
}
