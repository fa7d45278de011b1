// /admin's backup line as the owner reads it, from the backups recorded (the clock injected): none
// yet, a recent one with its time and size, and one over two days old, each with its words. The
// e2e test (admin-system.spec.ts) sees the recent one in the browser. The size as /admin/system
// writes it: a small site's archive of a few KB is not "0 MB".
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BackupStatusLine } from "~/features/admin-dashboard/backup-line";
import { getBackupLine } from "~/features/admin-dashboard/backup.server";
import { recordBackup } from "#server/backup/status.server";
import { testDatabases, type TestDatabase } from "../support/databases";

const HOUR_MS = 60 * 60_000;
const now = new Date("2026-11-28T15:00:00Z");

async function lineAt(at: Date) {
  const html = renderToStaticMarkup(createElement(BackupStatusLine, { backup: await getBackupLine(at) }));
  return { text: html.replace(/<[^>]+>/g, ""), warning: html.includes("text-destructive") };
}

describe.each(testDatabases.map((d) => [d.name, d] as const))("/admin's backup line on %s", (_name, database) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await database.open();
  });
  afterAll(async () => {
    await db.close();
  });

  it("warns when there is no backup, shows the last one's time and size, and warns again once it is over two days old", async () => {
    expect(await lineAt(now)).toEqual({
      text: "No backup has been taken yet. The site backs itself up once a day; to take one now, run “npm run backup” on the server.",
      warning: true,
    });

    // A failed backup is not a backup.
    await recordBackup({ status: "failed", error: "EACCES" }, new Date(now.getTime() - HOUR_MS), db.db);
    expect((await lineAt(now)).text).toMatch(/^No backup has been taken yet/);

    await recordBackup({ status: "done", location: "/data/backups/a.tar.gz", sizeBytes: 8_123_456 }, new Date(now.getTime() - 3 * HOUR_MS), db.db);
    expect(await lineAt(now)).toEqual({ text: "Last backup: Nov 28, 2026, 6:00 AM CT, 7.7 MB.", warning: false });
    expect((await lineAt(new Date(now.getTime() + 48 * HOUR_MS - 3 * HOUR_MS))).warning).toBe(false);

    const late = await lineAt(new Date(now.getTime() + 48 * HOUR_MS));
    expect(late).toEqual({
      text: "Last backup: Nov 28, 2026, 6:00 AM CT, 7.7 MB. It is more than two days old: check the backup e-mails and that the site can write its backups, or run “npm run backup”.",
      warning: true,
    });
  });
});
