// Expired verification rows (e-mail confirmation and password-reset links) are deleted here, hourly
// and once across the instances (a job: server/jobs), instead of by Better Auth on every lookup
// (`verification.disableCleanup` in auth.server.ts). Its clean-up ran on the unknown-address path of a reset request and not on a
// registered address's path, which made the unknown path a statement slower: a timing difference
// that told registered addresses from unknown ones (`npm run bench:reset-timing`).
import { lt } from "drizzle-orm";
import { getDb, type Executor } from "#server/db/client.server";
import { verifications } from "./schema";
import type { JobDefinition } from "#server/jobs/runner.server";
import { logger } from "#server/logger.server";

/** Deletes the verification rows that expired before `now`; how many. */
export async function deleteExpiredVerifications(now = new Date(), db: Executor = getDb()): Promise<number> {
  const deleted = await db.delete(verifications).where(lt(verifications.expiresAt, now)).returning({ id: verifications.id });
  return deleted.length;
}

export const verificationHousekeeping: JobDefinition = {
  name: "auth:housekeeping",
  everyMs: 60 * 60_000,
  async run() {
    const removed = await deleteExpiredVerifications();
    if (removed > 0) logger.info({ expiredVerificationsRemoved: removed }, "auth housekeeping");
  },
};
