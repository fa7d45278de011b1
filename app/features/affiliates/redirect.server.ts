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
import { PgDialect } from "drizzle-orm/pg-core";
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
import { isWellFormedReference, referenceKeys, referencedAffiliateClauses, referencedAffiliateOf, type ReferencedAffiliate, type ReferencedRow } from "./references.server";

const MAX_STORED_TEXT = 500;
const clip = (value: string | null) => (value ? value.slice(0, MAX_STORED_TEXT) : null);

export type Visit = {
  reference: string;
  /** Null: resolve only (a bot, or a client past its limit). */
  click: { sessionId: string; userAgent: string | null; referrer: string | null; landingPage: string } | null;
};

const keys = { slug: sql.placeholder("slug"), code: sql.placeholder("code") };

// The link's two statements, built once with placeholders and prepared on each connection under a
// name: PostgreSQL parses and plans a statement of this size in about a millisecond, more than it
// takes to run it, and does that once per connection instead of on every click (PGlite, which
// takes no names, still plans each time); nor is the SQL rebuilt by Drizzle for every click.
const CLICK_STATEMENT = sql`
    with ${referencedAffiliateClauses(keys)},
    click as (
      insert into ${affiliateClicks} (affiliate_id, link_id, session_id, user_agent, referrer, landing_page)
      select affiliate_id, link_id, ${sql.placeholder("sessionId")}, ${sql.placeholder("userAgent")}, ${sql.placeholder("referrer")}, ${sql.placeholder("landingPage")}
      from referenced where status = 'approved'
      on conflict do nothing
      returning affiliate_id
    ),
    event as (${businessEventInsert({ name: "affiliate_click", path: sql.placeholder("eventPath") }, sql.raw("click"))})
    select referenced.*, (select count(*) from click)::integer as counted from referenced`;
const RESOLVE_STATEMENT = sql`
    with ${referencedAffiliateClauses(keys)}
    select referenced.*, 0 as counted from referenced`;

const dialect = new PgDialect();
const clickQuery = dialect.sqlToQuery(CLICK_STATEMENT);
const resolveQuery = dialect.sqlToQuery(RESOLVE_STATEMENT);
type PreparedStatements = Record<"click" | "resolve", { execute: (values: Record<string, unknown>) => Promise<unknown> }>;
const preparedBy = new WeakMap<Executor, PreparedStatements>();

function preparedFor(executor: Executor): PreparedStatements {
  let prepared = preparedBy.get(executor);
  if (!prepared) {
    const { session } = executor._;
    prepared = {
      click: session.prepareQuery(clickQuery, undefined, "affiliate_link_click", false),
      resolve: session.prepareQuery(resolveQuery, undefined, "affiliate_link_resolve", false),
    };
    preparedBy.set(executor, prepared);
  }
  return prepared;
}

/**
 * Resolves the reference and, when `visit.click` is given and the affiliate is approved, records
 * the click unless this session already clicked for this affiliate (the unique pair decides), with
 * its analytics event: one statement, so both or neither.
 */
export async function resolveAndCount(visit: Visit, executor: Executor = getDb()): Promise<{ affiliate: ReferencedAffiliate | null; counted: boolean }> {
  const { click } = visit;
  const statements = preparedFor(executor);
  const result = click
    ? await statements.click.execute({
        ...referenceKeys(visit.reference),
        sessionId: click.sessionId,
        userAgent: clip(click.userAgent),
        referrer: clip(click.referrer),
        landingPage: clip(click.landingPage),
        eventPath: click.landingPage,
      })
    : await statements.resolve.execute(referenceKeys(visit.reference));
  const [row] = (result as { rows: Array<ReferencedRow & { counted: number }> }).rows;
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
