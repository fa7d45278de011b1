// The outbox's sender, a pass of the job runner (server/jobs/runner.server.ts) on every instance:
// every few seconds it claims due rows, sends each once and records the outcome (outbox.server.ts
// holds the rules). Instances sharing one PostgreSQL database never claim the same row.
import { getDb, type Database } from "#server/db/client.server";
import type { Pass } from "#server/jobs/runner.server";
import type { Transports } from "./delivery.server";
import { attemptSend, claimDue, recordOutcome } from "./outbox.server";
import { getTransports } from "./transport.server";

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

/** The sender as the runner runs it: a backlog drains without waiting between full batches. */
export function emailOutboxPass(options: { everyMs?: number; transports?: Transports } = {}): Pass {
  return {
    name: "e-mail outbox",
    everyMs: options.everyMs ?? 2_000,
    run: async () => (await processDueEmails({ transports: options.transports })).claimed >= BATCH_SIZE,
  };
}
