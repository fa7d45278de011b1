// Newsletter issues (newsletter_issues) and queuing one to every active subscriber through the
// outbox. Each batch is one statement that picks subscribers without a delivery of the issue,
// inserts their newsletter_deliveries rows (primary key issue + subscription, ON CONFLICT DO
// NOTHING) and, for the rows it did insert, their outbox messages. So a message exists exactly
// when its delivery row does: pressing Send twice, two admins at once, or a restart mid-queue
// (the next run skips who already has one) never gives a subscriber two copies. Unsubscribed
// addresses are never picked.
import { and, eq, inArray, sql } from "drizzle-orm";
import { getEnv } from "~/lib/env.server";
import { getDb, type Executor } from "#server/db/client.server";
import { emailOutbox, newsletterDeliveries, newsletterIssues, newsletterSubscriptions } from "#server/db/schema";
import { newsletterIssueEmail } from "./email-templates.server";
import { listUnsubscribeHeaders, NEWSLETTER_ISSUE_KIND, unsubscribeUrl } from "./mailing.server";

/** Rows per statement: big enough to queue 10,000 in a few statements, small enough to hold no lock for long. */
export const ISSUE_QUEUE_BATCH = 500;

// Stands for the subscriber's unsubscribe token in the rendered message; each copy gets its own.
// Letters and underscores only: URL encoding, HTML escaping and JSON leave it as it is.
const TOKEN_SLOT = "__NEWSLETTER_UNSUBSCRIBE_TOKEN__";
const BEFORE_ANY_ID = "00000000-0000-0000-0000-000000000000";

export type NewIssue = { subject: string; html: string; text: string; postId?: string | null };

export async function createIssue(issue: NewIssue, db: Executor = getDb()): Promise<{ id: string }> {
  const [row] = await db
    .insert(newsletterIssues)
    .values({ subject: issue.subject, html: issue.html, text: issue.text, postId: issue.postId ?? null })
    .returning({ id: newsletterIssues.id });
  return row!;
}

/** The issue as each subscriber gets it, with TOKEN_SLOT where their own token goes. */
function issueTemplate(issue: IssueContent) {
  const message = newsletterIssueEmail({ ...issue, unsubscribeUrl: unsubscribeUrl(TOKEN_SLOT) });
  return { ...message, headers: JSON.stringify(listUnsubscribeHeaders(TOKEN_SLOT)) };
}

export type IssueContent = { subject: string; html: string; text: string };

/**
 * One batch: queues the issue to up to `limit` active subscribers after `after` (by id) that have
 * no delivery of it yet. `picked`: subscribers looked at (0: none left); `queued`: messages this
 * call wrote (fewer when a concurrent run got some first); `lastId`: where the next batch starts.
 */
export async function queueIssueBatch(
  issueId: string,
  content: IssueContent,
  {
    after = BEFORE_ANY_ID,
    limit = ISSUE_QUEUE_BATCH,
    now = new Date(),
    startsAt = now,
    perMinute = getEnv().NEWSLETTER_SEND_PER_MINUTE,
  }: { after?: string; limit?: number; now?: Date; startsAt?: Date; perMinute?: number },
  db: Executor = getDb(),
): Promise<{ picked: number; queued: number; lastId: string | null }> {
  const template = issueTemplate(content);
  const subscriptions = newsletterSubscriptions;
  const slot = sql`${TOKEN_SLOT}::text`;
  const result = await db.execute(sql`
    with picked as (
      select ${subscriptions.id} as id, ${subscriptions.email} as email, ${subscriptions.unsubscribeToken} as token
      from ${subscriptions}
      where ${subscriptions.unsubscribedAt} is null and ${subscriptions.id} > ${after}::uuid
        and not exists (
          select from ${newsletterDeliveries}
          where ${newsletterDeliveries.issueId} = ${issueId}::uuid and ${newsletterDeliveries.subscriptionId} = ${subscriptions.id}
        )
      order by ${subscriptions.id}
      limit ${limit}
    ),
    claimed as (
      insert into ${newsletterDeliveries} (issue_id, subscription_id, outbox_id, created_at)
      select ${issueId}::uuid, picked.id, gen_random_uuid(), ${now}::timestamptz from picked
      on conflict do nothing
      returning subscription_id, outbox_id
    ),
    already as (
      select count(*)::bigint as n from ${newsletterDeliveries} where ${newsletterDeliveries.issueId} = ${issueId}::uuid
    ),
    queued as (
      insert into ${emailOutbox} (id, kind, to_address, subject, html, text, headers, status, next_attempt_at, created_at)
      select claimed.outbox_id, ${NEWSLETTER_ISSUE_KIND}, picked.email, ${template.subject},
        replace(${template.html}::text, ${slot}, picked.token), replace(${template.text}::text, ${slot}, picked.token),
        replace(${template.headers}::text, ${slot}, picked.token)::jsonb, 'pending',
        -- The pace: the issue's n-th message is due (n - 1) / perMinute whole minutes after it started.
        ${startsAt}::timestamptz + ((already.n + row_number() over (order by picked.id) - 1) / ${perMinute}::bigint) * interval '1 minute',
        ${now}::timestamptz
      from claimed join picked on picked.id = claimed.subscription_id cross join already
      returning 1
    )
    select (select count(*) from picked)::integer as picked, (select count(*) from queued)::integer as queued,
      (select id::text from picked order by id desc limit 1) as last_id`);
  const [row] = (result as unknown as { rows: [{ picked: number; queued: number; last_id: string | null }] }).rows;
  return { picked: Number(row.picked), queued: Number(row.queued), lastId: row.last_id };
}

export type QueueOutcome = { outcome: "queued" | "already-sent"; queued: number } | { outcome: "not-found" };

/**
 * Queues the issue to every active subscriber, a batch at a time (no transaction held across
 * batches). Safe to call again at any point, or twice at once: it continues where any run got to.
 * `queued`: the issue's messages in all.
 */
export async function queueIssue(
  issueId: string,
  { batchSize = ISSUE_QUEUE_BATCH, now = new Date() }: { batchSize?: number; now?: Date } = {},
  db: Executor = getDb(),
): Promise<QueueOutcome> {
  const [issue] = await db
    .update(newsletterIssues)
    .set({ status: "sending", sendingStartedAt: sql`coalesce(${newsletterIssues.sendingStartedAt}, ${now}::timestamptz)` })
    .where(and(eq(newsletterIssues.id, issueId), inArray(newsletterIssues.status, ["draft", "sending"])))
    .returning({
      subject: newsletterIssues.subject,
      html: newsletterIssues.html,
      text: newsletterIssues.text,
      startedAt: newsletterIssues.sendingStartedAt,
    });
  if (!issue) {
    const [sent] = await db.select({ queued: newsletterIssues.queuedCount }).from(newsletterIssues).where(eq(newsletterIssues.id, issueId));
    return sent ? { outcome: "already-sent", queued: sent.queued } : { outcome: "not-found" };
  }
  for (let after: string | null = BEFORE_ANY_ID; after; ) {
    // Paced from the moment sending first started: a restart continues the same schedule.
    after = (await queueIssueBatch(issueId, issue, { after, limit: batchSize, now, startsAt: issue.startedAt ?? now }, db)).lastId;
    // Let the requests that arrived meanwhile in: on PGlite a batch runs in this very process.
    await new Promise((resolve) => setImmediate(resolve));
  }
  const [done] = await db
    .update(newsletterIssues)
    .set({
      status: "sent",
      queuedAt: now,
      queuedCount: sql`(select count(*)::integer from ${newsletterDeliveries} where ${newsletterDeliveries.issueId} = ${issueId}::uuid)`,
    })
    .where(eq(newsletterIssues.id, issueId))
    .returning({ queued: newsletterIssues.queuedCount });
  return { outcome: "queued", queued: done!.queued };
}
