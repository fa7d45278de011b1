// How much of a PostgreSQL batch's time the newsletter queue's pause counts (issues.server.ts).

/**
 * On PostgreSQL the statement's clock also runs while it waits for the disk (a new WAL segment, a
 * checkpoint: 60-100 ms against a usual 10-17 ms for 1,000 rows), a wait that costs no core and
 * stretched a queue of 2 s to 9. So a batch counts at most this many times the median of the run's
 * batches before it. (On PGlite a wait for the disk holds the server's thread: it counts whole.)
 */
export const QUEUE_BATCH_OUTLIER = 3;

/** The time a PostgreSQL batch counts for its pause: its own, or at most QUEUE_BATCH_OUTLIER × the median before it. */
export function countedBatchMs(statementMs: number, earlier: readonly number[]) {
  if (earlier.length === 0) return statementMs;
  const sorted = [...earlier].sort((a, b) => a - b);
  return Math.min(statementMs, QUEUE_BATCH_OUTLIER * sorted[Math.floor(sorted.length / 2)]!);
}
