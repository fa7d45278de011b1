// `npm run backup`'s way to the database: PostgreSQL directly (its snapshot is consistent while
// the site runs); PGlite directly when no server holds it, else through the running server, the one
// process that can read it (POST /_backup, schedule.server.ts). Each is recorded as the last backup
// (/admin's line), as a daily one is.
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import type { Env } from "~/lib/env.server";
import type { Database } from "#server/db/client.server";
import { acquireDirectoryLock, DatabaseLockedError } from "#server/db/pglite-lock.server";
import { BackupError, createBackup } from "./archive.server";
import { BACKUP_REQUEST_PATH, backupRequestToken, configuredMedia } from "./schedule.server";
import { recordBackup } from "./status.server";

export type TakenBackup = { path: string; sizeBytes: number; by: "this process" | "the running server" };

/** Takes a backup into `out` as the configuration says; opens the database without migrating it. */
export async function backupFromScript(env: Env, out: string): Promise<TakenBackup> {
  const media = configuredMedia(env);
  if (env.DATABASE_URL) {
    const pool = new pg.Pool({ connectionString: env.DATABASE_URL, max: 1 });
    try {
      const db = drizzlePg(pool) as unknown as Database;
      const taken = await createBackup({ db, kind: "postgres", dataDir: env.DATA_DIR, media }, out);
      await recordBackup({ status: "done", location: taken.path, sizeBytes: taken.sizeBytes }, new Date(), db);
      return { ...taken, by: "this process" };
    } finally {
      await pool.end();
    }
  }
  const dir = path.resolve(env.DATA_DIR, "pglite");
  if (!fs.existsSync(path.join(dir, "PG_VERSION"))) throw new BackupError(`There is no database in ${dir} to back up.`);
  let release: () => void;
  try {
    release = await acquireDirectoryLock(dir);
  } catch (error) {
    if (error instanceof DatabaseLockedError) return askRunningServer(env, out);
    throw error;
  }
  const client = new PGlite(dir);
  try {
    await client.waitReady;
    const db = drizzlePglite({ client }) as unknown as Database;
    const taken = await createBackup({ db, kind: "pglite", dataDir: env.DATA_DIR, media }, out);
    await recordBackup({ status: "done", location: taken.path, sizeBytes: taken.sizeBytes }, new Date(), db);
    return { ...taken, by: "this process" };
  } finally {
    await client.close();
    release();
  }
}

async function askRunningServer(env: Env, out: string): Promise<TakenBackup> {
  // The server writes the archive where it is wanted, so /admin's "Kept in" names the file itself.
  const url = `http://127.0.0.1:${env.PORT}${BACKUP_REQUEST_PATH}?${new URLSearchParams({ out: path.resolve(out) })}`;
  let response: Response;
  try {
    response = await fetch(url, { method: "POST", headers: { authorization: `Bearer ${backupRequestToken(env)}` } });
  } catch (error) {
    throw new BackupError(`The database is held by a server, but ${url} did not answer (${(error as Error).message}).`);
  }
  const body = (await response.json().catch(() => ({}))) as { path?: string; sizeBytes?: number; error?: string };
  if (!response.ok || !body.path) throw new BackupError(`The running server could not take the backup: ${body.error ?? `HTTP ${response.status}`}`);
  return { path: body.path, sizeBytes: body.sizeBytes ?? fs.statSync(body.path).size, by: "the running server" };
}
