// What the database says about the site's health, read on request: by /metrics' collectors at
// scrape time and by the owner's system page (app/features/system). The outbox and the jobs are
// the server's own tables, so their counts are read here rather than by a feature.
import fs from "node:fs";
import path from "node:path";
import { and, count, eq, gt, inArray, isNotNull, lt, lte, or, sql } from "drizzle-orm";
import { databaseKind, getDb, migrationsFolder, type Database, type OpenDatabase } from "#server/db/client.server";
import { emailOutbox, jobs } from "#server/db/schema";

export type OutboxFacts = {
  /** Waiting to be sent, including reminders scheduled for later. */
  pending: number;
  /** Of those, the ones due now or retrying after a failed attempt (a reminder not yet due is not late). */
  due: number;
  /** Due messages queued more than an hour ago. */
  dueOverAnHour: number;
  /** When the oldest due message was queued. */
  oldestDueAt: Date | null;
  /** Given up after the retry window ("dead"). */
  failed: number;
};

const HOUR_MS = 60 * 60_000;

export async function outboxFacts(db: Database = getDb(), now = new Date()): Promise<OutboxFacts> {
  const waiting = inArray(emailOutbox.status, ["pending", "sending"]);
  const due = and(waiting, or(lte(emailOutbox.nextAttemptAt, now), gt(emailOutbox.attempts, 0)));
  const [row] = await db
    .select({
      pending: sql<number>`count(*) filter (where ${waiting})`.mapWith(Number),
      due: sql<number>`count(*) filter (where ${due})`.mapWith(Number),
      dueOverAnHour: sql<number>`count(*) filter (where ${and(due, lt(emailOutbox.createdAt, new Date(now.getTime() - HOUR_MS)))})`.mapWith(Number),
      oldestDueAt: sql<Date | null>`min(${emailOutbox.createdAt}) filter (where ${due})`.mapWith(emailOutbox.createdAt),
      failed: sql<number>`count(*) filter (where ${eq(emailOutbox.status, "dead")})`.mapWith(Number),
    })
    .from(emailOutbox)
    .where(inArray(emailOutbox.status, ["pending", "sending", "dead"]));
  return { pending: row?.pending ?? 0, due: row?.due ?? 0, dueOverAnHour: row?.dueOverAnHour ?? 0, oldestDueAt: row?.oldestDueAt ?? null, failed: row?.failed ?? 0 };
}

export type FailedJob = { name: string; lastError: string; at: Date };

export type JobFacts = {
  /** Due or waiting for their time, including those retrying after a failure. */
  queued: number;
  running: number;
  /** Of the queued, those retrying after a failed attempt. */
  retrying: number;
  /** Failed for good (a recurring job's period, or a one-off out of attempts); kept a week. */
  failed: number;
  /** The most recent of the failures, with their last error. */
  recentFailures: FailedJob[];
};

const RECENT_FAILURES = 5;

export async function jobFacts(db: Database = getDb()): Promise<JobFacts> {
  const [byStatus, retrying, recentFailures] = await Promise.all([
    db.select({ status: jobs.status, jobs: count() }).from(jobs).groupBy(jobs.status),
    db
      .select({ jobs: count() })
      .from(jobs)
      .where(and(eq(jobs.status, "pending"), isNotNull(jobs.lastError))),
    db
      .select({ name: jobs.name, lastError: jobs.lastError, at: jobs.finishedAt, createdAt: jobs.createdAt })
      .from(jobs)
      .where(eq(jobs.status, "failed"))
      .orderBy(sql`${jobs.finishedAt} desc nulls last`)
      .limit(RECENT_FAILURES),
  ]);
  const of = (status: (typeof byStatus)[number]["status"]) => byStatus.find((row) => row.status === status)?.jobs ?? 0;
  return {
    queued: of("pending"),
    running: of("running"),
    retrying: retrying[0]?.jobs ?? 0,
    failed: of("failed"),
    recentFailures: recentFailures.map((row) => ({ name: row.name, lastError: row.lastError ?? "", at: row.at ?? row.createdAt })),
  };
}

export type DatabaseFacts = { kind: OpenDatabase["kind"]; sizeBytes: number; schema: string | null };

export async function databaseFacts(db: Database = getDb()): Promise<DatabaseFacts> {
  const result = (await db.execute(sql`select pg_database_size(current_database()) as size`)) as { rows: Array<{ size: string | number }> };
  return { kind: databaseKind(db), sizeBytes: Number(result.rows[0]?.size ?? 0), schema: schemaVersion() };
}

let schema: string | null | undefined;

/** The newest migration this build carries (each is applied at start): the database's schema version. */
export function schemaVersion(): string | null {
  if (schema === undefined) {
    try {
      const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, "meta/_journal.json"), "utf8")) as { entries: Array<{ tag: string }> };
      schema = journal.entries.at(-1)?.tag ?? null;
    } catch {
      schema = null;
    }
  }
  return schema;
}

export type DiskFacts = { path: string; freeBytes: number; totalBytes: number };

/** Free space on the file system that holds `dataDir` (what an unprivileged process may still write). */
export async function diskFacts(dataDir: string): Promise<DiskFacts> {
  const stats = await fs.promises.statfs(dataDir);
  return { path: path.resolve(dataDir), freeBytes: stats.bavail * stats.bsize, totalBytes: stats.blocks * stats.bsize };
}
