// Newsletter issues (newsletter_issues) and queuing one to every active subscriber through the
// outbox. The issue's message is stored once as a shared body (email_bodies); each subscriber's
// copy is a small outbox row naming that body and their unsubscribe token, filled in when it is
// sent. Each batch is one statement that picks subscribers without a delivery of the issue, inserts
// their newsletter_deliveries rows (primary key issue + subscription, ON CONFLICT DO NOTHING) and,
// for the rows it did insert, their outbox rows (the outbox's bulk insert). So a message exists
// exactly when its delivery row does: pressing Send twice, two admins at once, or a restart
// mid-queue (the next run skips who already has one) never gives a subscriber two copies.
// Unsubscribed addresses are never picked. Send enqueues a job (server/jobs) that runs runIssueQueue
// on one of the instances (issue-queue.server.ts); the outbox's sender paces the copies it sends.
import { and, eq, isNull, sql } from "drizzle-orm";
import { getDb, type Executor } from "#server/db/client.server";
import { emailBodies } from "#server/db/schema";
import { newsletterDeliveries, newsletterIssues, newsletterSubscriptions } from "./schema";
import { bulkInsertFrom, createSharedBody, SHARED_BODY_SLOT } from "#server/email/outbox.server";
import { enqueueJob, wakeJobRunner } from "#server/jobs/jobs.server";
import { tokenBucket } from "#server/jobs/token-bucket";
import { newsletterIssueEmail } from "./email-templates.server";
import { listUnsubscribeHeaders, NEWSLETTER_ISSUE_KIND, unsubscribeUrl } from "./mailing.server";

/**
 * Rows per statement. Each statement has a cost of its own, so bigger batches queue faster (10,000
 * on PGlite: 1.5 s of work in batches of 250, 1.0 s in batches of 1,000); on PGlite a batch holds
 * the server's one thread for its time (about 0.05-0.1 s at 1,000).
 */
export const ISSUE_QUEUE_BATCH = 1_000;
/**
 * How fast an issue is queued (unless NEWSLETTER_QUEUE_PER_SECOND says), subscribers a second, so
 * pages keep their speed meanwhile: on PGlite a batch runs on the server's own thread, so at 1,000
 * a second the queue takes a few per cent of it; PostgreSQL works in its own processes. 10,000
 * subscribers: 10 s on PGlite, 2.5 s on PostgreSQL.
 */
export const ISSUE_QUEUE_PER_SECOND = { pglite: 1_000, postgres: 4_000 };
/** The job that queues an issue: one per issue (its id is the key), whichever instance runs it. */
export const ISSUE_QUEUING_JOB = "newsletter:queue-issue";
const BEFORE_ANY_ID = "00000000-0000-0000-0000-000000000000";

export type NewIssue = { subject: string; html: string; text: string; postId?: string | null };

export async function createIssue(issue: NewIssue, db: Executor = getDb()): Promise<{ id: string }> {
  const [row] = await db
    .insert(newsletterIssues)
    .values({ subject: issue.subject, html: issue.html, text: issue.text, postId: issue.postId ?? null })
    .returning({ id: newsletterIssues.id });
  return row!;
}

export type IssueContent = { subject: string; html: string; text: string };

/** The issue as every subscriber gets it, with the shared body's slot where their own token goes. */
export function issueBody(issue: IssueContent) {
  const message = newsletterIssueEmail({ ...issue, unsubscribeUrl: unsubscribeUrl(SHARED_BODY_SLOT) });
  return { subject: message.subject, html: message.html, text: message.text, headers: listUnsubscribeHeaders(SHARED_BODY_SLOT) };
}

/**
 * One batch: queues the issue (its subject and shared body) to up to `limit` active subscribers
 * after `after` (by id) that have no delivery of it yet. `picked`: subscribers looked at (0: none
 * left); `queued`: messages this call wrote (fewer when a concurrent run got some first); `lastId`:
 * where the next batch starts.
 */
export async function queueIssueBatch(
  issueId: string,
  message: { subject: string; bodyId: string },
  { after = BEFORE_ANY_ID, limit = ISSUE_QUEUE_BATCH, now = new Date() }: { after?: string; limit?: number; now?: Date },
  db: Executor = getDb(),
): Promise<{ picked: number; queued: number; lastId: string | null }> {
  const subscriptions = newsletterSubscriptions;
  const copies = { kind: NEWSLETTER_ISSUE_KIND, subject: message.subject, bodyId: message.bodyId, now };
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
    copies as (
      select claimed.outbox_id as id, picked.email as to_address, picked.token as body_fill
      from claimed join picked on picked.id = claimed.subscription_id
    ),
    queued as (${bulkInsertFrom(copies, sql`copies`)})
    select (select count(*) from picked)::integer as picked, (select count(*) from queued)::integer as queued,
      (select id::text from picked order by id desc limit 1) as last_id`);
  const [row] = (result as unknown as { rows: [{ picked: number; queued: number; last_id: string | null }] }).rows;
  return { picked: Number(row.picked), queued: Number(row.queued), lastId: row.last_id };
}

export type SendOutcome = { outcome: "started" | "already-sending" } | { outcome: "already-sent"; queued: number } | { outcome: "not-found" };

/**
 * The admin's Send: a draft becomes `sending` (once, whoever presses first) and its queuing job is
 * enqueued in the same transaction, so an issue being sent always has its job.
 */
export async function startSending(issueId: string, now = new Date(), db: Executor = getDb()): Promise<SendOutcome> {
  const started = await db.transaction(async (tx) => {
    const [issue] = await tx
      .update(newsletterIssues)
      .set({ status: "sending", sendingStartedAt: now })
      .where(and(eq(newsletterIssues.id, issueId), eq(newsletterIssues.status, "draft")))
      .returning({ id: newsletterIssues.id });
    if (issue) await enqueueJob(ISSUE_QUEUING_JOB, { key: issueId, payload: { issueId }, now }, tx);
    return Boolean(issue);
  });
  if (started) {
    wakeJobRunner();
    return { outcome: "started" };
  }
  const [issue] = await db
    .select({ status: newsletterIssues.status, queued: newsletterIssues.queuedCount })
    .from(newsletterIssues)
    .where(eq(newsletterIssues.id, issueId));
  if (!issue) return { outcome: "not-found" };
  return issue.status === "sent" ? { outcome: "already-sent", queued: issue.queued } : { outcome: "already-sending" };
}

/** The issue's shared body, written by the first run that needs it. */
async function bodyOf(issueId: string, stored: string | null, body: ReturnType<typeof issueBody>, db: Executor) {
  if (stored) return stored;
  return db.transaction(async (tx) => {
    const { id } = await createSharedBody(body, tx);
    const [set] = await tx
      .update(newsletterIssues)
      .set({ emailBodyId: id })
      .where(and(eq(newsletterIssues.id, issueId), isNull(newsletterIssues.emailBodyId)))
      .returning({ id: newsletterIssues.emailBodyId });
    if (set) return id;
    // A run that took the issue over meanwhile wrote it first: keep theirs.
    await tx.delete(emailBodies).where(eq(emailBodies.id, id));
    const [theirs] = await tx.select({ id: newsletterIssues.emailBodyId }).from(newsletterIssues).where(eq(newsletterIssues.id, issueId));
    return theirs!.id!;
  });
}

export type RunOptions = {
  batchSize?: number;
  /** Subscribers queued a second at most (ISSUE_QUEUE_PER_SECOND). */
  perSecond?: number;
  clock?: () => Date;
  sleep?: (ms: number) => Promise<void>;
  /** Asked between batches: true leaves the rest for the next run (the server is stopping). */
  stopping?: () => boolean;
  /** Called after each batch: the job's claim lasts as long as the run goes on. */
  batchDone?: () => Promise<void>;
};

export type RunOutcome = { outcome: "queued"; queued: number } | { outcome: "not-sending" } | { outcome: "stopped" };

/**
 * Queues a `sending` issue to every active subscriber, a batch at a time (no transaction held
 * across batches), at `perSecond`. Safe to run again at any point, even beside another run: it
 * continues where any run got to. `not-sending`: the issue is not being sent.
 */
export async function runIssueQueue(
  issueId: string,
  {
    batchSize = ISSUE_QUEUE_BATCH,
    perSecond = ISSUE_QUEUE_PER_SECOND.pglite,
    clock = () => new Date(),
    sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    stopping = () => false,
    batchDone = async () => {},
  }: RunOptions = {},
  db: Executor = getDb(),
): Promise<RunOutcome> {
  const [issue] = await db
    .select({ subject: newsletterIssues.subject, html: newsletterIssues.html, text: newsletterIssues.text, bodyId: newsletterIssues.emailBodyId })
    .from(newsletterIssues)
    .where(and(eq(newsletterIssues.id, issueId), eq(newsletterIssues.status, "sending")));
  if (!issue) return { outcome: "not-sending" };
  const body = issueBody(issue);
  const message = { subject: body.subject, bodyId: await bodyOf(issueId, issue.bodyId, body, db) };
  // The batches walk the subscribers in id order. Without statistics (PGlite has no autovacuum, and
  // PostgreSQL's may not have seen a list just imported) the planner reads the whole table for each
  // batch instead of the next thousand by the id index: 10,000 subscribers on PGlite took 0.8-1.2 s
  // of work instead of 0.4. Analyzing reads a sample of at most 30,000 rows: a few milliseconds.
  await db.execute(sql`analyze ${newsletterSubscriptions}`);
  // A batch is never more than a second's worth: a slow rate goes in small steps, not long pauses.
  const limit = Math.max(1, Math.min(batchSize, Math.floor(perSecond)));
  const pace = tokenBucket({ perSecond, capacity: limit }, { clock: () => clock().getTime(), sleep });
  for (let after: string | null = BEFORE_ANY_ID; after; ) {
    if (stopping()) return { outcome: "stopped" };
    await pace.acquire(limit);
    const batch = await queueIssueBatch(issueId, message, { after, limit, now: clock() }, db);
    after = batch.lastId;
    await batchDone();
  }
  const [done] = await db
    .update(newsletterIssues)
    .set({
      status: "sent",
      queuedAt: clock(),
      queuedCount: sql`(select count(*)::integer from ${newsletterDeliveries} where ${newsletterDeliveries.issueId} = ${issueId}::uuid)`,
    })
    .where(eq(newsletterIssues.id, issueId))
    .returning({ queued: newsletterIssues.queuedCount });
  return { outcome: "queued", queued: done!.queued };
}
