// The jobs table: work done once across every instance (a newsletter issue's queuing, the hourly
// housekeeping). A job is a row named by (name, key): enqueuing it again while it exists changes
// nothing, so every instance may enqueue a recurring job's period and only one row, run once, comes
// of it. Runners claim due rows with the outbox's claim (claim.server.ts) and hold them on a lease;
// a runner that died lets go when its lease ends.
import { and, eq, inArray, lt } from "drizzle-orm";
import { getDb, type Executor } from "#server/db/client.server";
import { jobs } from "#server/db/schema";
import { dueRows, retryDelayMs } from "./claim.server";

/** How long a claimed job stays with its runner unless the runner extends it. */
export const JOB_LEASE_MS = 15_000;
/** Finished jobs are kept this long, then deleted: longer than any period, so a finished period never runs again. */
export const FINISHED_JOBS_KEPT_MS = 7 * 24 * 60 * 60_000;

export type JobPayload = Record<string, string>;
export type ClaimedJob = typeof jobs.$inferSelect;

const claimable = { table: jobs, id: jobs.id, status: jobs.status, nextAttemptAt: jobs.nextAttemptAt, claimedStatus: "running" };

let wakeRunner: (() => void) | undefined;
/** Set by the runner in this process (runner.server.ts). */
export function setJobRunnerWake(wake: (() => void) | undefined) {
  wakeRunner = wake;
}
/** After the commit of an enqueue: this process's runner looks for the job at once, not at its next tick. */
export function wakeJobRunner() {
  wakeRunner?.();
}

/** Enqueues job `name` for `key` unless one exists (in the caller's transaction, if any): true when this call wrote it. */
export async function enqueueJob(
  name: string,
  { key, payload = {}, now = new Date() }: { key: string; payload?: JobPayload; now?: Date },
  executor: Executor = getDb(),
): Promise<boolean> {
  const written = await executor
    .insert(jobs)
    .values({ name, key, payload, nextAttemptAt: now, createdAt: now })
    .onConflictDoNothing({ target: [jobs.name, jobs.key] })
    .returning({ id: jobs.id });
  return written.length > 0;
}

/** Claims up to `limit` due jobs of the names given (those this runner can run). */
export async function claimJobs(names: readonly string[], { now, limit }: { now: Date; limit: number }, executor: Executor = getDb()) {
  if (names.length === 0) return [];
  return executor
    .update(jobs)
    .set({ status: "running", nextAttemptAt: new Date(now.getTime() + JOB_LEASE_MS) })
    .where(inArray(jobs.id, dueRows(executor, claimable, { now, limit, where: inArray(jobs.name, [...names]) })))
    .returning();
}

const claimedBy = (job: ClaimedJob) => and(eq(jobs.id, job.id), eq(jobs.status, "running"));

/** Keeps a long job's claim: its lease ends JOB_LEASE_MS from `now` again. */
export async function extendLease(job: ClaimedJob, now: Date, executor: Executor = getDb()) {
  await executor
    .update(jobs)
    .set({ nextAttemptAt: new Date(now.getTime() + JOB_LEASE_MS) })
    .where(claimedBy(job));
}

/**
 * Records how a claimed job ended: `done`; `released` (the runner is stopping: due again at once,
 * no attempt counted); `failed` with its error, to run again after the back-off, or not at all
 * (`retry: false`: a recurring job, whose next period runs instead).
 */
export async function finishJob(
  job: ClaimedJob,
  outcome: { status: "done" } | { status: "released" } | { status: "failed"; error: string; retry: boolean },
  now: Date,
  executor: Executor = getDb(),
) {
  if (outcome.status === "released") {
    await executor.update(jobs).set({ status: "pending", nextAttemptAt: now }).where(claimedBy(job));
  } else if (outcome.status === "done") {
    await executor.update(jobs).set({ status: "done", attempts: job.attempts + 1, finishedAt: now }).where(claimedBy(job));
  } else {
    const attempts = job.attempts + 1;
    await executor
      .update(jobs)
      .set(
        outcome.retry
          ? { status: "pending", attempts, lastError: outcome.error, nextAttemptAt: new Date(now.getTime() + retryDelayMs(attempts)) }
          : { status: "failed", attempts, lastError: outcome.error, finishedAt: now },
      )
      .where(claimedBy(job));
  }
}

/** Deletes finished jobs older than FINISHED_JOBS_KEPT_MS; how many. */
export async function deleteFinishedJobs(now: Date, executor: Executor = getDb()): Promise<number> {
  const deleted = await executor
    .delete(jobs)
    .where(and(inArray(jobs.status, ["done", "failed"]), lt(jobs.finishedAt, new Date(now.getTime() - FINISHED_JOBS_KEPT_MS))))
    .returning({ id: jobs.id });
  return deleted.length;
}
