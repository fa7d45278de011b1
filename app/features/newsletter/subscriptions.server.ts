// newsletter_subscriptions belongs to this feature. Signing up inserts the row and queues the
// welcome e-mail in one transaction; the unique e-mail column (23505) decides a duplicate, so 20
// sign-ups of one address at once make one row and one welcome. An address that had unsubscribed
// is made active again: a new unsubscribe token (links in its old mails stop working) and a new
// welcome, which also tells the address's owner, with a one-click way out, if someone else typed it.
import { and, eq, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import { recordBusinessEvent } from "~/features/analytics/index.server";
import { getDb, type Executor } from "#server/db/client.server";
import { databaseError, UNIQUE_VIOLATION } from "#server/db/errors.server";
import { newsletterSubscriptions } from "./schema";
import { dropPendingEmailsTo, enqueueEmail, type NewEmail } from "#server/email/outbox.server";
import { newsletterWelcomeEmail } from "./email-templates.server";
import {
  listUnsubscribeHeaders,
  NEWSLETTER_EMAIL_KINDS,
  NEWSLETTER_WELCOME_KIND,
  newUnsubscribeToken,
  unsubscribeUrl,
} from "./mailing.server";
import type { NewsletterSource } from "./messages";

const EMAIL_UNIQUE = "newsletter_subscriptions_email_unique";
export const UNSUBSCRIBED_REASON = "The address unsubscribed from the newsletter";

export type SubscribeOutcome =
  | { outcome: "subscribed" | "resubscribed"; welcomeEmailId: string }
  | { outcome: "already-subscribed" };

function welcomeEmail(email: string, token: string): NewEmail {
  return {
    kind: NEWSLETTER_WELCOME_KIND,
    to: email,
    ...newsletterWelcomeEmail({ email, unsubscribeUrl: unsubscribeUrl(token) }),
    headers: listUnsubscribeHeaders(token),
  };
}

/** `email` trimmed and lower-cased already (the schema does it). */
export async function subscribe(
  { email, source, visitorHash = null }: { email: string; source: NewsletterSource; visitorHash?: string | null },
  db: Executor = getDb(),
): Promise<SubscribeOutcome> {
  const event = { name: "newsletter_subscribed", visitorHash, properties: { source } } as const;
  const token = newUnsubscribeToken();
  const welcome = welcomeEmail(email, token);
  try {
    return await db.transaction(async (tx) => {
      await tx.insert(newsletterSubscriptions).values({ email, source, unsubscribeToken: token });
      const { id } = await enqueueEmail(welcome, tx);
      await recordBusinessEvent(event, tx);
      return { outcome: "subscribed" as const, welcomeEmailId: id };
    });
  } catch (error) {
    const known = databaseError(error);
    if (known?.code !== UNIQUE_VIOLATION || known.constraint !== EMAIL_UNIQUE) throw error;
  }
  // On the list already: active (a duplicate), or unsubscribed (active again). Concurrent
  // re-subscriptions queue on the row's lock; the first clears unsubscribed_at, the rest match nothing.
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(newsletterSubscriptions)
      .set({ source, unsubscribeToken: token, unsubscribedAt: null, subscribedAt: sql`now()` })
      .where(and(eq(newsletterSubscriptions.email, email), isNotNull(newsletterSubscriptions.unsubscribedAt)))
      .returning({ id: newsletterSubscriptions.id });
    if (!row) return { outcome: "already-subscribed" as const };
    const { id } = await enqueueEmail(welcome, tx);
    await recordBusinessEvent(event, tx);
    return { outcome: "resubscribed" as const, welcomeEmailId: id };
  });
}

export type SubscriptionByToken = { email: string; unsubscribedAt: Date | null };

export async function findSubscriptionByToken(token: string, db: Executor = getDb()): Promise<SubscriptionByToken | undefined> {
  const [row] = await db
    .select({ email: newsletterSubscriptions.email, unsubscribedAt: newsletterSubscriptions.unsubscribedAt })
    .from(newsletterSubscriptions)
    .where(eq(newsletterSubscriptions.unsubscribeToken, token));
  return row;
}

/**
 * Ends the subscription `match` selects, if active, and drops the newsletter mail still queued for
 * its address, in one transaction: the unsubscribe link and the admin's button both come here.
 * Returns the address if it was active (idempotent: a second call changes nothing).
 */
async function endSubscription(match: SQL, now: Date, db: Executor): Promise<string | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(newsletterSubscriptions)
      .set({ unsubscribedAt: now })
      .where(and(match, isNull(newsletterSubscriptions.unsubscribedAt)))
      .returning({ email: newsletterSubscriptions.email });
    if (row) await dropPendingEmailsTo({ to: row.email, kinds: NEWSLETTER_EMAIL_KINDS }, UNSUBSCRIBED_REASON, tx);
    return row?.email;
  });
}

/**
 * Unsubscribes the subscription `token` belongs to. An unknown token changes nothing. Whether
 * anything changed is not returned: callers answer every token alike.
 */
export async function unsubscribe(token: string, now = new Date(), db: Executor = getDb()): Promise<void> {
  await endSubscription(eq(newsletterSubscriptions.unsubscribeToken, token), now, db);
}

/** The admin's "unsubscribe by hand": the address if it was active, undefined if not (or unknown). */
export async function unsubscribeById(id: string, now = new Date(), db: Executor = getDb()): Promise<string | undefined> {
  return endSubscription(eq(newsletterSubscriptions.id, id), now, db);
}
