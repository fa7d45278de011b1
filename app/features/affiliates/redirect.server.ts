// `/a/{slugOrCode}` on the server (SPEC.md section 4, DESIGN.md section 5): resolve the parameter,
// count the click once per visitor session (approved affiliates only, bots never, a rate limit per
// client so a script cannot inflate a partner's numbers), remember the reference for checkout, and
// answer 302 to the target with `ref`. A visitor always lands somewhere: an unknown parameter goes
// to /bootcamp?ref={parameter}, and a failure anywhere still redirects (the spec's step 5).
// It runs on every partner link: the limiter (in memory, decision 022), then one statement that
// resolves the link and inserts the click with its analytics event, shared with the visits that
// arrive meanwhile (decision 026). A document request is answered
// by the server before React Router (server/affiliate-links.server.ts, decision 024), the route's
// loader answers the rest; both call followAffiliateLink.
import { sql } from "drizzle-orm";
import { isbot } from "isbot";
import { redirect } from "react-router";
import { isAffiliateReference } from "~/lib/affiliate-reference";
import { NO_STORE } from "~/lib/cache-headers";
import { businessEventInsert } from "~/features/analytics/business-events.server";
import { getDb, type Executor } from "#server/db/client.server";
import { groupCommitPerExecutor, type PreparedStatement } from "#server/db/group-commit.server";
import { affiliateClicks } from "#server/db/schema";
import type { LinkAnswer, LinkVisit } from "#server/app-hooks";
import { logger } from "#server/logger.server";
import { rateLimitRequest } from "#server/rate-limits.server";
import { attributionCookieHeader, clickSessionCookieHeader, readClickSession } from "./attribution.server";
import { DEFAULT_LINK_TARGET, sameSitePath, withReference } from "./link-target";
import { referenceKeys, referencedAffiliateOf, referencedAffiliateOfEach, type ReferencedAffiliate, type ReferencedRow } from "./references.server";

const MAX_STORED_TEXT = 500;
// jsonb cannot hold a NUL character; nothing a browser sends needs one.
const clip = (value: string | null) => (value ? value.replaceAll("\u0000", "").slice(0, MAX_STORED_TEXT) : null);

export type Visit = {
  reference: string;
  /** Null: resolve only (a bot, or a client past its limit). */
  click: { sessionId: string; userAgent: string | null; referrer: string | null; landingPage: string } | null;
};

export type VisitOutcome = { affiliate: ReferencedAffiliate | null; counted: boolean };

// Every visit of a batch in one statement: resolve each reference, insert the clicks of approved
// affiliates (once per session and affiliate: the unique pair decides, and the first of a batch's
// visits for a pair is the one counted) with their analytics events, and answer a row per visit
// that names someone. Both or neither for the whole batch.
const VISITS_STATEMENT = sql`
    with visit as (
      select * from jsonb_to_recordset(${sql.placeholder("visits")}::jsonb)
        as v(ord integer, slug text, code text, count_click boolean, session_id text, user_agent text, referrer text, landing_page text)
    ),
    referenced as (
      select visit.ord, visit.count_click, visit.session_id, visit.user_agent, visit.referrer, visit.landing_page, named.*
      from visit cross join lateral ${referencedAffiliateOfEach(sql.raw("visit"))} as named
    ),
    click as (
      insert into ${affiliateClicks} (affiliate_id, link_id, session_id, user_agent, referrer, landing_page)
      select distinct on (affiliate_id, session_id) affiliate_id, link_id, session_id, user_agent, referrer, landing_page
      from referenced where count_click and status = 'approved'
      order by affiliate_id, session_id, ord
      on conflict do nothing
      returning affiliate_id, session_id, landing_page
    ),
    event as (${businessEventInsert({ name: "affiliate_click", path: sql.raw("landing_page") }, sql.raw("click"))})
    select referenced.*, coalesce(referenced.count_click
      and exists (select from click where click.affiliate_id = referenced.affiliate_id and click.session_id = referenced.session_id)
      and referenced.ord = (select min(r.ord) from referenced r
        where r.count_click and r.affiliate_id = referenced.affiliate_id and r.session_id = referenced.session_id), false) as counted
    from referenced`;

async function writeVisits(visits: Visit[], prepared: PreparedStatement): Promise<VisitOutcome[]> {
  const rows = visits.map(({ reference, click }, ord) => ({
    ord,
    ...referenceKeys(reference),
    count_click: click !== null,
    session_id: click?.sessionId ?? null,
    user_agent: clip(click?.userAgent ?? null),
    referrer: clip(click?.referrer ?? null),
    landing_page: clip(click?.landingPage ?? null),
  }));
  const result = (await prepared.execute({ visits: JSON.stringify(rows) })) as { rows: Array<ReferencedRow & { ord: number; counted: boolean }> };
  const outcomes: VisitOutcome[] = visits.map(() => ({ affiliate: null, counted: false }));
  for (const row of result.rows) outcomes[row.ord] = { affiliate: referencedAffiliateOf(row), counted: row.counted };
  return outcomes;
}

// Visits that arrive together share a statement (decision 026), prepared on each connection under
// a name: PostgreSQL parses and plans a statement of this size in about a millisecond, more than
// it takes to run it.
const writeVisit = groupCommitPerExecutor("affiliate_link_visits", VISITS_STATEMENT, writeVisits);

/**
 * Resolves the reference and, when `visit.click` is given and the affiliate is approved, records
 * the click unless this session already clicked for this affiliate (the unique pair decides), with
 * its analytics event; written with the visits that arrive meanwhile.
 */
export function resolveAndCount(visit: Visit, executor: Executor = getDb()): Promise<VisitOutcome> {
  return writeVisit(visit, executor);
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
  if (!isAffiliateReference(reference)) return { location: destinationOf(reference, null), setCookies: [] };
  try {
    const userAgent = visit.userAgent || null;
    // Every browser names itself; a request without a user agent is a script. A HEAD (a link
    // checker, a preview) is answered alike but is nobody's visit.
    const person = visit.method === "GET" && userAgent !== null && !isbot(userAgent);
    let sessionId = person ? await readClickSession(visit.cookie) : null;
    const newSession = person && !sessionId;
    sessionId ??= crypto.randomUUID();
    const refusal = person ? await rateLimitRequest(visit.path, { client: visit.clientIp }) : null;
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
    method: request.method,
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
