// npx tsx scripts/bench/backup.ts: backup and restore time and archive size for a site with 10,000
// subscribers, 1,000 bookings, 500 orders and 50 images (every other table 30 rows), on PGlite and
// on PostgreSQL (TEST_DATABASE_URL), each archive restored into the other kind as well. A writer
// inserts a subscriber every 10 ms before and during the backup: the longest wait is how long the
// backup stalls the site's writes (PGlite's one connection is the snapshot's while it dumps).
// BENCH_SCALE=0.01 runs it small (a smoke test).
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { createBackup, restoreBackup } from "#server/backup/archive.server";
import { diskMedia } from "#server/backup/media.server";
import { tablesInLoadOrder } from "#server/backup/tables.server";
import { type Database, openDatabase } from "#server/db/client.server";
import { createPostgresDatabase, tempDir } from "../support/databases";
import { insertRows } from "../support/fill-tables";

const scale = Number(process.env.BENCH_SCALE ?? 1);
const BASE_ROWS = 30;
const BIG = { newsletter_subscriptions: 10_000, bookings: 1_000, orders: 500 } as Record<string, number>;
const IMAGES = Math.max(1, Math.round(50 * scale));
const IMAGE_BYTES = 150_000;

const seconds = (from: number) => ((performance.now() - from) / 1000).toFixed(1);
const WRITE_PACE_MS = 10;
let nextWrite = 1_000_000;

/** Inserts one subscriber at a time, WRITE_PACE_MS apart, until `until` settles: each insert's time in ms. */
async function writeWhile(db: Database, until: Promise<unknown>) {
  let done = false;
  void until.finally(() => (done = true)).catch(() => {});
  const waits: number[] = [];
  while (!done) {
    const started = performance.now();
    await insertRows(db, "newsletter_subscriptions", nextWrite++, 1, BASE_ROWS);
    waits.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, WRITE_PACE_MS));
  }
  waits.sort((a, b) => a - b);
  const ms = (value: number | undefined) => `${(value ?? 0).toFixed(1)} ms`;
  return `${waits.length} writes, median ${ms(waits[Math.floor(waits.length / 2)])}, longest ${ms(waits.at(-1))}`;
}

async function target(kind: "pglite" | "postgres") {
  const dataDir = tempDir("bench-backup-");
  if (kind === "pglite") return { dataDir, databaseUrl: undefined, drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
  const created = await createPostgresDatabase();
  return {
    dataDir,
    databaseUrl: created.url,
    drop: async () => {
      await created.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const kinds = ["pglite" as const, ...(process.env.TEST_DATABASE_URL ? ["postgres" as const] : [])];
for (const kind of kinds) {
  const source = await target(kind);
  const opened = await openDatabase({ dataDir: source.dataDir, databaseUrl: source.databaseUrl });
  for (const table of await tablesInLoadOrder(opened.db)) {
    await insertRows(opened.db, table, 1, BASE_ROWS, BASE_ROWS);
    const extra = Math.round((BIG[table] ?? 0) * scale) - BASE_ROWS;
    for (let from = BASE_ROWS + 1; from <= BASE_ROWS + extra; from += 1_000) await insertRows(opened.db, table, from, Math.min(1_000, BASE_ROWS + extra - from + 1), BASE_ROWS);
  }
  for (let n = 0; n < IMAGES; n++) {
    fs.mkdirSync(path.join(source.dataDir, "media/posts"), { recursive: true });
    fs.writeFileSync(path.join(source.dataDir, `media/posts/image-${n}.webp`), crypto.randomBytes(IMAGE_BYTES));
  }
  const archive = path.join(source.dataDir, "bench.tar.gz");
  const alone = await writeWhile(opened.db, new Promise((resolve) => setTimeout(resolve, 2_000)));
  let started = performance.now();
  const backup = createBackup({ db: opened.db, kind, dataDir: source.dataDir, media: diskMedia(path.join(source.dataDir, "media")) }, archive);
  const during = await writeWhile(opened.db, backup);
  const taken = await backup;
  console.log(`${kind}: backup ${seconds(started)} s, ${(taken.sizeBytes / 1e6).toFixed(1)} MB (subscribers ${taken.manifest.tables.newsletter_subscriptions?.rows} with the writer's, bookings ${taken.manifest.tables.bookings?.rows}, orders ${taken.manifest.tables.orders?.rows}, images ${taken.manifest.media.length})`);
  console.log(`${kind}: writes without a backup: ${alone}; during it: ${during}`);
  await opened.close();
  for (const into of kinds) {
    const restoreTarget = await target(into);
    started = performance.now();
    await restoreBackup(archive, { dataDir: restoreTarget.dataDir, databaseUrl: restoreTarget.databaseUrl, media: diskMedia(path.join(restoreTarget.dataDir, "media")) });
    console.log(`${kind} → ${into}: restore ${seconds(started)} s (checks included)`);
    await restoreTarget.drop();
  }
  await source.drop();
}
