// Page views are written off the request path (decision 020): the beacon's answer never waits for
// the database. Views wait in a bounded buffer and go in one multi-row insert a second (or sooner
// when a batch is full). When the database is slow or down, the buffer fills and further views are
// dropped and counted, never queued without bound. A batch refused for one view's data is written
// again a view at a time, so only that view is lost; a batch that fails otherwise is dropped.
import { getDb } from "#server/db/client.server";
import { pageViews } from "./schema";
import { databaseError, loggableError } from "#server/db/errors.server";
import { logger } from "#server/logger.server";

export type PendingView = typeof pageViews.$inferInsert;

const MAX_WAITING = 5_000;
const BATCH = 500;
const FLUSH_EVERY_MS = 1_000;

const waiting: PendingView[] = [];
let dropped = 0;
let timer: NodeJS.Timeout | undefined;
let flushing: Promise<void> | undefined;

/** Takes a view for the next insert; false (and counted) when the buffer is full. */
export function recordPageView(view: PendingView): boolean {
  if (waiting.length >= MAX_WAITING) {
    dropped += 1;
    return false;
  }
  waiting.push(view);
  if (waiting.length >= BATCH) void flushPageViews();
  else timer ??= setTimeout(() => void flushPageViews(), FLUSH_EVERY_MS).unref();
  return true;
}

/** SQLSTATE class 22 (data exception, e.g. a NUL in text) or 23 (integrity): the rows, not the database. */
function isDataError(error: unknown): boolean {
  return /^2[23]/.test(databaseError(error)?.code ?? "");
}

/** Writes each view alone; returns how many could not be written. */
async function insertOneByOne(batch: PendingView[]): Promise<number> {
  let failed = 0;
  for (const view of batch) await getDb().insert(pageViews).values(view).catch(() => (failed += 1));
  return failed;
}

async function insertWaiting() {
  while (waiting.length > 0) {
    const batch = waiting.splice(0, BATCH);
    try {
      await getDb().insert(pageViews).values(batch);
    } catch (error) {
      // Refused for a row's data: the others are written one at a time. Any other failure (the
      // database unreachable) would fail each of them too, so the batch is dropped.
      const lost = isDataError(error) ? await insertOneByOne(batch) : batch.length;
      dropped += lost;
      if (lost > 0) logger.error({ err: loggableError(error), views: lost }, "page views could not be written; dropped");
    }
  }
  if (dropped > 0) {
    logger.warn({ dropped }, "page views dropped (buffer full or database failing)");
    dropped = 0;
  }
}

/** Writes every waiting view (the timer's job; shutdown and tests call it too). */
export function flushPageViews(): Promise<void> {
  if (timer) clearTimeout(timer);
  timer = undefined;
  flushing ??= insertWaiting().finally(() => (flushing = undefined));
  return flushing;
}

/** How many views wait (tests, the benchmark). */
export function waitingPageViews(): number {
  return waiting.length;
}
