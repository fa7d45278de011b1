// A restore that fails after the archive's checks (a row the database refuses, a media store that
// fails) leaves the target database as it was: the emptying, the load and the media are one
// transaction. On each database, into a filled target with --force; and a refused restore creates
// nothing.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import * as tar from "tar";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBackup, type Manifest, restoreBackup } from "#server/backup/archive.server";
import { diskMedia, type MediaFiles } from "#server/backup/media.server";
import { exportTables, tablesInLoadOrder } from "#server/backup/tables.server";
import { type Database, openDatabase } from "#server/db/client.server";
import { createPostgresDatabase, tempDir } from "../../scripts/support/databases";
import { insertRows } from "../../scripts/support/fill-tables";
import { testDatabases, type TestDatabase } from "../support/databases";

const TABLE = "newsletter_subscriptions";

describe.each(testDatabases.map((d) => [d.name, d] as const))("a failed restore on %s", (name, database) => {
  let source: TestDatabase;
  let archive: string;
  let duplicateRow: string;

  beforeAll(async () => {
    source = await database.open();
    await insertRows(source.db, TABLE, 1, 20, 20);
    await diskMedia(path.join(source.dataDir, "media")).write("posts/a.webp", crypto.randomBytes(2_000));
    archive = path.join(source.dataDir, "good.tar.gz");
    await createBackup({ db: source.db, kind: name, dataDir: source.dataDir, media: diskMedia(path.join(source.dataDir, "media")) }, archive);
    duplicateRow = await duplicatingFirstRow(archive);
  });
  afterAll(async () => {
    await source?.close();
  });

  /** A target holding other rows and a media file, and a way to dump it again. */
  async function filledTarget() {
    const dataDir = tempDir("backup-restore-target-");
    const postgres = name === "postgres" ? await createPostgresDatabase() : undefined;
    const opened = await openDatabase({ dataDir, databaseUrl: postgres?.url });
    await insertRows(opened.db, TABLE, 500, 7, 7);
    await opened.close();
    await diskMedia(path.join(dataDir, "media")).write("posts/kept.webp", Buffer.from("kept"));
    const dump = async () => {
      const again = await openDatabase({ dataDir, databaseUrl: postgres?.url });
      const dir = tempDir("backup-restore-dump-");
      try {
        return (await exportTables(again.db, dir)).tables;
      } finally {
        await again.close();
        fs.rmSync(dir, { recursive: true, force: true });
      }
    };
    return {
      dataDir,
      databaseUrl: postgres?.url,
      dump,
      drop: async () => {
        await postgres?.drop();
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }

  it("leaves the database as it was when a row is refused midway through the load", async () => {
    const target = await filledTarget();
    try {
      const before = await target.dump();
      expect(before[TABLE]?.rows).toBe(7);
      const error = await restoreBackup(duplicateRow, { dataDir: target.dataDir, databaseUrl: target.databaseUrl, media: diskMedia(path.join(target.dataDir, "media")), force: true }).catch(
        (thrown: unknown) => thrown as Error,
      );
      expect(String((error as Error | undefined)?.cause ?? error)).toMatch(/duplicate key/);
      expect(await target.dump()).toEqual(before);
      expect(await diskMedia(path.join(target.dataDir, "media")).list()).toEqual(["posts/kept.webp"]);
    } finally {
      await target.drop();
    }
  });

  it("leaves the database as it was when the media store fails", async () => {
    const target = await filledTarget();
    try {
      const before = await target.dump();
      const failing: MediaFiles = { ...diskMedia(path.join(target.dataDir, "media")), write: () => Promise.reject(new Error("no space left on device")) };
      await expect(restoreBackup(archive, { dataDir: target.dataDir, databaseUrl: target.databaseUrl, media: failing, force: true })).rejects.toThrow(/no space left/);
      expect(await target.dump()).toEqual(before);
    } finally {
      await target.drop();
    }
  });

  it("refuses a target whose media store has files without --force, and creates no database there", async () => {
    const dataDir = tempDir("backup-restore-refused-");
    const postgres = name === "postgres" ? await createPostgresDatabase() : undefined;
    try {
      await diskMedia(path.join(dataDir, "media")).write("posts/kept.webp", Buffer.from("kept"));
      await expect(restoreBackup(archive, { dataDir, databaseUrl: postgres?.url, media: diskMedia(path.join(dataDir, "media")) })).rejects.toThrow(/not empty: the media store has 1 files/);
      if (postgres) {
        const pool = new pg.Pool({ connectionString: postgres.url, max: 1 });
        try {
          expect(await tablesInLoadOrder(drizzle(pool) as unknown as Database)).toEqual([]);
        } finally {
          await pool.end();
        }
      } else {
        expect(fs.existsSync(path.join(dataDir, "pglite", "PG_VERSION"))).toBe(false);
      }
    } finally {
      await postgres?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("restores the same archive undamaged into that target afterwards", async () => {
    const target = await filledTarget();
    try {
      const summary = await restoreBackup(archive, { dataDir: target.dataDir, databaseUrl: target.databaseUrl, media: diskMedia(path.join(target.dataDir, "media")), force: true });
      expect(summary.rows[TABLE]).toBe(20);
      expect((await target.dump())[TABLE]?.rows).toBe(20);
    } finally {
      await target.drop();
    }
  });
});

/**
 * The archive again with its table's first row written twice, and its manifest's count and checksum
 * to match: it passes every check before the load, and the database refuses the second copy.
 */
async function duplicatingFirstRow(archive: string): Promise<string> {
  const dir = tempDir("backup-restore-edit-");
  await tar.extract({ file: archive, cwd: dir });
  const data = path.join(dir, "database", `${TABLE}.jsonl`);
  const lines = fs.readFileSync(data, "utf8");
  const edited = `${lines}${lines.split("\n")[0]}\n`;
  fs.writeFileSync(data, edited);
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, "manifest.json"), "utf8")) as Manifest;
  manifest.tables[TABLE] = { rows: manifest.tables[TABLE]!.rows + 1, sha256: crypto.createHash("sha256").update(edited).digest("hex") };
  fs.writeFileSync(path.join(dir, "manifest.json"), JSON.stringify(manifest));
  const out = path.join(dir, "..", `${path.basename(dir)}.tar.gz`);
  await tar.create({ gzip: true, cwd: dir, file: out, portable: true }, fs.readdirSync(dir));
  return out;
}
