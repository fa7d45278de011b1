// Backups (server/backup/) on each database: every table filled (generically, from the catalog, so
// a new table is covered the day it is added) and media files stored; a backup taken while 20
// clients write; restored into a new PGlite directory and a new PostgreSQL database, where every
// row acknowledged before the backup started is found and every table dumps to the manifest's
// checksum again. A truncated or corrupted archive is refused and the target left as it was. The
// daily job runs once across three instances; a backup that cannot be written e-mails the owner once.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { BackupError, createBackup, migrationsUpTo, openArchive, restoreBackup, type Manifest } from "#server/backup/archive.server";
import { diskMedia } from "#server/backup/media.server";
import { BACKUP_FAILED_KIND, dailyBackupJob, takeScheduledBackup } from "#server/backup/schedule.server";
import { lastBackupFailure, lastBackupStatus } from "#server/backup/status.server";
import { exportTables, tablesInLoadOrder } from "#server/backup/tables.server";
import { openDatabase, type Database, type Executor } from "#server/db/client.server";
import { backups, emailOutbox } from "#server/db/schema";
import { runDueJob } from "#server/jobs/runner.server";
import { getEnv } from "~/lib/env.server";
import { createPostgresDatabase, tempDir } from "../../scripts/support/databases";
import { describeTable, insertRows, rows } from "../../scripts/support/fill-tables";
import { hasTestPostgres } from "../support/environment";
import { testDatabases, type TestDatabase } from "../support/databases";

// The daily job reads the configuration: its DATA_DIR is a scratch directory, never the project's.
process.env.DATA_DIR = tempDir("backup-env-");

const ROWS_PER_TABLE = 30;
/** The migrations of commit 5e7791a (through 0014_jobs), where issue 43's work began. */
const MIGRATIONS_AT_ISSUE_START = 15;
const WRITERS = 20;
/** Tables the writers add to while the backup runs: a sign-up, an event, an e-mail. */
const WRITTEN_TABLES = ["newsletter_subscriptions", "events", "email_outbox"];

async function fillEveryTable(db: Database) {
  for (const table of await tablesInLoadOrder(db)) await insertRows(db, table, 1, ROWS_PER_TABLE, ROWS_PER_TABLE);
}

function storeMedia(dataDir: string) {
  const media = new Map<string, string>();
  for (let n = 0; n < 12; n++) {
    const bytes = crypto.randomBytes(2_000 + n * 500);
    const key = `posts/image-${n}.webp`;
    fs.mkdirSync(path.join(dataDir, "media/posts"), { recursive: true });
    fs.writeFileSync(path.join(dataDir, "media", key), bytes);
    media.set(key, crypto.createHash("sha256").update(bytes).digest("hex"));
  }
  return media;
}

const checksumOf = (file: string) => crypto.createHash("sha256").update(fs.readFileSync(file)).digest("hex");

/** Every table dumped again: the same bytes as the archive's (the restore lost and changed nothing). */
async function expectSameTables(db: Database, manifest: Manifest) {
  const dir = tempDir("backup-check-");
  try {
    const { tables } = await exportTables(db, dir);
    expect(tables).toEqual(manifest.tables);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe.each(testDatabases.map((d) => [d.name, d] as const))("backups on %s", (name, database) => {
  let db: TestDatabase;
  let archive: string;
  let manifest: Manifest;
  let media: Map<string, string>;
  /** Markers of the rows whose insert was acknowledged before the backup started, by table. */
  const acknowledged = new Map<string, string[]>(WRITTEN_TABLES.map((table) => [table, []]));
  const scratch: string[] = [];

  beforeAll(async () => {
    db = await database.open();
    await fillEveryTable(db.db);
    media = storeMedia(db.dataDir);
    fs.writeFileSync(path.join(db.dataDir, "secret"), "a-test-secret-of-thirty-two-characters\n", { mode: 0o600 });
  });
  afterAll(async () => {
    await db.close();
    for (const dir of scratch) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("is filled: every table has rows", async () => {
    for (const table of await tablesInLoadOrder(db.db)) {
      const [row] = await rows<{ count: number }>(db.db, sql`select count(*)::int as count from ${sql.identifier(table)}`);
      expect(row!.count, table).toBeGreaterThan(0);
    }
  });

  it("takes a backup while 20 clients write, holding every row acknowledged before it started", async () => {
    let writing = true;
    let next = 1_000;
    let startedAt = Infinity;
    let failure: unknown;
    const writers = Array.from({ length: WRITERS }, async (_, writer) => {
      let written = 0;
      try {
        while (writing) {
          const table = WRITTEN_TABLES[(writer + written) % WRITTEN_TABLES.length]!;
          const from = next++;
          const [marker] = await insertRows(db.db, table, from, 1, ROWS_PER_TABLE);
          if (performance.now() < startedAt) acknowledged.get(table)!.push(marker!);
          written++;
          // PGlite answers in microtasks: without a turn of the event loop the timers below would never run.
          await new Promise((resolve) => setImmediate(resolve));
        }
      } catch (error) {
        failure ??= error;
      }
      return written;
    });
    const until = async (done: () => boolean) => {
      while (!done()) {
        if (failure) throw failure;
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    };
    // Let the writers get going, then back up in the middle of their writing.
    await until(() => next > 1_000 + WRITERS * 5);
    const out = path.join(db.dataDir, "out", "site.tar.gz");
    startedAt = performance.now();
    const taken = await createBackup({ db: db.db, kind: name, dataDir: db.dataDir, media: diskMedia(path.join(db.dataDir, "media")) }, out);
    const afterBackup = next;
    // Writes go on after it ends: they are not in it, and must not be needed.
    await until(() => next >= afterBackup + WRITERS);
    writing = false;
    const counts = await Promise.all(writers);
    if (failure) throw failure;
    expect(counts.every((count) => count > 0)).toBe(true);

    archive = out;
    manifest = taken.manifest;
    expect(fs.statSync(out).mode & 0o777).toBe(0o600);
    expect(manifest.database.kind).toBe(name);
    expect(manifest.media.map((item) => [item.key, item.sha256])).toEqual([...media.entries()].sort());
    expect(manifest.secret).not.toBeNull();
    for (const table of WRITTEN_TABLES) expect(manifest.tables[table]!.rows).toBeGreaterThanOrEqual(ROWS_PER_TABLE + acknowledged.get(table)!.length);
    expect(Object.keys(manifest.tables).sort()).toEqual((await tablesInLoadOrder(db.db)).sort());
  });

  const restoredInto = [
    { into: "pglite", target: () => ({ dataDir: tempDir("backup-restore-"), databaseUrl: undefined as string | undefined, drop: async () => {} }) },
    ...(hasTestPostgres()
      ? [
          {
            into: "postgres",
            target: async () => {
              const created = await createPostgresDatabase();
              return { dataDir: tempDir("backup-restore-"), databaseUrl: created.url, drop: created.drop };
            },
          },
        ]
      : []),
  ];

  it.each(restoredInto)("restores into a new $into database: every acknowledged row, every table and media file", async ({ target }) => {
    const { dataDir, databaseUrl, drop } = await target();
    scratch.push(dataDir);
    try {
      const summary = await restoreBackup(archive, { dataDir, databaseUrl, media: diskMedia(path.join(dataDir, "media")) });
      expect(summary.rows).toEqual(Object.fromEntries(Object.entries(manifest.tables).map(([table, entry]) => [table, entry.rows])));
      expect(summary.mediaFiles).toBe(media.size);
      for (const [key, checksum] of media) expect(checksumOf(path.join(dataDir, "media", key))).toBe(checksum);
      expect(fs.readFileSync(path.join(dataDir, "secret"), "utf8")).toBe("a-test-secret-of-thirty-two-characters\n");

      const restored = await openDatabase({ dataDir, databaseUrl });
      try {
        await expectSameTables(restored.db, manifest);
        for (const [table, markers] of acknowledged) {
          const { columns } = await describeTable(restored.db, table);
          const marker = columns.find((column) => column.type === "text")!.name;
          const [found] = await rows<{ count: number }>(
            restored.db,
            sql`select count(*)::int as count from ${sql.identifier(table)} where ${sql.identifier(marker)} = any(${`{${markers.join(",")}}`}::text[])`,
          );
          expect(found!.count, table).toBe(markers.length);
        }
        // A serial column's sequence continues after the restored rows: the next insert works.
        const serials = await rows<{ table: string }>(restored.db, sql`select distinct table_name as table from information_schema.columns where table_schema = 'public' and column_default like 'nextval(%'`);
        expect(serials.length).toBeGreaterThan(0);
        for (const { table } of serials) await insertRows(restored.db, table, 90_000, 1, ROWS_PER_TABLE);
      } finally {
        await restored.close();
      }

      // Again into the same, now filled, target: refused without --force, nothing changed.
      await expect(restoreBackup(archive, { dataDir, databaseUrl, media: diskMedia(path.join(dataDir, "media")) })).rejects.toThrow(/not empty/);
    } finally {
      await drop();
    }
  });

  it.each([
    ["truncated", (bytes: Buffer) => bytes.subarray(0, Math.floor(bytes.length / 2))],
    ["corrupted", (bytes: Buffer) => Buffer.concat([bytes.subarray(0, 200), Buffer.from(bytes.subarray(200, 400).map((byte) => byte ^ 0xff)), bytes.subarray(400)])],
  ] as const)("refuses a %s archive and changes nothing", async (_kind, damage) => {
    const damaged = path.join(db.dataDir, "out", `damaged-${_kind}.tar.gz`);
    fs.writeFileSync(damaged, damage(fs.readFileSync(archive)));
    const dataDir = tempDir("backup-refused-");
    scratch.push(dataDir);
    fs.writeFileSync(path.join(dataDir, "keep.txt"), "untouched");
    const error = await restoreBackup(damaged, { dataDir, media: diskMedia(path.join(dataDir, "media")) }).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(BackupError);
    expect((error as Error).message).toMatch(/damaged or incomplete.*nothing was restored/);
    expect(fs.readdirSync(dataDir)).toEqual(["keep.txt"]);
    await expect(openArchive(damaged)).rejects.toThrow(BackupError);
  });

  it("runs the daily backup once across three instances", async () => {
    const env = getEnv();
    await db.db.delete(backups);
    // DATA_DIR is this file's for both databases: the other database's run left its archive there.
    fs.rmSync(path.join(env.DATA_DIR, "backups"), { recursive: true, force: true });
    const instances = [db.db];
    const closers: Array<() => Promise<void>> = [];
    if (name === "postgres") {
      const [row] = await rows<{ current: string }>(db.db, sql`select current_database() as current`);
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${row!.current}`;
      for (let n = 0; n < 2; n++) {
        const other = await openDatabase({ databaseUrl: url.toString(), dataDir: db.dataDir });
        instances.push(other.db);
        closers.push(other.close);
      }
    } else {
      instances.push(db.db, db.db);
    }
    try {
      const at = new Date("2026-11-28T03:00:00Z");
      for (let round = 0; round < 3; round++) await Promise.all(instances.map((instance) => runDueJob([dailyBackupJob], { db: instance, clock: () => at })));
      const taken = await db.db.select().from(backups);
      expect(taken).toMatchObject([{ status: "done" }]);
      expect(fs.readdirSync(path.join(env.DATA_DIR, "backups")).filter((file) => file.startsWith("site-backup-"))).toHaveLength(1);
      expect((await lastBackupStatus(db.db))?.location).toBe(taken[0]!.location);
    } finally {
      for (const close of closers) await close();
    }
  });

  it("keeps the newest BACKUP_KEEP archives; a backup that cannot be written e-mails the owner once", async () => {
    // "Once" is counted from the last success: the daily job's test left one dated later than these.
    await db.db.delete(backups);
    const env = { ...getEnv(), DATA_DIR: tempDir("backup-scheduled-"), BACKUP_KEEP: 2 };
    scratch.push(env.DATA_DIR);
    for (let day = 1; day <= 4; day++) await takeScheduledBackup({ db: db.db, env, now: new Date(`2026-11-0${day}T03:00:00Z`) });
    expect(fs.readdirSync(path.join(env.DATA_DIR, "backups")).sort()).toEqual([
      "site-backup-2026-11-03T03-00-00-000Z.tar.gz",
      "site-backup-2026-11-04T03-00-00-000Z.tar.gz",
    ]);

    // Unwritable: where the backups directory should be, a file.
    fs.rmSync(path.join(env.DATA_DIR, "backups"), { recursive: true });
    fs.writeFileSync(path.join(env.DATA_DIR, "backups"), "");
    const failedMail = () => db.db.select().from(emailOutbox).where(and(eq(emailOutbox.kind, BACKUP_FAILED_KIND), eq(emailOutbox.to, env.OWNER_EMAIL)));
    for (let day = 5; day <= 7; day++) await expect(takeScheduledBackup({ db: db.db, env, now: new Date(`2026-11-0${day}T03:00:00Z`) })).rejects.toThrow();
    expect(await failedMail()).toHaveLength(1);
    expect(await lastBackupFailure(db.db)).toMatchObject({ at: new Date("2026-11-07T03:00:00Z"), error: expect.stringMatching(/EEXIST|ENOTDIR/) });

    // Working again, then failing again: one more e-mail.
    fs.rmSync(path.join(env.DATA_DIR, "backups"));
    await takeScheduledBackup({ db: db.db, env, now: new Date("2026-11-08T03:00:00Z") });
    fs.rmSync(path.join(env.DATA_DIR, "backups"), { recursive: true });
    fs.writeFileSync(path.join(env.DATA_DIR, "backups"), "");
    await expect(takeScheduledBackup({ db: db.db, env, now: new Date("2026-11-09T03:00:00Z") })).rejects.toThrow();
    expect(await failedMail()).toHaveLength(2);
  });

  it("a database at the schema of 5e7791a, data in every table, migrates to this build's schema without loss", async () => {
    const dataDir = tempDir("backup-upgrade-");
    scratch.push(dataDir);
    const created = name === "postgres" ? await createPostgresDatabase() : undefined;
    const folder = migrationsUpTo(MIGRATIONS_AT_ISSUE_START);
    let old: { db: Database; close: () => Promise<void> };
    if (created) {
      const pool = new pg.Pool({ connectionString: created.url, max: 1 });
      await migratePg(drizzlePg(pool), { migrationsFolder: folder });
      old = { db: drizzlePg(pool) as unknown as Database, close: () => pool.end() };
    } else {
      const client = new PGlite(path.join(dataDir, "pglite"));
      const oldDb = drizzlePglite({ client });
      await migratePglite(oldDb, { migrationsFolder: folder });
      old = { db: oldDb as unknown as Database, close: () => client.close() };
    }
    fs.rmSync(folder, { recursive: true, force: true });
    // Each table's rows as they were, by the columns it had then.
    const fingerprint = async (executor: Executor, table: string, columns: string[]) => {
      const pairs = sql.join(columns.map((column) => sql`${column}::text, ${sql.identifier(column)}`), sql`, `);
      const [row] = await rows<{ count: number; digest: string | null }>(
        executor,
        sql`select count(*)::int as count, md5(string_agg(r, ',' order by r)) as digest from (select jsonb_build_object(${pairs})::text as r from ${sql.identifier(table)}) t`,
      );
      return row!;
    };
    const before = new Map<string, { columns: string[]; count: number; digest: string | null }>();
    try {
      await fillEveryTable(old.db);
      for (const table of await tablesInLoadOrder(old.db)) {
        const columns = (await describeTable(old.db, table)).columns.map((column) => column.name);
        before.set(table, { columns, ...(await fingerprint(old.db, table, columns)) });
      }
    } finally {
      await old.close();
    }
    expect(before.size).toBeGreaterThan(25);
    const upgraded = await openDatabase({ dataDir, databaseUrl: created?.url });
    try {
      for (const [table, { columns, count, digest }] of before) {
        expect(count, table).toBe(ROWS_PER_TABLE);
        expect(await fingerprint(upgraded.db, table, columns), table).toEqual({ count, digest });
      }
    } finally {
      await upgraded.close();
      await created?.drop();
    }
  });
});
