// `/a/{slugOrCode}` on the server (SPEC.md section 4, DESIGN.md section 5): resolve the parameter,
// count the click once per visitor session (approved affiliates only, bots never, a rate limit per
// client so a script cannot inflate a partner's numbers), remember the reference for checkout, and
// answer 302 to the target with `ref`. A visitor always lands somewhere: an unknown parameter goes
// to /bootcamp?ref={parameter}, and a failure anywhere still redirects (the spec's step 5).
// It runs on every partner link: the limiter (in memory, decision 022), then the link resolved and
// the click recorded with its analytics event, written together with the visits that arrive
// meanwhile (group commit). A document request is answered by the server before React Router
// (server/fast-path.server.ts), the route's loader answers the rest; both call followAffiliateLink.
import { isbot } from "isbot";
import { redirect } from "react-router";
import { isAffiliateReference } from "~/lib/affiliate-reference";
import { NO_STORE } from "~/lib/cache-headers";
import { recordBusinessEvents } from "~/features/analytics/index.server";
import { getDb, type Executor } from "#server/db/client.server";
import { GroupCommit } from "#server/db/group-commit.server";
import { affiliateClicks } from "./schema";
import type { LinkAnswer, LinkVisit } from "#server/app-hooks";
import { logger } from "#server/logger.server";
import { rateLimitRequest } from "#server/rate-limits.server";
import { attributionCookieHeader, clickSessionCookieHeader, readClickSession } from "./attribution.server";
import { DEFAULT_LINK_TARGET, sameSitePath, withReference } from "./link-target";
import { findReferencedAffiliate, type ReferencedAffiliate } from "./references.server";

const MAX_STORED_TEXT = 500;
// PostgreSQL's text cannot hold a NUL character; nothing a browser sends needs one.
const clip = (value: string | null) => (value ? value.replaceAll("\u0000", "").slice(0, MAX_STORED_TEXT) : null);

export type Visit = {
  reference: string;
  /** Null: resolve only (a bot, or a client past its limit). */
  click: { sessionId: string; userAgent: string | null; referrer: string | null; landingPage: string } | null;
};

export type VisitOutcome = { affiliate: ReferencedAffiliate | null; counted: boolean };

type Click = { affiliateId: string; linkId: string | null; sessionId: string; userAgent: string | null; referrer: string | null; landingPage: string };

/**
 * Records clicks, each at most once per session and affiliate (the unique pair decides, so two
 * instances never count one twice); answers the clicks inserted.
 */
export function recordClicks(clicks: Click[], executor: Executor): Promise<Array<{ affiliateId: string; sessionId: string; landingPage: string | null }>> {
  return executor
    .insert(affiliateClicks)
    .values(clicks.map((click) => ({ ...click, userAgent: clip(click.userAgent), referrer: clip(click.referrer), landingPage: clip(click.landingPage) })))
    .onConflictDoNothing()
    .returning({ affiliateId: affiliateClicks.affiliateId, sessionId: affiliateClicks.sessionId, landingPage: affiliateClicks.landingPage });
}

/**
 * A batch of visits: each reference resolved once, the clicks of approved affiliates inserted with
 * their analytics events in one transaction (both or neither). Of a batch's visits for one session
 * and affiliate the first is the one counted.
 */
async function writeVisits(visits: Visit[], executor: Executor): Promise<VisitOutcome[]> {
  const named = new Map<string, ReferencedAffiliate | null>();
  for (const reference of new Set(visits.map((visit) => visit.reference))) named.set(reference, await findReferencedAffiliate(reference, executor));
  const pairKey = (affiliateId: string, sessionId: string) => `${affiliateId} ${sessionId}`;
  const firstVisitOfPair = new Map<string, Visit>();
  const clicks: Click[] = [];
  for (const visit of visits) {
    const affiliate = named.get(visit.reference);
    if (!visit.click || affiliate?.status !== "approved") continue;
    const key = pairKey(affiliate.affiliateId, visit.click.sessionId);
    if (firstVisitOfPair.has(key)) continue;
    firstVisitOfPair.set(key, visit);
    clicks.push({ affiliateId: affiliate.affiliateId, linkId: affiliate.link?.id ?? null, ...visit.click });
  }
  const counted = new Set<Visit>();
  if (clicks.length > 0) {
    await executor.transaction(async (tx) => {
      const inserted = await recordClicks(clicks, tx);
      await recordBusinessEvents(inserted.map((click) => ({ name: "affiliate_click", path: click.landingPage })), tx);
      for (const click of inserted) counted.add(firstVisitOfPair.get(pairKey(click.affiliateId, click.sessionId))!);
    });
  }
  return visits.map((visit) => ({ affiliate: named.get(visit.reference) ?? null, counted: counted.has(visit) }));
}

// Visits that arrive together are written together: one transaction for the batch instead of one
// per visit (`/a/{code}` >= 2,000 req/s, DESIGN.md section 8; PGlite runs every statement in this
// thread). A failed batch is written again one visit at a time (GroupCommit).
const writers = new WeakMap<Executor, GroupCommit<Visit, VisitOutcome>>();

/**
 * Resolves the reference and, when `visit.click` is given and the affiliate is approved, records
 * the click unless this session already clicked for this affiliate (the unique pair decides), with
 * its analytics event; written with the visits that arrive meanwhile.
 */
export function resolveAndCount(visit: Visit, executor: Executor = getDb()): Promise<VisitOutcome> {
  let writer = writers.get(executor);
  if (!writer) {
    writer = new GroupCommit((visits) => writeVisits(visits, executor));
    writers.set(executor, writer);
  }
  return writer.write(visit);
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
 * never cached). The route's loader and the server's handler ahead of React Router both call this, so a link answers alike whichever of them takes the request. Never throws: a
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
