// Issues are queued in the background of the server that was asked to send them, at a tenth of its
// time (issues.server.ts): the admin's Send answers at once. Every few seconds each server also
// picks up an issue being sent that no run holds (its server stopped or died mid-queue), so a
// restart finishes the queue without anyone pressing Send again. Started and stopped by the app's
// hooks (app/entry.server.tsx).
import { loggableError } from "#server/db/errors.server";
import { logger } from "#server/logger.server";
import { runIssueQueue, unheldSendingIssues } from "./issues.server";

const RESUME_EVERY_MS = 10_000;

const runs = new Map<string, Promise<void>>();
let stopping = false;
let timer: NodeJS.Timeout | undefined;

/** Queues the issue in the background unless this server is at it already. */
export function queueInBackground(issueId: string) {
  if (runs.has(issueId) || stopping) return;
  const run = runIssueQueue(issueId, { stopping: () => stopping })
    .then((result) => {
      if (result.outcome === "queued") logger.info({ issueId, queued: result.queued }, "newsletter issue queued");
    })
    .catch((error: unknown) => {
      // The issue stays `sending`; the next pass here or on another server takes it up again.
      logger.error({ issueId, error: loggableError(error) }, "queuing a newsletter issue failed; it will be taken up again");
    })
    .finally(() => runs.delete(issueId));
  runs.set(issueId, run);
}

async function resumeUnheld() {
  try {
    for (const issueId of await unheldSendingIssues()) queueInBackground(issueId);
  } catch (error) {
    logger.error({ error: loggableError(error) }, "looking for newsletter issues to resume failed");
  }
}

export function startIssueQueueing() {
  stopping = false;
  void resumeUnheld();
  timer ??= setInterval(() => void resumeUnheld(), RESUME_EVERY_MS).unref();
}

/** Stops between batches and lets go of the issues, so the next start (or another server) goes on at once. */
export async function stopIssueQueueing() {
  stopping = true;
  if (timer) clearInterval(timer);
  timer = undefined;
  await Promise.all(runs.values());
}
