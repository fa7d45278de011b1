// The last backup taken and the last that failed, for the admin dashboard and /admin/system.
import { desc, eq } from "drizzle-orm";
import { getDb, type Executor } from "#server/db/client.server";
import { backups } from "#server/db/schema";

export type BackupStatus = { at: Date; sizeBytes: number; location: string };
export type BackupFailure = { at: Date; error: string };

export async function lastBackupStatus(executor: Executor = getDb()): Promise<BackupStatus | null> {
  const [row] = await executor
    .select({ at: backups.createdAt, sizeBytes: backups.sizeBytes, location: backups.location })
    .from(backups)
    .where(eq(backups.status, "done"))
    .orderBy(desc(backups.createdAt))
    .limit(1);
  return row ?? null;
}

export async function lastBackupFailure(executor: Executor = getDb()): Promise<BackupFailure | null> {
  const [row] = await executor
    .select({ at: backups.createdAt, error: backups.error })
    .from(backups)
    .where(eq(backups.status, "failed"))
    .orderBy(desc(backups.createdAt))
    .limit(1);
  return row ? { at: row.at, error: row.error ?? "" } : null;
}

/** Records a backup's outcome. */
export async function recordBackup(
  outcome: { status: "done"; location: string; sizeBytes: number } | { status: "failed"; error: string },
  now: Date,
  executor: Executor = getDb(),
) {
  await executor.insert(backups).values({ ...outcome, createdAt: now });
}
