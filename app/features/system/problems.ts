// What is wrong with the running site, in the owner's words, each with what to do about it. Pure:
// the system page's loader hands it the facts and the time (tests pass their own).
import { formatBytes } from "~/lib/format-bytes";

export type SystemFacts = {
  outbox: { due: number; dueOverAnHour: number; failed: number };
  jobs: { retrying: number; failed: number; recentFailures: Array<{ name: string; lastError: string }> };
  backup: { last: { at: Date } | null; lastFailure: { at: Date; error: string } | null };
  disk: { freeBytes: number; totalBytes: number; path: string } | null;
};

export type Problem = { severity: "critical" | "warning"; title: string; action: string };

const HOUR_MS = 60 * 60_000;
export const BACKUP_STALE_MS = 48 * HOUR_MS;
const GB = 1024 ** 3;

const plural = (n: number, one: string, many: string) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

/** "3 hours", "2 days": how long ago, roughly, for a sentence. */
export function age(from: Date, now: Date): string {
  const hours = Math.floor((now.getTime() - from.getTime()) / HOUR_MS);
  if (hours < 1) return "less than an hour";
  if (hours < 48) return plural(hours, "hour", "hours");
  return plural(Math.floor(hours / 24), "day", "days");
}

export function systemProblems(facts: SystemFacts, now: Date): Problem[] {
  const problems: Problem[] = [];
  const { outbox, jobs, backup, disk } = facts;

  const failedBackupIsNewest = backup.lastFailure && (!backup.last || backup.lastFailure.at > backup.last.at);
  if (failedBackupIsNewest) {
    problems.push({
      severity: "critical",
      title: `The last backup failed ${age(backup.lastFailure!.at, now)} ago: ${backup.lastFailure!.error}`,
      action:
        "Check that the disk has free space and that the site may write to its backups folder (or the S3 bucket). Then take one by hand with “npm run backup”; the daily backup also tries again tomorrow.",
    });
  }
  if (!backup.last) {
    if (!failedBackupIsNewest) {
      problems.push({
        severity: "warning",
        title: "No backup has been taken yet.",
        action: "The first daily backup runs within a day of the site starting. To have one now, run “npm run backup” on the server.",
      });
    }
  } else if (now.getTime() - backup.last.at.getTime() > BACKUP_STALE_MS) {
    problems.push({
      severity: "critical",
      title: `The newest backup is ${age(backup.last.at, now)} old.`,
      action:
        "A backup should be taken every day: bookings and orders since then would be lost with the disk. Run “npm run backup” now, and ask whoever maintains the site why the daily backup did not run.",
    });
  }

  if (outbox.dueOverAnHour > 0) {
    problems.push({
      severity: "critical",
      title: `${plural(outbox.dueOverAnHour, "e-mail has", "e-mails have")} waited more than an hour to be sent.`,
      action:
        "Visitors are not getting their confirmations. Check the SMTP settings (SMTP_URL) and the mail provider's account; the E-mails page shows each message's last error.",
    });
  }
  if (outbox.failed > 0) {
    problems.push({
      severity: "warning",
      title: `${plural(outbox.failed, "e-mail", "e-mails")} could not be delivered within a day and ${outbox.failed === 1 ? "was" : "were"} given up.`,
      action: "Open E-mails, choose Failed, read the error (often a mistyped address) and resend those that should still go out.",
    });
  }

  if (jobs.failed > 0) {
    const newest = jobs.recentFailures[0];
    problems.push({
      severity: "warning",
      title: `${plural(jobs.failed, "background task", "background tasks")} failed this week${newest ? ` (most recently “${newest.name}”: ${newest.lastError})` : ""}.`,
      action:
        "Daily and hourly tasks run again at their next turn. If the same error keeps coming back, send it to whoever maintains the site.",
    });
  }
  if (jobs.retrying > 0) {
    problems.push({
      severity: "warning",
      title: `${plural(jobs.retrying, "background task is", "background tasks are")} being retried after an error.`,
      action: "Nothing to do unless it stays here for hours; then send the error below to whoever maintains the site.",
    });
  }

  if (disk) {
    const share = disk.totalBytes > 0 ? disk.freeBytes / disk.totalBytes : 1;
    if (disk.freeBytes < 1 * GB || share < 0.1) {
      problems.push({
        severity: disk.freeBytes < 0.25 * GB || share < 0.03 ? "critical" : "warning",
        title: `Only ${formatBytes(disk.freeBytes)} of ${formatBytes(disk.totalBytes)} is free on the disk that holds the site's data.`,
        action: `When it fills, bookings, uploads and backups stop being saved. Remove old files (old backups in ${disk.path}/backups) or give the server a larger disk.`,
      });
    }
  }
  return problems;
}
