// The dashboard's backup line: when the last backup was taken, how big it was, and whether it is
// too old (more than two days: a daily backup has failed twice, or the jobs are not running).
import { BACKUP_STALE_MS } from "~/features/system/index.server";
import { lastBackupStatus } from "#server/backup/status.server";

export type BackupLine = { at: string; sizeBytes: number; stale: boolean } | null;

export async function getBackupLine(now = new Date()): Promise<BackupLine> {
  const last = await lastBackupStatus();
  if (!last) return null;
  return { at: last.at.toISOString(), sizeBytes: last.sizeBytes, stale: now.getTime() - last.at.getTime() > BACKUP_STALE_MS };
}
