// The system page's data (app/features/system) read from each database: the outbox, the jobs, the
// last backup and its failure, the disk of DATA_DIR, and the problems they add up to.
import os from "node:os";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordBackup } from "#server/backup/status.server";
import { emailOutbox, jobs } from "#server/db/schema";
import { enqueueEmail } from "#server/email/outbox.server";
import { enqueueJob } from "#server/jobs/jobs.server";
import { getSystemOverview } from "~/features/system/index.server";
import { testDatabases, type TestDatabase } from "../support/databases";

const HOUR_MS = 60 * 60_000;
// Read once by the configuration (getEnv), so one directory for both databases' runs.
process.env.DATA_DIR = os.tmpdir();

describe.each(testDatabases.map((d) => [d.name, d] as const))("the system page on %s", (name, database) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await database.open();
  });
  afterAll(async () => {
    await db.close();
  });

  it("says all is well on a site with a fresh backup and nothing waiting", async () => {
    const now = new Date();
    await recordBackup({ status: "done", location: "/srv/data/backups/a.tar.gz", sizeBytes: 3 * 1024 * 1024 }, new Date(now.getTime() - HOUR_MS), db.db);
    const overview = await getSystemOverview(now);
    expect(overview.problems).toEqual([]);
    expect(overview.database.kind).toBe(name === "pglite" ? "PGlite (in the data directory)" : "PostgreSQL");
    expect(overview.database.size).toMatch(/^\d+(\.\d)? MB$/);
    expect(overview.site.schema).toMatch(/^\d{4}_/);
    expect(overview.backup.last).toMatchObject({ size: "3.0 MB", location: "/srv/data/backups/a.tar.gz" });
    expect(overview.disk?.path).toBe(os.tmpdir());
    expect(overview.disk?.free).toMatch(/^\d+(\.\d)? (KB|MB|GB|TB)$/);
    expect(overview.outbox).toMatchObject({ pending: 0, failed: 0, oldestDue: null });
  });

  it("lists late e-mails, a failed job with its error and a failed backup, in words with what to do", async () => {
    const now = new Date();
    const twoHoursAgo = new Date(now.getTime() - 2 * HOUR_MS).toISOString();
    for (let i = 0; i < 12; i++) {
      const { id } = await enqueueEmail({ kind: "test", to: `v${i}@example.com`, subject: "s", html: "<p>h</p>", text: "h" }, db.db);
      await db.db.execute(sql`update email_outbox set created_at = ${twoHoursAgo}, next_attempt_at = ${twoHoursAgo}, attempts = 3, last_error = 'connect ECONNREFUSED' where id = ${id}`);
    }
    await enqueueJob("analytics:housekeeping", { key: "p1" }, db.db);
    await db.db.execute(sql`update jobs set status = 'failed', last_error = 'relation "x" does not exist', finished_at = now() where name = 'analytics:housekeeping'`);
    await recordBackup({ status: "failed", error: "EACCES: permission denied, open '/srv/data/backups/b.tar.gz'" }, now, db.db);

    const overview = await getSystemOverview(now);
    const titles = overview.problems.map((problem) => problem.title);
    expect(titles).toContain("12 e-mails have waited more than an hour to be sent.");
    expect(titles).toContain("The last backup failed less than an hour ago: EACCES: permission denied, open '/srv/data/backups/b.tar.gz'");
    expect(titles).toContain('1 background task failed this week (most recently “analytics:housekeeping”: relation "x" does not exist).');
    expect(overview.problems.find((problem) => problem.title.startsWith("12 e-mails"))!.action).toContain("SMTP_URL");
    expect(overview.outbox).toMatchObject({ pending: 12, due: 12 });
    expect(overview.outbox.oldestDue).toMatch(/\(2 hours ago\)$/);
    expect(overview.jobs.recentFailures).toEqual([expect.objectContaining({ name: "analytics:housekeeping", lastError: 'relation "x" does not exist' })]);
    expect(overview.backup.lastFailure?.error).toContain("EACCES");

    await db.db.delete(emailOutbox);
    await db.db.delete(jobs);
  });
});
