// The data of /admin/system: what the database, the disk and the process say about the site's
// health, read on each visit, and the problems systemProblems finds in it.
import fs from "node:fs";
import path from "node:path";
import { lastBackupFailure, lastBackupStatus } from "#server/backup/status.server";
import { getDb } from "#server/db/client.server";
import { databaseFacts, diskFacts, jobFacts, outboxFacts } from "#server/metrics/facts.server";
import { logger } from "#server/logger.server";
import { dateTime } from "~/lib/central-time";
import { getEnv } from "~/lib/env.server";
import { formatBytes } from "~/lib/format-bytes";
import { age, systemProblems } from "./problems";

/** When the running build was made: its server bundle's time (a deploy replaces it). */
function builtAt(): Date | null {
  try {
    return fs.statSync(path.resolve(process.env.BUILD_DIR ?? "build", "server/index.js")).mtime;
  } catch {
    return null;
  }
}

function uptime(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? "" : "s"}`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} hour${hours === 1 ? "" : "s"}`;
  return `${Math.floor(hours / 24)} days`;
}

export async function getSystemOverview(now = new Date()) {
  const env = getEnv();
  const db = getDb();
  const [database, outbox, jobs, last, lastFailure, disk] = await Promise.all([
    databaseFacts(db),
    outboxFacts(db, now),
    jobFacts(db),
    lastBackupStatus(db),
    lastBackupFailure(db),
    // A data directory that cannot be read is itself worth saying, not a broken page.
    diskFacts(env.DATA_DIR).catch((error: unknown) => {
      logger.warn({ err: error }, "system page: could not read the data directory's disk");
      return null;
    }),
  ]);
  const built = builtAt();
  return {
    problems: systemProblems({ outbox, jobs, backup: { last, lastFailure }, disk }, now),
    site: {
      builtAt: built ? dateTime(built) : null,
      schema: database.schema,
      node: process.version,
      uptime: uptime(process.uptime()),
    },
    database: { kind: database.kind === "pglite" ? "PGlite (in the data directory)" : "PostgreSQL", size: formatBytes(database.sizeBytes) },
    outbox: {
      pending: outbox.pending,
      due: outbox.due,
      failed: outbox.failed,
      oldestDue: outbox.oldestDueAt ? `${dateTime(outbox.oldestDueAt)} (${age(outbox.oldestDueAt, now)} ago)` : null,
    },
    jobs: {
      queued: jobs.queued,
      running: jobs.running,
      failed: jobs.failed,
      recentFailures: jobs.recentFailures.map((failure) => ({ name: failure.name, lastError: failure.lastError, at: dateTime(failure.at) })),
    },
    backup: {
      last: last ? { at: `${dateTime(last.at)} (${age(last.at, now)} ago)`, size: formatBytes(last.sizeBytes), location: last.location } : null,
      lastFailure: lastFailure ? { at: dateTime(lastFailure.at), error: lastFailure.error } : null,
    },
    disk: disk ? { path: disk.path, free: formatBytes(disk.freeBytes), total: formatBytes(disk.totalBytes) } : null,
  };
}

export type SystemOverview = Awaited<ReturnType<typeof getSystemOverview>>;
