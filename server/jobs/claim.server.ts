// The claim every queue here shares (the e-mail outbox, the jobs table): a row is due when it is
// pending, or claimed with a lease that has run out (its runner died); claiming it sets a new lease.
// Due rows another runner is claiming at this moment are skipped, not waited for, so any number of
// instances can claim from one PostgreSQL database and never hold the same row.
import { and, inArray, lte, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Executor } from "#server/db/client.server";

export type ClaimableTable = {
  table: PgTable;
  id: PgColumn;
  status: PgColumn;
  nextAttemptAt: PgColumn;
  /** The status of a claimed row, whose next_attempt_at is its lease's end. */
  claimedStatus: string;
};

/** The ids of up to `limit` due rows, oldest due first, locked for this transaction's update. */
export function dueRows(
  executor: Executor,
  claimable: ClaimableTable,
  { now, limit, where }: { now: Date; limit: number; where?: SQL },
) {
  return executor
    .select({ id: claimable.id })
    .from(claimable.table)
    .where(and(inArray(claimable.status, ["pending", claimable.claimedStatus]), lte(claimable.nextAttemptAt, now), where))
    .orderBy(claimable.nextAttemptAt)
    .limit(limit)
    .for("update", { skipLocked: true });
}

const RETRY_BASE_MS = 30_000;
const RETRY_MAX_MS = 60 * 60_000;

/** Wait after the `attempts`-th failed attempt: 30 s, 1 min, 2 min, … capped at 1 hour. */
export function retryDelayMs(attempts: number) {
  return Math.min(RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1), RETRY_MAX_MS);
}

/** Back-off waited in total once `attempts` attempts have failed. */
export function totalBackoffMs(attempts: number) {
  let total = 0;
  for (let attempt = 1; attempt <= attempts; attempt++) total += retryDelayMs(attempt);
  return total;
}
