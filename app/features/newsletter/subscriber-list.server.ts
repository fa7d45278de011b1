// The subscriber list the admin reads (/admin/subscribers, its CSV export, the dashboard's count):
// plain reads of newsletter_subscriptions, newest sign-up first, filtered by state and by part of
// the address.
import { and, desc, ilike, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import { getDb, type Executor } from "#server/db/client.server";
import { newsletterSubscriptions } from "./schema";
import type { SubscriberFilters, SubscriberState } from "./admin-schema";

export type SubscriberRow = {
  id: string;
  email: string;
  source: "blog_footer" | "popup";
  subscribedAt: Date;
  unsubscribedAt: Date | null;
};

/** `text` as a LIKE pattern that matches it literally anywhere: %, _ and \ are escaped. */
function containsPattern(text: string) {
  return `%${text.replace(/[\\%_]/g, "\\$&")}%`;
}

function searchCondition(q: string | undefined): SQL | undefined {
  return q ? ilike(newsletterSubscriptions.email, containsPattern(q)) : undefined;
}

function stateCondition(state: SubscriberState | undefined): SQL | undefined {
  if (state === "active") return isNull(newsletterSubscriptions.unsubscribedAt);
  if (state === "unsubscribed") return isNotNull(newsletterSubscriptions.unsubscribedAt);
  return undefined;
}

export async function listSubscribers(
  filters: SubscriberFilters,
  page: { limit: number; offset: number },
  db: Executor = getDb(),
): Promise<SubscriberRow[]> {
  return db
    .select({
      id: newsletterSubscriptions.id,
      email: newsletterSubscriptions.email,
      source: newsletterSubscriptions.source,
      subscribedAt: newsletterSubscriptions.subscribedAt,
      unsubscribedAt: newsletterSubscriptions.unsubscribedAt,
    })
    .from(newsletterSubscriptions)
    .where(and(searchCondition(filters.q), stateCondition(filters.state)))
    .orderBy(desc(newsletterSubscriptions.subscribedAt), desc(newsletterSubscriptions.id))
    .limit(page.limit)
    .offset(page.offset);
}

/** How many subscribers of each state match the search (the filter's counts). */
export async function countSubscribersByState(q: string | undefined, db: Executor = getDb()): Promise<Record<SubscriberState, number>> {
  const [row] = await db
    .select({
      active: sql<number>`count(*) filter (where ${newsletterSubscriptions.unsubscribedAt} is null)::int`,
      unsubscribed: sql<number>`count(*) filter (where ${newsletterSubscriptions.unsubscribedAt} is not null)::int`,
    })
    .from(newsletterSubscriptions)
    .where(searchCondition(q));
  return { active: Number(row!.active), unsubscribed: Number(row!.unsubscribed) };
}

/** Addresses an issue would go to (the dashboard, /admin/newsletter). */
export async function countActiveSubscribers(db: Executor = getDb()): Promise<number> {
  return (await countSubscribersByState(undefined, db)).active;
}
