// `/a/{slugOrCode}` on the server (SPEC.md section 4, DESIGN.md section 5): resolve the parameter,
// count the click once per visitor session (approved affiliates only, bots never, a rate limit per
// client so a script cannot inflate a partner's numbers), remember the reference for checkout, and
// answer 302 to the target with `ref`. A visitor always lands somewhere: an unknown parameter goes
// to /bootcamp?ref={parameter}, and a failure anywhere still redirects (the spec's step 5).
// It runs on every partner link: two statements (the limiter's, then one that resolves the link
// and inserts the click with its analytics event).
import { sql } from "drizzle-orm";
import { isbot } from "isbot";
import { redirect } from "react-router";
import { NO_STORE } from "~/lib/cache-headers";
import { businessEventInsert } from "~/features/analytics/business-events.server";
import { getDb, type Executor } from "#server/db/client.server";
import { affiliateClicks } from "#server/db/schema";
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

export async function followAffiliateLink(request: Request, parameter: string | undefined, clientIp: string | undefined): Promise<Response> {
  const reference = parameter?.trim() ?? "";
  if (!reference || !isWellFormedReference(reference)) return redirect(destinationOf(reference, null), { status: 302, headers: NO_STORE });
  const headers = new Headers(NO_STORE);
  try {
    const userAgent = request.headers.get("user-agent");
    // Every browser names itself; a request without a user agent is a script.
    const person = Boolean(userAgent) && !isbot(userAgent);
    let sessionId = person ? await readClickSession(request) : null;
    const newSession = person && !sessionId;
    sessionId ??= crypto.randomUUID();
    const refusal = person ? await rateLimit("/a/:slugOrCode?", { client: clientIp }) : null;
    if (refusal) logger.warn({ reference, retryAfterSeconds: refusal.retryAfterSeconds }, "affiliate click not counted: rate limit");
    const { affiliate } = await resolveAndCount({
      reference,
      click:
        person && !refusal
          ? { sessionId, userAgent, referrer: request.headers.get("referer"), landingPage: new URL(request.url).pathname }
          : null,
    });
    if (affiliate?.status === "approved") {
      // Last click wins: checkout reads this when the page's own reference is gone.
      headers.append("Set-Cookie", await attributionCookieHeader(affiliate.affiliateCode));
      if (newSession) headers.append("Set-Cookie", await clickSessionCookieHeader(sessionId));
    }
    return redirect(destinationOf(reference, affiliate), { status: 302, headers });
  } catch (error) {
    // The visitor still lands on the bootcamp with the reference as given (SPEC.md step 5).
    logger.error({ err: error }, "affiliate redirect: the click could not be resolved or recorded");
    return redirect(withReference(DEFAULT_LINK_TARGET, reference), { status: 302, headers: NO_STORE });
  }
}
