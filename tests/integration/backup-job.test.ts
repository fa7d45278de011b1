// The daily backup as the job runner runs it in the server: on the server's own database, keeping
// its lease as it goes. On PGlite the snapshot's transaction holds the one connection, so the job
// must not wait on that database from outside it (it would wait forever, and the site with it).
import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dailyBackupJob } from "#server/backup/schedule.server";
import { lastBackupStatus } from "#server/backup/status.server";
import { runDueJob } from "#server/jobs/runner.server";
import { tempDir } from "../../scripts/support/databases";
import { testDatabases, type TestDatabase } from "../support/databases";

process.env.DATA_DIR ??= tempDir("backup-job-");

describe.each(testDatabases.map((d) => [d.name, d] as const))("the daily backup job on %s", (_name, database) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await database.open();
  });
  afterAll(async () => {
    await db.close();
  });

  it("runs to the end on the server's database, and the site answers meanwhile and after", async () => {
    const ran = runDueJob([dailyBackupJob], { db: db.db });
    const answered = await db.db.execute(sql`select 1 as one`);
    expect(answered).toMatchObject({ rows: [{ one: 1 }] });
    expect(await ran).toBe(true);
    const status = await lastBackupStatus(db.db);
    expect(status?.sizeBytes).toBeGreaterThan(0);
    expect(path.dirname(status!.location)).toBe(path.resolve(process.env.DATA_DIR!, "backups"));
    expect(fs.existsSync(status!.location)).toBe(true);
  });
});
