// Newsletter issues (newsletter_issues) and queuing one to every active subscriber through the
// outbox. The issue's message is stored once as a shared body (email_bodies); each subscriber's
// copy is a small outbox row naming that body and their unsubscribe token, filled in when it is
// sent. Each batch is one statement that picks subscribers without a delivery of the issue, inserts
// their newsletter_deliveries rows (primary key issue + subscription, ON CONFLICT DO NOTHING) and,
// for the rows it did insert, their outbox rows. So a message exists exactly when its delivery row
// does: pressing Send twice, two admins at once, or a restart mid-queue (the next run skips who
// already has one) never gives a subscriber two copies. Unsubscribed addresses are never picked.
// The run in the background (issue-queue.server.ts) calls runIssueQueue.
import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import { getEnv } from "~/lib/env.server";
import { getDb, inProcessDatabaseMs, type Executor } from "#server/db/client.server";
import { emailBodies, emailOutbox, newsletterDeliveries, newsletterIssues, newsletterSubscriptions } from "#server/db/schema";
import { createSharedBody, SHARED_BODY_SLOT } from "#server/email/outbox.server";
import { newsletterIssueEmail } from "./email-templates.server";
import { countedBatchMs } from "./queue-pause";
import { listUnsubscribeHeaders, NEWSLETTER_ISSUE_KIND, unsubscribeUrl } from "./mailing.server";

/**
 * Rows per statement. Each statement has a cost of its own, so bigger batches queue faster (10,000
 * on PGlite: 1.5 s of work in batches of 250, 1.0 s in batches of 1,000); on PGlite a batch holds
 * the server's one thread for its time (about 0.1 s at 1,000), then the pause lets the site run.
 */
export const ISSUE_QUEUE_BATCH = 1_000;
/**
 * The share of the time a run works: after each batch it waits (1 - share) / share of the batch's
 * own time, so pages keep their speed meanwhile. On PGlite a batch runs on the server's own thread,
 * so its 4 % of the time is the site's; on PostgreSQL the database's processes take their time from
 * the machine's cores (or another machine's), so 7 % of it costs the site less. (Measured against
 * the goal of 90 % of the cached pages' speed: decision 035.) 10,000 subscribers: a few seconds
 * either way (docs/newsletter.md).
 *
 * A batch's own time is the database's, not the wall time around it: the time its answer then
 * waits for the server's busy event loop is the site's work, not the queue's (under load it was two
 * to four times the database's and lengthened every pause as much). On PostgreSQL that is the
 * statement's time by the database's clock; on PGlite, all the time this process spent in the
 * database meanwhile (the statement's clock leaves out its commit and the lease's statement, two
 * fifths of it there).
 */
export const ISSUE_QUEUE_DUTY = { pglite: 0.04, postgres: 0.07 };
/** A run holds the issue for this long, renewed every batch; a server that died leaves it after. */
export const QUEUING_LEASE_MS = 15_000;
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

/** On PostgreSQL, batches (of any issue) take turns under this lock, so each sees where the ones before it end. */
const PACE_LOCK = "newsletter:pace";

/**
 * One batch: queues the issue (its subject and shared body) to up to `limit` active subscribers
 * after `after` (by id) that have no delivery of it yet. `picked`: subscribers looked at (0: none
 * left); `queued`: messages this call wrote (fewer when a concurrent run got some first); `lastId`:
 * where the next batch starts; `databaseMs`: how long the database worked on it (from the
 * statement's start to its last row, by the database's clock).
 *
 * The pace is the site's, not the issue's (it protects the mail provider's limit): the batch's copies
 * are due one every 60 / perMinute seconds, the first of them one interval after the last copy
 * queued so far of any issue (`paced_until`), or now if that is past. So the batches of one issue
 * follow each other, a run taken up again continues the schedule, and a second issue sent while
 * the first's copies wait goes out after them instead of doubling the rate.
 */
export async function queueIssueBatch(
  issueId: string,
  message: { subject: string; bodyId: string },
  {
    after = BEFORE_ANY_ID,
    limit = ISSUE_QUEUE_BATCH,
    now = new Date(),
    perMinute = getEnv().NEWSLETTER_SEND_PER_MINUTE,
  }: { after?: string; limit?: number; now?: Date; perMinute?: number },
  db: Executor = getDb(),
): Promise<{ picked: number; queued: number; lastId: string | null; databaseMs: number }> {
  const subscriptions = newsletterSubscriptions;
  const microsecondsApart = Math.floor(60_000_000 / perMinute);
  const statement = sql`
    with pace as (
      -- A handful of rows: read whole.
      select greatest(${now}::timestamptz, max(${newsletterIssues.pacedUntil}) + ${microsecondsApart}::bigint * interval '1 microsecond') as first_due
      from ${newsletterIssues}
    ),
    picked as (
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
    queued as (
      insert into ${emailOutbox} (id, kind, to_address, subject, html, text, body_id, body_fill, status, next_attempt_at, created_at)
      select claimed.outbox_id, ${NEWSLETTER_ISSUE_KIND}, picked.email, ${message.subject}, '', '', ${message.bodyId}::uuid, picked.token, 'pending',
        -- The pace, evenly spread (not a minute's worth at once, which the worker would send in a burst).
        pace.first_due + (row_number() over (order by picked.id) - 1) * ${microsecondsApart}::bigint * interval '1 microsecond',
        ${now}::timestamptz
      from claimed join picked on picked.id = claimed.subscription_id cross join pace
      returning next_attempt_at
    ),
    paced as (
      update ${newsletterIssues} set paced_until = (select max(next_attempt_at) from queued)
      where ${newsletterIssues.id} = ${issueId}::uuid and exists (select from queued)
    )
    select (select count(*) from picked)::integer as picked, (select count(*) from queued)::integer as queued,
      (select id::text from picked order by id desc limit 1) as last_id,
      -- Read after the counts, so after the inserts they wait for.
      (extract(epoch from clock_timestamp() - statement_timestamp()) * 1000)::float8 as database_ms`;
  // On PostgreSQL another instance's batch could read the same end at the same moment: batches take
  // turns under a lock, taken by a statement of its own (a statement sees what was committed when it
  // began). PGlite runs one statement at a time, so there the batch needs no turn, and a
  // transaction's extra round trips would only lengthen the window its pause is measured over.
  const result =
    inProcessDatabaseMs(db) !== undefined
      ? await db.execute(statement)
      : await db.transaction(async (tx) => {
          await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${PACE_LOCK}))`);
          return tx.execute(statement);
        });
  const [row] = (result as unknown as { rows: [{ picked: number; queued: number; last_id: string | null; database_ms: number }] }).rows;
  return { picked: Number(row.picked), queued: Number(row.queued), lastId: row.last_id, databaseMs: Number(row.database_ms) };
}

export type SendOutcome = { outcome: "started" | "already-sending" } | { outcome: "already-sent"; queued: number } | { outcome: "not-found" };

/** The admin's Send: a draft becomes `sending` (once, whoever presses first); the run queues it. */
export async function startSending(issueId: string, now = new Date(), db: Executor = getDb()): Promise<SendOutcome> {
  const [started] = await db
    .update(newsletterIssues)
    .set({ status: "sending", sendingStartedAt: now })
    .where(and(eq(newsletterIssues.id, issueId), eq(newsletterIssues.status, "draft")))
    .returning({ id: newsletterIssues.id });
  if (started) return { outcome: "started" };
  const [issue] = await db
    .select({ status: newsletterIssues.status, queued: newsletterIssues.queuedCount })
    .from(newsletterIssues)
    .where(eq(newsletterIssues.id, issueId));
  if (!issue) return { outcome: "not-found" };
  return issue.status === "sent" ? { outcome: "already-sent", queued: issue.queued } : { outcome: "already-sending" };
}

/** Issues being sent that no run holds (the server that held one stopped or died). */
export async function unheldSendingIssues(now = new Date(), db: Executor = getDb()): Promise<string[]> {
  const rows = await db
    .select({ id: newsletterIssues.id })
    .from(newsletterIssues)
    .where(and(eq(newsletterIssues.status, "sending"), or(isNull(newsletterIssues.queuingLeaseUntil), lt(newsletterIssues.queuingLeaseUntil, now))));
  return rows.map((row) => row.id);
}

/** Takes the issue for this run if it is being sent and nobody holds it; its content when taken. */
async function takeIssue(issueId: string, now: Date, db: Executor) {
  const [issue] = await db
    .update(newsletterIssues)
    .set({ queuingLeaseUntil: new Date(now.getTime() + QUEUING_LEASE_MS) })
    .where(
      and(
        eq(newsletterIssues.id, issueId),
        eq(newsletterIssues.status, "sending"),
        or(isNull(newsletterIssues.queuingLeaseUntil), lt(newsletterIssues.queuingLeaseUntil, now)),
      ),
    )
    .returning({
      subject: newsletterIssues.subject,
      html: newsletterIssues.html,
      text: newsletterIssues.text,
      bodyId: newsletterIssues.emailBodyId,
    });
  return issue;
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
  /** The share of the time spent working (1: no pauses, as tests run it); ISSUE_QUEUE_DUTY by default. */
  duty?: number;
  clock?: () => Date;
  sleep?: (ms: number) => Promise<void>;
  /** Asked between batches: true leaves the issue for the next run (the server is stopping). */
  stopping?: () => boolean;
};

export type RunOutcome = { outcome: "queued"; queued: number } | { outcome: "not-taken" } | { outcome: "stopped" };

/**
 * Queues a `sending` issue to every active subscriber, a batch at a time (no transaction held
 * across batches), holding the issue's lease so other servers leave it alone. Safe to run again at
 * any point: it continues where any run got to. `not-taken`: not being sent, or another run holds it.
 */
export async function runIssueQueue(
  issueId: string,
  {
    batchSize = ISSUE_QUEUE_BATCH,
    duty,
    clock = () => new Date(),
    sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    stopping = () => false,
  }: RunOptions = {},
  db: Executor = getDb(),
): Promise<RunOutcome> {
  const share = duty ?? (inProcessDatabaseMs(db) === undefined ? ISSUE_QUEUE_DUTY.postgres : ISSUE_QUEUE_DUTY.pglite);
  const issue = await takeIssue(issueId, clock(), db);
  if (!issue) return { outcome: "not-taken" };
  const body = issueBody(issue);
  const message = { subject: body.subject, bodyId: await bodyOf(issueId, issue.bodyId, body, db) };
  // The batches walk the subscribers in id order. Without statistics (PGlite has no autovacuum, and
  // PostgreSQL's may not have seen a list just imported) the planner reads the whole table for each
  // batch instead of the next thousand by the id index: 10,000 subscribers on PGlite took 0.8-1.2 s
  // of work instead of 0.4. Analyzing reads a sample of at most 30,000 rows: a few milliseconds.
  await db.execute(sql`analyze ${newsletterSubscriptions}`);
  const statementTimes: number[] = [];
  for (let after: string | null = BEFORE_ANY_ID; after; ) {
    if (stopping()) {
      await db.update(newsletterIssues).set({ queuingLeaseUntil: null }).where(eq(newsletterIssues.id, issueId));
      return { outcome: "stopped" };
    }
    const now = clock();
    const inProcessBefore = inProcessDatabaseMs(db);
    const batch = await queueIssueBatch(issueId, message, { after, limit: batchSize, now }, db);
    after = batch.lastId;
    await db
      .update(newsletterIssues)
      .set({ queuingLeaseUntil: new Date(clock().getTime() + QUEUING_LEASE_MS) })
      .where(eq(newsletterIssues.id, issueId));
    // PGlite: whatever else the site asked of the database meanwhile counts too, a longer pause; and
    // all of it, disk waits too, since they hold the server's thread.
    const worked =
      inProcessBefore === undefined ? countedBatchMs(batch.databaseMs, statementTimes) : inProcessDatabaseMs(db)! - inProcessBefore;
    statementTimes.push(batch.databaseMs);
    // Never so long that the lease runs out meanwhile.
    await sleep(share >= 1 ? 0 : Math.min((worked * (1 - share)) / share, QUEUING_LEASE_MS / 3));
  }
  const [done] = await db
    .update(newsletterIssues)
    .set({
      status: "sent",
      queuedAt: clock(),
      queuingLeaseUntil: null,
      queuedCount: sql`(select count(*)::integer from ${newsletterDeliveries} where ${newsletterDeliveries.issueId} = ${issueId}::uuid)`,
    })
    .where(eq(newsletterIssues.id, issueId))
    .returning({ queued: newsletterIssues.queuedCount });
  return { outcome: "queued", queued: done!.queued };
}
