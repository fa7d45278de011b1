// The durable outbox (DESIGN.md section 4): every e-mail is a row written in the transaction of the
// change that causes it, then sent by deliverNow() right after commit and/or by the worker
// (worker.server.ts). A row is claimed before it is sent, so two senders never send it twice.
import crypto from "node:crypto";
import { and, desc, eq, gte, inArray, isNotNull, isNull, lte, sql, type SQL } from "drizzle-orm";
import { getDb, type Database, type Executor } from "#server/db/client.server";
import { groupCommitPerExecutor } from "#server/db/group-commit.server";
import { emailBodies, emailOutbox, emailStatuses, type EmailAttachment } from "#server/db/schema";
import { getEnv } from "~/lib/env.server";
import { dueRows, retryDelayMs, totalBackoffMs } from "#server/jobs/claim.server";
import { withSharedRate } from "#server/jobs/shared-rate.server";
import type { Rate } from "#server/jobs/token-bucket";
import { logger } from "#server/logger.server";
import { DeliveryError, type OutboxMessage, type Transport, type Transports } from "./delivery.server";
import { getTransports } from "./transport.server";

/** The spec's first delivery: 2 attempts, waiting 1 s × attempt number in between (SPEC.md §4). */
export const FIRST_DELIVERY_ATTEMPTS = 2;
export const FIRST_DELIVERY_WAIT_MS = 1_000;
/** The worker leaves a new row to its caller's deliverNow() for this long. */
export const FIRST_DELIVERY_GRACE_MS = 5_000;
/** How long a claim lasts (EMAIL_CLAIM_LEASE_SECONDS); a sender that died mid-send loses its claim after this. */
export function claimLeaseMs(): number {
  return getEnv().EMAIL_CLAIM_LEASE_SECONDS * 1000;
}
/**
 * Temporary failures are retried until the back-off between attempts adds up to this, then the
 * row is dead. Counted in back-off rather than wall-clock time, so a server that was down does not
 * kill its queue on restart, and a resent message gets a full window again.
 */
export const RETRY_WINDOW_MS = 24 * 60 * 60_000;

export type NewEmail = {
  kind: string;
  to: string;
  cc?: string | null;
  subject: string;
  html: string;
  text: string;
  attachments?: EmailAttachment[];
  templateParams?: Record<string, string> | null;
  /** Extra header fields (a mailing's List-Unsubscribe and List-Unsubscribe-Post). */
  headers?: Record<string, string> | null;
  /** Not before this time (a reminder); unset, it is due once the caller's grace has passed. */
  sendAt?: Date;
};

export type DeliveryResult = { ok: true } | { ok: false; error: string; attempts: number };

/**
 * Queues a message inside the caller's transaction: it exists if and only if that transaction
 * commits. Call deliverNow(id) after the commit for the first delivery.
 */
export async function enqueueEmail(message: NewEmail, executor: Executor = getDb()): Promise<{ id: string }> {
  const [row] = await executor
    .insert(emailOutbox)
    .values(outboxRow(message, message.sendAt ?? new Date(Date.now() + FIRST_DELIVERY_GRACE_MS)))
    .returning({ id: emailOutbox.id });
  return { id: row!.id };
}

/**
 * A message queued by its caller's own single statement (a data-modifying WITH clause), for a hot
 * path that saves a transaction's round trips: `insert` writes the row when `source` (a relation of
 * that statement) yields a row, and only if the statement commits; `row` is the message as written.
 * A `claimed` row is the caller's to send after the commit (deliverClaimed); if the process dies
 * first, the worker takes it once the claim lapses. Unclaimed rows wait for `sendAt`, or the grace.
 */
export function outboxInsert(message: NewEmail, { claimed, now, source }: { claimed: boolean; now: Date; source: SQL }) {
  const nextAttemptAt = claimed
    ? new Date(now.getTime() + claimLeaseMs())
    : (message.sendAt ?? new Date(now.getTime() + FIRST_DELIVERY_GRACE_MS));
  const row: OutboxMessage = {
    id: crypto.randomUUID(),
    ...outboxRow(message, nextAttemptAt),
    status: claimed ? "sending" : "pending",
    attempts: 0,
    lastError: null,
    createdAt: now,
    sentAt: null,
    bodyId: null,
    bodyFill: null,
  };
  // Parameters in a select list are text unless cast; JSON goes as text, which both drivers pass
  // through untouched (node-postgres would turn an array into a PostgreSQL array literal).
  const insert = sql`insert into ${emailOutbox}
      (id, kind, to_address, cc, subject, html, text, attachments, template_params, headers, status, next_attempt_at, created_at)
    select ${row.id}::uuid, ${row.kind}, ${row.to}, ${row.cc}, ${row.subject}, ${row.html}, ${row.text},
      ${JSON.stringify(row.attachments)}::text::jsonb, ${row.templateParams && JSON.stringify(row.templateParams)}::text::jsonb,
      ${row.headers && JSON.stringify(row.headers)}::text::jsonb, ${row.status}, ${row.nextAttemptAt}::timestamptz, ${row.createdAt}::timestamptz
    from ${source}`;
  return { row, insert };
}

function outboxRow(message: NewEmail, nextAttemptAt: Date) {
  return {
    kind: message.kind,
    to: message.to,
    cc: message.cc ?? null,
    subject: message.subject,
    html: message.html,
    text: message.text,
    attachments: message.attachments ?? [],
    templateParams: message.templateParams ?? null,
    headers: message.headers ?? null,
    nextAttemptAt,
  };
}

// ---------------------------------------------------------------------------------------------
// Shared bodies: one stored message that many rows are made from (a newsletter issue)
// ---------------------------------------------------------------------------------------------

/**
 * Where a shared body says who it is for: each message made from the body puts its own `body_fill`
 * here (in the html, the text and the header values). Letters and underscores only, so URL
 * encoding, HTML escaping and JSON leave it as it is.
 */
export const SHARED_BODY_SLOT = "__EMAIL_RECIPIENT_FILL__";

export type SharedBody = { html: string; text: string; headers?: Record<string, string> | null };

/** Stores a body for many messages; their rows carry its id and their fill (see SHARED_BODY_SLOT). */
export async function createSharedBody(body: SharedBody, executor: Executor = getDb()): Promise<{ id: string }> {
  const [row] = await executor
    .insert(emailBodies)
    .values({ html: body.html, text: body.text, headers: body.headers ?? null })
    .returning({ id: emailBodies.id });
  return row!;
}

/**
 * Bulk copies (rows made from a shared body: a newsletter issue's) go out at NEWSLETTER_SEND_PER_MINUTE,
 * the site's pace across all its instances, which keeps within the mail provider's limit. The sender
 * takes a token per copy. The bucket holds one pass's worth (the sender's 2 s), so copies go out
 * about evenly rather than in bursts.
 */
const BULK_RATE_NAME = "email:bulk";
function bulkRate(): Rate {
  const perSecond = getEnv().NEWSLETTER_SEND_PER_MINUTE / 60;
  return { perSecond, capacity: Math.max(1, Math.ceil(perSecond * 2)) };
}

export type BulkCopies = { kind: string; subject: string; bodyId: string; now: Date };

/**
 * Bulk enqueueing from the caller's own statement: the copies of a shared body to the rows of
 * `source`, a relation of that statement with the columns `id` (the new message's id), `to_address`
 * and `body_fill`. The SQL is a data-modifying statement to put in the caller's WITH clause, so the
 * copies are written if and only if that statement is; it returns their ids. Each is due at once:
 * the sender paces them (bulkRate).
 */
export function bulkInsertFrom(copies: BulkCopies, source: SQL): SQL {
  return sql`insert into ${emailOutbox} (id, kind, to_address, subject, html, text, body_id, body_fill, status, next_attempt_at, created_at)
    select source.id, ${copies.kind}, source.to_address, ${copies.subject}, '', '', ${copies.bodyId}::uuid, source.body_fill, 'pending',
      ${copies.now}::timestamptz, ${copies.now}::timestamptz
    from ${source} as source
    returning id`;
}

/**
 * When the last waiting copy of a shared body is expected to go, at the bulk rate after every bulk
 * copy due before it; null when none waits.
 */
export async function lastBulkCopyExpectedAt(bodyId: string, now: Date, executor: Executor = getDb()): Promise<Date | null> {
  const waiting = and(inArray(emailOutbox.status, ["pending", "sending"]), isNotNull(emailOutbox.bodyId));
  const [row] = await executor
    .select({ ahead: sql<number>`count(*)::int` })
    .from(emailOutbox)
    .where(
      and(
        waiting,
        lte(
          emailOutbox.nextAttemptAt,
          sql`(select max(${emailOutbox.nextAttemptAt}) from ${emailOutbox} where ${waiting} and ${emailOutbox.bodyId} = ${bodyId}::uuid)`,
        ),
      ),
    );
  const ahead = Number(row?.ahead ?? 0);
  return ahead === 0 ? null : new Date(now.getTime() + (ahead * 1000) / bulkRate().perSecond);
}

/** The messages as they are sent: those made from a shared body get its text with their fill. */
async function withSharedBodies(messages: OutboxMessage[], executor: Executor): Promise<OutboxMessage[]> {
  const ids = [...new Set(messages.flatMap((message) => (message.bodyId ? [message.bodyId] : [])))];
  if (ids.length === 0) return messages;
  const bodies = new Map(
    (await executor.select().from(emailBodies).where(inArray(emailBodies.id, ids))).map((body) => [body.id, body]),
  );
  return messages.map((message) => {
    const body = message.bodyId ? bodies.get(message.bodyId) : undefined;
    if (!body) return message;
    const fill = (template: string) => template.replaceAll(SHARED_BODY_SLOT, message.bodyFill ?? "");
    const headers = body.headers && Object.fromEntries(Object.entries(body.headers).map(([name, value]) => [name, fill(value)]));
    return { ...message, html: fill(body.html), text: fill(body.text), headers: headers ?? message.headers };
  });
}

/**
 * Drops a message that has not gone out yet (a reminder whose booking was cancelled): it becomes
 * `dropped` — withdrawn on purpose, not failed — with `reason` as its last error, so the mail
 * viewer says why it was never sent. Nothing sends or resends a dropped row: the worker claims only
 * pending/sending rows and Resend only dead ones. False when it is already sent, being sent, dead
 * or dropped.
 */
export async function dropPendingEmail(id: string, reason: string, executor: Executor = getDb()): Promise<boolean> {
  const dropped = await executor
    .update(emailOutbox)
    .set({ status: "dropped", lastError: reason })
    .where(and(eq(emailOutbox.id, id), eq(emailOutbox.status, "pending")))
    .returning({ id: emailOutbox.id });
  return dropped.length > 0;
}

/**
 * Drops every message of `kinds` to `to` that has not gone out yet (an address that unsubscribed
 * is not mailed again); the number dropped. One being sent at this moment still goes.
 */
export async function dropPendingEmailsTo(
  { to, kinds }: { to: string; kinds: readonly string[] },
  reason: string,
  executor: Executor = getDb(),
): Promise<number> {
  const dropped = await executor
    .update(emailOutbox)
    .set({ status: "dropped", lastError: reason })
    .where(and(eq(emailOutbox.to, to), inArray(emailOutbox.kind, [...kinds]), eq(emailOutbox.status, "pending")))
    .returning({ id: emailOutbox.id });
  return dropped.length;
}

/** How many messages of `kind` were queued for `to` since `since` (whatever became of them). */
export async function countRecentEmails(
  { to, kind, since }: { to: string; kind: string; since: Date },
  executor: Executor = getDb(),
): Promise<number> {
  const [row] = await executor
    .select({ count: sql<number>`count(*)::int` })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, to), eq(emailOutbox.kind, kind), gte(emailOutbox.createdAt, since)));
  return Number(row!.count);
}

type DeliverOptions = {
  transports?: Transports;
  sleep?: (ms: number) => Promise<void>;
};

/**
 * The first delivery of a just-committed row: up to 2 attempts with 1 s × attempt between them.
 * A temporary failure leaves the row to the worker's retries; the result says what happened so
 * the caller can tell the visitor (the booking page's banner).
 */
export async function deliverNow(id: string, options: DeliverOptions = {}): Promise<DeliveryResult> {
  const db = getDb();
  const message = await claimById(id, new Date(), db);
  if (!message) return outcomeOf(id, db);
  return deliverClaimed(message, options);
}

/** The first delivery of a row this sender has claimed (deliverNow, or outboxInsert's claimed rows). */
export async function deliverClaimed(message: OutboxMessage, options: DeliverOptions = {}): Promise<DeliveryResult> {
  const db = getDb();
  const transports = options.transports ?? getTransports();
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const transport = transports.forMessage(message);
  let attemptsMade = 0;
  let failure: DeliveryError | undefined;
  for (let attempt = 1; attempt <= FIRST_DELIVERY_ATTEMPTS; attempt++) {
    if (attempt > 1) await sleep(FIRST_DELIVERY_WAIT_MS * (attempt - 1));
    attemptsMade = attempt;
    failure = await attemptSend(transport, message);
    if (!failure || failure.permanent) break;
  }
  const outcome = await recordOutcome(message, attemptsMade, failure, new Date(), db);
  return failure ? { ok: false, error: failure.message, attempts: outcome.attempts } : { ok: true };
}

/** Sends once; every failure comes back as a DeliveryError (unknown errors count as temporary). */
export async function attemptSend(transport: Transport, message: OutboxMessage) {
  try {
    await transport.send(message);
    return undefined;
  } catch (error) {
    return error instanceof DeliveryError ? error : new DeliveryError(String((error as Error)?.message ?? error), false);
  }
}

const claimable = { table: emailOutbox, id: emailOutbox.id, status: emailOutbox.status, nextAttemptAt: emailOutbox.nextAttemptAt, claimedStatus: "sending" };

/**
 * Claims up to `limit` due rows (pending, or sending with an expired claim) for this sender; sent,
 * dead and dropped rows are never claimed. Bulk copies (made from a shared body) are claimed only
 * as fast as the bulk rate allows.
 */
export async function claimDue(now: Date, limit: number, db: Database = getDb()): Promise<OutboxMessage[]> {
  const single = await claimRows(db, now, limit, isNull(emailOutbox.bodyId));
  const bulk = await withSharedRate(db, BULK_RATE_NAME, bulkRate(), { wanted: limit, now }, async (granted, tx) => {
    const rows = granted > 0 ? await claimRows(tx, now, granted, isNotNull(emailOutbox.bodyId)) : [];
    return { used: rows.length, rows };
  });
  return withSharedBodies([...single, ...bulk.rows], db);
}

function claimRows(executor: Executor, now: Date, limit: number, where: SQL | undefined) {
  return executor
    .update(emailOutbox)
    .set({ status: "sending", nextAttemptAt: new Date(now.getTime() + claimLeaseMs()) })
    .where(inArray(emailOutbox.id, dueRows(executor, claimable, { now, limit, where })))
    .returning();
}

async function claimById(id: string, now: Date, db: Database = getDb()): Promise<OutboxMessage | undefined> {
  const [row] = await db
    .update(emailOutbox)
    .set({ status: "sending", nextAttemptAt: new Date(now.getTime() + claimLeaseMs()) })
    .where(and(eq(emailOutbox.id, id), eq(emailOutbox.status, "pending")))
    .returning();
  return row && (await withSharedBodies([row], db))[0];
}

type Sent = { id: string; attempts: number; sentAt: Date };
// Messages sent together are recorded in one statement (group commit, decision 037): with a
// statement each, marking the confirmation sent was a fifth of a booking's CPU on PGlite; 50
// bookings at once now share about half as many. A row no longer claimed is left alone.
const recordSent = groupCommitPerExecutor<Sent, null>(async (batch, executor) => {
  const rows = batch.map((item) => ({ id: item.id, attempts: item.attempts, sent_at: item.sentAt.toISOString() }));
  await executor.execute(sql`
    update ${emailOutbox} set status = 'sent', attempts = sent.attempts, sent_at = sent.sent_at
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as sent(id uuid, attempts integer, sent_at timestamptz)
    where ${emailOutbox.id} = sent.id and ${emailOutbox.status} = 'sending'`);
  return batch.map(() => null);
});

/** Records a claimed row's result: sent, dead, or pending again with its next attempt time. */
export async function recordOutcome(
  message: OutboxMessage,
  attemptsMade: number,
  failure: DeliveryError | undefined,
  now: Date,
  db: Executor = getDb(),
) {
  const attempts = message.attempts + attemptsMade;
  if (!failure) {
    await recordSent({ id: message.id, attempts, sentAt: now }, db);
    logger.info({ id: message.id, kind: message.kind, attempts }, "e-mail sent");
    return { status: "sent" as const, attempts };
  }
  const claimed = and(eq(emailOutbox.id, message.id), eq(emailOutbox.status, "sending"));
  const retryAt = new Date(now.getTime() + retryDelayMs(attempts));
  const expired = totalBackoffMs(attempts) > RETRY_WINDOW_MS;
  if (failure.permanent || expired) {
    const lastError = failure.permanent ? failure.message : `${failure.message} (gave up after 24 hours of retries)`;
    await db.update(emailOutbox).set({ status: "dead", attempts, lastError, nextAttemptAt: now }).where(claimed);
    logger.error({ id: message.id, kind: message.kind, attempts, error: lastError }, "e-mail could not be delivered");
    return { status: "dead" as const, attempts };
  }
  await db
    .update(emailOutbox)
    .set({ status: "pending", attempts, lastError: failure.message, nextAttemptAt: retryAt })
    .where(claimed);
  logger.warn({ id: message.id, kind: message.kind, attempts, error: failure.message, retryAt }, "e-mail will be retried");
  return { status: "pending" as const, attempts };
}

/** The result of a row someone else is sending (or sent): waits for that sender to finish. */
async function outcomeOf(id: string, db: Executor = getDb()): Promise<DeliveryResult> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const [row] = await db
      .select({ status: emailOutbox.status, attempts: emailOutbox.attempts, lastError: emailOutbox.lastError })
      .from(emailOutbox)
      .where(eq(emailOutbox.id, id));
    if (!row) return { ok: false, error: "Unknown message", attempts: 0 };
    if (row.status === "sent") return { ok: true };
    if (row.status !== "sending" || Date.now() > deadline) {
      return { ok: false, error: row.lastError ?? "The message is still being sent", attempts: row.attempts };
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

// ---------------------------------------------------------------------------------------------
// The mail viewer (/admin/emails)
// ---------------------------------------------------------------------------------------------

export type EmailStatus = (typeof emailStatuses)[number];
export const OUTBOX_PAGE_SIZE = 50;

export async function listOutbox(options: { status?: EmailStatus; page?: number } = {}, db: Executor = getDb()) {
  const page = Math.max(1, options.page ?? 1);
  const where = options.status ? eq(emailOutbox.status, options.status) : undefined;
  const [rows, counts] = await Promise.all([
    db
      .select({
        id: emailOutbox.id,
        kind: emailOutbox.kind,
        to: emailOutbox.to,
        subject: emailOutbox.subject,
        status: emailOutbox.status,
        attempts: emailOutbox.attempts,
        lastError: emailOutbox.lastError,
        createdAt: emailOutbox.createdAt,
        sentAt: emailOutbox.sentAt,
        nextAttemptAt: emailOutbox.nextAttemptAt,
      })
      .from(emailOutbox)
      .where(where)
      .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
      .limit(OUTBOX_PAGE_SIZE)
      .offset((page - 1) * OUTBOX_PAGE_SIZE),
    db
      .select({ status: emailOutbox.status, count: sql<number>`count(*)::int` })
      .from(emailOutbox)
      .groupBy(emailOutbox.status),
  ]);
  const countByStatus = Object.fromEntries(emailStatuses.map((status) => [status, 0])) as Record<EmailStatus, number>;
  for (const { status, count } of counts) countByStatus[status] = Number(count);
  const total = options.status
    ? countByStatus[options.status]
    : Object.values(countByStatus).reduce((sum, count) => sum + count, 0);
  return { rows, page, pageCount: Math.max(1, Math.ceil(total / OUTBOX_PAGE_SIZE)), countByStatus };
}

export async function findOutboxMessage(id: string, executor: Executor = getDb()): Promise<OutboxMessage | undefined> {
  const [row] = await executor.select().from(emailOutbox).where(eq(emailOutbox.id, id));
  return row && (await withSharedBodies([row], executor))[0];
}

/**
 * Puts a dead message back in the queue with a fresh retry window and makes its first delivery.
 * Returns undefined when the message is not dead (e.g. a second click on Resend, or a dropped
 * message: one withdrawn on purpose is never resent).
 */
export async function resendDeadMessage(id: string, options: DeliverOptions = {}): Promise<DeliveryResult | undefined> {
  const [requeued] = await getDb()
    .update(emailOutbox)
    .set({ status: "pending", attempts: 0, nextAttemptAt: new Date(Date.now() + FIRST_DELIVERY_GRACE_MS) })
    .where(and(eq(emailOutbox.id, id), eq(emailOutbox.status, "dead")))
    .returning({ id: emailOutbox.id });
  if (!requeued) return undefined;
  logger.info({ id }, "dead e-mail queued again by an admin");
  return deliverNow(id, options);
}
