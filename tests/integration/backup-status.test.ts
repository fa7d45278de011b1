// The backup status the admin pages read (server/backup/status.server.ts): nothing before the first
// backup, then the newest success and the newest failure, each on its own.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lastBackupFailure, lastBackupStatus, recordBackup } from "#server/backup/status.server";
import { testDatabases, type TestDatabase } from "../support/databases";

describe.each(testDatabases.map((d) => [d.name, d] as const))("backup status on %s", (_name, database) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await database.open();
  });
  afterAll(async () => {
    await db.close();
  });

  it("reports the newest backup and the newest failure separately", async () => {
    expect(await lastBackupStatus(db.db)).toBeNull();
    expect(await lastBackupFailure(db.db)).toBeNull();

    await recordBackup({ status: "done", location: "/data/backups/a.tar.gz", sizeBytes: 100 }, new Date("2026-11-20T03:00:00Z"), db.db);
    await recordBackup({ status: "done", location: "/data/backups/b.tar.gz", sizeBytes: 5_000_000_000 }, new Date("2026-11-21T03:00:00Z"), db.db);
    await recordBackup({ status: "failed", error: "EACCES: permission denied" }, new Date("2026-11-22T03:00:00Z"), db.db);

    expect(await lastBackupStatus(db.db)).toEqual({
      at: new Date("2026-11-21T03:00:00Z"),
      sizeBytes: 5_000_000_000,
      location: "/data/backups/b.tar.gz",
    });
    expect(await lastBackupFailure(db.db)).toEqual({ at: new Date("2026-11-22T03:00:00Z"), error: "EACCES: permission denied" });
  });
});
