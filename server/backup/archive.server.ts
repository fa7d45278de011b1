// A backup archive (tar.gz, owner-only): manifest.json, database/<table>.jsonl (tables.server.ts),
// media/<key> and the generated session secret. Restoring checks every file against the manifest
// before it touches the target, and the row counts and media after.
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { type MigrationMeta, readMigrationFiles } from "drizzle-orm/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import * as tar from "tar";
import { type Database, type Executor, migrationsFolder, openDatabase } from "#server/db/client.server";
import { acquireDirectoryLock } from "#server/db/pglite-lock.server";
import type { MediaFiles } from "./media.server";
import { appliedMigrations, countRows, exportTables, importTables, type TableEntry } from "./tables.server";

export const ARCHIVE_FORMAT = 1;

export type Manifest = {
  format: number;
  /** The build that took it: its newest migration's tag. */
  version: string;
  createdAt: string;
  database: { kind: "pglite" | "postgres"; migrations: number; migration: string };
  tables: Record<string, TableEntry>;
  media: Array<{ key: string; size: number; sha256: string }>;
  secret: { sha256: string } | null;
};

/** Refused archives and targets: the message is the operator's. */
export class BackupError extends Error {
  override name = "BackupError";
}

type Journal = { entries: Array<{ tag: string; when: number }> };
const readJournal = (): Journal => JSON.parse(fs.readFileSync(path.join(migrationsFolder, "meta/_journal.json"), "utf8"));
const migrationTag = (count: number) => (count === 0 ? "none" : (readJournal().entries[count - 1]?.tag ?? `unknown (${count})`));
const sha256 = (bytes: Buffer | string) => crypto.createHash("sha256").update(bytes).digest("hex");
const secretFile = (dataDir: string) => path.resolve(dataDir, "secret");

export type BackupSource = {
  db: Database;
  kind: "pglite" | "postgres";
  dataDir: string;
  media: MediaFiles;
  /** Runs now and then during a long backup (a job keeps its lease). */
  progress?: () => Promise<void>;
};

/** Writes a backup to `out` (owner-only; written beside it, then renamed): its manifest and size. */
export async function createBackup(source: BackupSource, out: string): Promise<{ manifest: Manifest; sizeBytes: number; path: string }> {
  const progress = source.progress ?? (async () => {});
  const stage = fs.mkdtempSync(path.join(os.tmpdir(), "site-backup-"));
  const partial = `${out}.${process.pid}.partial`;
  try {
    const createdAt = new Date().toISOString();
    // The database first: media a row refers to was stored before the row was committed.
    const { migrations, tables } = await exportTables(source.db, path.join(stage, "database"), progress);
    const media: Manifest["media"] = [];
    for (const key of await source.media.list()) {
      const bytes = await source.media.read(key);
      const target = path.join(stage, "media", key);
      fs.mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
      fs.writeFileSync(target, bytes, { mode: 0o600 });
      media.push({ key, size: bytes.length, sha256: sha256(bytes) });
      await progress();
    }
    let secret: Manifest["secret"] = null;
    if (fs.existsSync(secretFile(source.dataDir))) {
      const bytes = fs.readFileSync(secretFile(source.dataDir));
      fs.writeFileSync(path.join(stage, "secret"), bytes, { mode: 0o600 });
      secret = { sha256: sha256(bytes) };
    }
    const journal = readJournal();
    const manifest: Manifest = {
      format: ARCHIVE_FORMAT,
      version: journal.entries.at(-1)?.tag ?? "none",
      createdAt,
      database: { kind: source.kind, migrations, migration: migrationTag(migrations) },
      tables,
      media,
      secret,
    };
    fs.writeFileSync(path.join(stage, "manifest.json"), JSON.stringify(manifest, null, 2), { mode: 0o600 });
    const entries = ["manifest.json", "database", ...(media.length > 0 ? ["media"] : []), ...(secret ? ["secret"] : [])];
    fs.mkdirSync(path.dirname(path.resolve(out)), { recursive: true, mode: 0o700 });
    await pipeline(tar.create({ gzip: true, cwd: stage, portable: true }, entries), fs.createWriteStream(partial, { mode: 0o600 }));
    fs.chmodSync(partial, 0o600);
    fs.renameSync(partial, out);
    return { manifest, sizeBytes: fs.statSync(out).size, path: path.resolve(out) };
  } finally {
    fs.rmSync(stage, { recursive: true, force: true });
    fs.rmSync(partial, { force: true });
  }
}

/** Unpacks an archive into a temporary directory and checks every file against its manifest: nothing else is touched. */
export async function openArchive(file: string): Promise<{ dir: string; manifest: Manifest; remove: () => void }> {
  if (!fs.existsSync(file)) throw new BackupError(`No such archive: ${file}`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "site-restore-"));
  const remove = () => fs.rmSync(dir, { recursive: true, force: true });
  const damaged = (why: string) => {
    remove();
    return new BackupError(`The archive ${file} is damaged or incomplete (${why}); nothing was restored.`);
  };
  try {
    await tar.extract({ file, cwd: dir, strict: true });
  } catch (error) {
    throw damaged((error as Error).message);
  }
  let manifest: Manifest;
  try {
    manifest = JSON.parse(fs.readFileSync(path.join(dir, "manifest.json"), "utf8")) as Manifest;
  } catch {
    throw damaged("no readable manifest.json");
  }
  if (manifest.format !== ARCHIVE_FORMAT) throw damaged(`unknown format ${String(manifest.format)}`);
  for (const [table, entry] of Object.entries(manifest.tables)) {
    const data = path.join(dir, "database", `${table}.jsonl`);
    if (!fs.existsSync(data)) throw damaged(`table ${table} is missing`);
    if (sha256(fs.readFileSync(data)) !== entry.sha256) throw damaged(`table ${table} does not match its checksum`);
  }
  for (const item of manifest.media) {
    const data = path.join(dir, "media", item.key);
    if (!fs.existsSync(data) || sha256(fs.readFileSync(data)) !== item.sha256) throw damaged(`media file ${item.key} is missing or altered`);
  }
  if (manifest.secret && sha256(fs.readFileSync(path.join(dir, "secret"))) !== manifest.secret.sha256) throw damaged("the session secret does not match its checksum");
  return { dir, manifest, remove };
}

export type RestoreTarget = { dataDir: string; databaseUrl?: string; media: MediaFiles; force?: boolean };

export type RestoreSummary = {
  manifest: Manifest;
  database: "pglite" | "postgres";
  rows: Record<string, number>;
  mediaFiles: number;
  secret: boolean;
  /** Migrations applied after the load, when the archive came from an older build. */
  migratedFrom: string;
  migratedTo: string;
};

/** A copy of the migrations folder that stops at the archive's migration: the tables are loaded in the shape they were dumped from. */
export function migrationsUpTo(count: number): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "site-migrations-"));
  const journal = readJournal();
  fs.mkdirSync(path.join(dir, "meta"));
  fs.writeFileSync(path.join(dir, "meta/_journal.json"), JSON.stringify({ ...journal, entries: journal.entries.slice(0, count) }));
  for (const entry of journal.entries.slice(0, count)) fs.copyFileSync(path.join(migrationsFolder, `${entry.tag}.sql`), path.join(dir, `${entry.tag}.sql`));
  return dir;
}

/**
 * Restores an archive into an empty data directory or PostgreSQL database (any content only with
 * `force`, which replaces it): the tables at the archive's migration, checked against its counts,
 * then this build's later migrations; the media, checked against their checksums; the secret.
 */
export async function restoreBackup(file: string, target: RestoreTarget): Promise<RestoreSummary> {
  const archive = await openArchive(file);
  try {
    const { manifest } = archive;
    const known = readJournal().entries.length;
    if (manifest.database.migrations > known) {
      throw new BackupError(`The archive was made by a newer version (migration ${manifest.database.migration}); upgrade this site before restoring it.`);
    }
    const database = target.databaseUrl ? await postgresTarget(target.databaseUrl) : await pgliteTarget(target.dataDir);
    try {
      const problems: string[] = [];
      const rows = await database.rowsNow();
      const filled = Object.entries(rows).filter(([, count]) => count > 0);
      if (filled.length > 0) problems.push(`the database has rows (${filled.map(([table, count]) => `${table}: ${count}`).join(", ")})`);
      const existingMedia = await target.media.list();
      if (existingMedia.length > 0) problems.push(`the media store has ${existingMedia.length} files`);
      const secretPath = secretFile(target.dataDir);
      if (manifest.secret && fs.existsSync(secretPath) && sha256(fs.readFileSync(secretPath)) !== manifest.secret.sha256) problems.push("DATA_DIR holds another session secret");
      if (problems.length > 0 && !target.force) throw new BackupError(`The target is not empty: ${problems.join("; ")}. Nothing was restored; use --force to replace it.`);

      // One transaction from the emptying to the media's check (PostgreSQL and PGlite both have
      // transactional DDL): a restore that fails midway leaves the database as it was.
      const migrations = readMigrationFiles({ migrationsFolder }).slice(0, manifest.database.migrations);
      await (await database.open()).transaction(async (tx) => {
        await tx.execute(sql`drop schema if exists drizzle cascade`);
        await tx.execute(sql`drop schema if exists public cascade`);
        await tx.execute(sql`create schema public`);
        await applyMigrations(tx, migrations);
        await importTables(tx, path.join(archive.dir, "database"), manifest.tables);
        const loaded = await countRows(tx);
        const wrong = Object.entries(manifest.tables).filter(([table, entry]) => loaded[table] !== entry.rows);
        if (wrong.length > 0) throw new Error(`row counts differ after the load: ${wrong.map(([table, entry]) => `${table} ${loaded[table]} of ${entry.rows}`).join(", ")}`);
        for (const item of manifest.media) {
          await target.media.write(item.key, fs.readFileSync(path.join(archive.dir, "media", item.key)));
          if (sha256(await target.media.read(item.key)) !== item.sha256) throw new Error(`media file ${item.key} does not match its checksum after the restore`);
        }
      });
      await database.close();

      if (manifest.secret) {
        fs.mkdirSync(target.dataDir, { recursive: true, mode: 0o700 });
        fs.copyFileSync(path.join(archive.dir, "secret"), secretPath);
        fs.chmodSync(secretPath, 0o600);
      }
      // This build's later migrations, as the server's start would apply them.
      const opened = await openDatabase({ dataDir: target.dataDir, databaseUrl: target.databaseUrl });
      const migratedTo = migrationTag(await appliedMigrations(opened.db));
      await opened.close();
      return {
        manifest,
        database: target.databaseUrl ? "postgres" : "pglite",
        rows: Object.fromEntries(Object.entries(manifest.tables).map(([table, entry]) => [table, entry.rows])),
        mediaFiles: manifest.media.length,
        secret: Boolean(manifest.secret),
        migratedFrom: manifest.database.migration,
        migratedTo,
      };
    } finally {
      await database.close();
    }
  } finally {
    archive.remove();
  }
}

/**
 * The archive's migrations applied inside the restore's transaction, recorded as drizzle's migrator
 * records them (its own migrate() commits a transaction of its own), so the server's start
 * continues from there.
 */
async function applyMigrations(tx: Executor, migrations: MigrationMeta[]) {
  await tx.execute(sql`create schema drizzle`);
  await tx.execute(sql`create table drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)`);
  for (const migration of migrations) {
    for (const statement of migration.sql) await tx.execute(sql.raw(statement));
    await tx.execute(sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${migration.hash}, ${migration.folderMillis})`);
  }
}

type DatabaseTarget = {
  /** The database to restore into (a PGlite directory is created only now: a refused restore leaves none). */
  open: () => Promise<Database>;
  /** Rows per table now (an empty object when it has no tables yet). */
  rowsNow: () => Promise<Record<string, number>>;
  close: () => Promise<void>;
};

async function postgresTarget(databaseUrl: string): Promise<DatabaseTarget> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  const db = drizzlePg(pool) as unknown as Database;
  let closed = false;
  return {
    open: async () => db,
    rowsNow: () => countRows(db),
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

/** PGlite in DATA_DIR/pglite, holding its lock (a running server holds it: the restore is refused). */
async function pgliteTarget(dataDir: string): Promise<DatabaseTarget> {
  const dir = path.resolve(dataDir, "pglite");
  const release = await acquireDirectoryLock(dir).catch((error: unknown) => {
    throw new BackupError(`The database in ${dir} is in use (${(error as Error).message}); stop the server first.`);
  });
  let client: PGlite | undefined;
  let db: Database | undefined;
  let closed = false;
  const open = async () => {
    if (db) return db;
    client = new PGlite(dir);
    await client.waitReady;
    db = drizzlePglite({ client }) as unknown as Database;
    return db;
  };
  try {
    const rows = fs.existsSync(path.join(dir, "PG_VERSION")) ? await countRows(await open()) : {};
    return {
      open,
      rowsNow: async () => rows,
      async close() {
        if (closed) return;
        closed = true;
        try {
          await client?.close();
        } finally {
          release();
        }
      },
    };
  } catch (error) {
    await client?.close().catch(() => {});
    release();
    throw error;
  }
}
