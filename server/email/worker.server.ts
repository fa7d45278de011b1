// The outbox worker, inside the server process: every few seconds it claims due rows, sends each
// once and records the outcome (outbox.server.ts holds the rules). Several server instances can
// run it against one PostgreSQL database: claims skip rows another instance holds.
import { getDb, type Database } from "#server/db/client.server";
import { loggableError } from "#server/db/errors.server";
import { logger } from "#server/logger.server";
import type { Transports } from "./delivery.server";
import { attemptSend, claimDue, recordOutcome } from "./outbox.server";
import { closeTransports, getTransports } from "./transport.server";

const BATCH_SIZE = 20;

export type WorkerRun = { claimed: number; sent: number; retrying: number; dead: number };

/** One pass over the due rows. Tests call it directly, with their own clock and transports. */
export async function processDueEmails(
  options: { db?: Database; transports?: Transports; now?: Date; limit?: number } = {},
): Promise<WorkerRun> {
  const db = options.db ?? getDb();
  const transports = options.transports ?? getTransports();
  const now = options.now ?? new Date();
  const claimed = await claimDue(now, options.limit ?? BATCH_SIZE, db);
  const run: WorkerRun = { claimed: claimed.length, sent: 0, retrying: 0, dead: 0 };
  for (const message of claimed) {
    const failure = await attemptSend(transports.forMessage(message), message);
    const outcome = await recordOutcome(message, 1, failure, options.now ?? new Date(), db);
    if (outcome.status === "sent") run.sent++;
    else if (outcome.status === "dead") run.dead++;
    else run.retrying++;
  }
  return run;
}

export function startEmailWorker(options: { intervalMs?: number; transports?: Transports } = {}): {
  stop: () => Promise<void>;
} {
  const intervalMs = options.intervalMs ?? 2_000;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  const tick = async () => {
    try {
      // Keep going while batches come back full: a backlog drains without waiting between batches.
      for (;;) {
        const run = await processDueEmails({ transports: options.transports });
        if (stopped || run.claimed < BATCH_SIZE) break;
      }
    } catch (error) {
      logger.error({ error: loggableError(error) }, "e-mail worker pass failed; trying again shortly");
    }
  };
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = tick().finally(schedule);
    }, intervalMs);
    timer.unref();
  };
  schedule();
  logger.info({ intervalMs }, "e-mail worker started");

  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
      if (!options.transports) closeTransports();
    },
  };
}
