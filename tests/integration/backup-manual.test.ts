// `npm run backup` (backupFromScript) is recorded as the last backup, as a daily one is, so /admin's
// line and /admin/system show it: on PostgreSQL read directly, on PGlite held by a running server
// through that server's POST /_backup.
import fs from "node:fs";
import type http from "node:http";
import path from "node:path";
import { sql } from "drizzle-orm";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BACKUP_REQUEST_PATH, backupRequestHandler } from "#server/backup/schedule.server";
import { backupFromScript } from "#server/backup/source.server";
import { lastBackupStatus } from "#server/backup/status.server";
import { type Env, getEnv } from "~/lib/env.server";
import { tempDir } from "../../scripts/support/databases";
import { rows } from "../../scripts/support/fill-tables";
import { testDatabases, type TestDatabase } from "../support/databases";

process.env.DATA_DIR ??= tempDir("backup-manual-env-");

describe.each(testDatabases.map((d) => [d.name, d] as const))("npm run backup on %s", (name, database) => {
  let db: TestDatabase;
  let server: http.Server;
  let env: Env;

  beforeAll(async () => {
    db = await database.open();
    env = { ...getEnv(), DATA_DIR: db.dataDir, DATABASE_URL: name === "postgres" ? await urlOf(db) : undefined, BETTER_AUTH_SECRET: "backup-manual-secret-0123456789abcdef" };
    const app = express();
    app.post(BACKUP_REQUEST_PATH, backupRequestHandler(db.db, env));
    server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    env.PORT = (server.address() as { port: number }).port;
  });
  afterAll(async () => {
    server?.close();
    await db?.close();
  });

  it("records the backup it took: /admin shows its time and size", async () => {
    expect(await lastBackupStatus(db.db)).toBeNull();
    const out = path.join(db.dataDir, "elsewhere", "site.tar.gz");
    const taken = await backupFromScript(env, out);
    expect(taken.by).toBe(name === "pglite" ? "the running server" : "this process");
    expect(fs.statSync(out).size).toBe(taken.sizeBytes);
    const last = await lastBackupStatus(db.db);
    expect(last?.sizeBytes).toBe(taken.sizeBytes);
    // Where the archive is, not where a running server first wrote it: /admin/system's "Kept in".
    expect(last?.location).toBe(out);
    expect(fs.readdirSync(db.dataDir).includes("backups") ? fs.readdirSync(path.join(db.dataDir, "backups")) : []).toEqual([]);
    expect(Date.now() - last!.at.getTime()).toBeLessThan(60_000);
  });
});

/** The test's PostgreSQL database as a URL, as `npm run backup` is given it. */
async function urlOf(db: TestDatabase) {
  const [row] = await rows<{ current: string }>(db.db, sql`select current_database() as current`);
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${row!.current}`;
  return url.toString();
}
