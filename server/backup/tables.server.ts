// The database half of a backup: every table of the public schema written out row by row as JSON
// (to_jsonb) and read back with jsonb_populate_recordset. A logical, per-table export rather than
// PGlite's dumpDataDir or pg_dump's SQL: the same file loads into PGlite and into PostgreSQL of any
// version, in either direction, and the rows can be counted and checked one table at a time.
// Consistency comes from one REPEATABLE READ transaction, as pg_dump's own.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import readline from "node:readline";
import { sql } from "drizzle-orm";
import type { Database, Executor } from "#server/db/client.server";

const EXPORT_BATCH = 5_000;
const IMPORT_BATCH = 2_000;

type Rows<T> = { rows: T[] };

async function query<T>(executor: Executor, statement: ReturnType<typeof sql>): Promise<T[]> {
  return ((await executor.execute(statement)) as unknown as Rows<T>).rows;
}

/** The tables of the public schema, each after the tables it references (so a load meets no missing row). */
export async function tablesInLoadOrder(executor: Executor): Promise<string[]> {
  const tables = (await query<{ name: string }>(executor, sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`)).map((row) => row.name);
  const references = await query<{ child: string; parent: string }>(
    executor,
    sql`select c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent
        from pg_constraint c join pg_namespace n on n.oid = c.connamespace
        where c.contype = 'f' and n.nspname = 'public'`,
  );
  const unquote = (name: string) => name.replace(/^"|"$/g, "");
  const parents = new Map(tables.map((table) => [table, new Set<string>()]));
  for (const { child, parent } of references) if (unquote(child) !== unquote(parent)) parents.get(unquote(child))?.add(unquote(parent));
  const ordered: string[] = [];
  const visit = (table: string, path: string[]) => {
    if (ordered.includes(table)) return;
    if (path.includes(table)) throw new Error(`tables reference each other in a cycle: ${[...path, table].join(" → ")}`);
    for (const parent of parents.get(table) ?? []) visit(parent, [...path, table]);
    ordered.push(table);
  };
  for (const table of tables) visit(table, []);
  return ordered;
}

/** How many migrations the database has applied (drizzle's own table). */
export async function appliedMigrations(executor: Executor): Promise<number> {
  const [row] = await query<{ count: string | number }>(executor, sql`select count(*) as count from drizzle.__drizzle_migrations`);
  return Number(row?.count ?? 0);
}

export type TableEntry = { rows: number; sha256: string };

/**
 * Writes every table to `dir/<table>.jsonl` from one snapshot, with the migration count it was
 * taken at. `progress` runs between batches (a job keeps its lease there).
 */
export async function exportTables(db: Database, dir: string, progress: () => Promise<void> = async () => {}) {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  return db.transaction(
    async (tx) => {
      // Timestamps written the same way whatever the server's zone: two dumps of the same rows are the same bytes.
      await tx.execute(sql`set local timezone to 'UTC'`);
      const migrations = await appliedMigrations(tx);
      const tables: Record<string, TableEntry> = {};
      for (const table of await tablesInLoadOrder(tx)) {
        const file = path.join(dir, `${table}.jsonl`);
        const out = fs.openSync(file, "w", 0o600);
        const hash = crypto.createHash("sha256");
        let rows = 0;
        let after = "(0,0)";
        try {
          // Keyset on the row's physical address: stable inside the snapshot, and no table needs a key.
          for (;;) {
            const batch = await query<{ c: string; r: string }>(
              tx,
              sql`select ctid::text as c, to_jsonb(t)::text as r from ${sql.identifier(table)} t where ctid > ${after}::tid order by ctid limit ${EXPORT_BATCH}`,
            );
            if (batch.length === 0) break;
            const text = batch.map((row) => `${row.r}\n`).join("");
            fs.writeSync(out, text);
            hash.update(text);
            rows += batch.length;
            after = batch.at(-1)!.c;
            await progress();
          }
        } finally {
          fs.closeSync(out);
        }
        tables[table] = { rows, sha256: hash.digest("hex") };
      }
      return { migrations, tables };
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}

/** Row counts of every table, for the check after a load and for "is this database empty". */
export async function countRows(executor: Executor): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of await tablesInLoadOrder(executor)) {
    const [row] = await query<{ count: string | number }>(executor, sql`select count(*) as count from ${sql.identifier(table)}`);
    counts[table] = Number(row!.count);
  }
  return counts;
}

/** Loads `dir/<table>.jsonl` into the (empty) tables, in the caller's transaction, then moves each serial column's sequence past its rows. */
export async function importTables(tx: Executor, dir: string, tables: Record<string, TableEntry>) {
  const order = await tablesInLoadOrder(tx);
  const unknown = Object.keys(tables).filter((table) => !order.includes(table));
  if (unknown.length > 0) throw new Error(`the archive has tables this database lacks: ${unknown.join(", ")}`);
  for (const table of order) {
    if (!tables[table]) continue;
    const lines = readline.createInterface({ input: fs.createReadStream(path.join(dir, `${table}.jsonl`)), crlfDelay: Infinity });
    let batch: string[] = [];
    const flush = async () => {
      if (batch.length === 0) return;
      await tx.execute(sql`insert into ${sql.identifier(table)} select * from jsonb_populate_recordset(null::${sql.identifier(table)}, ${`[${batch.join(",")}]`}::jsonb)`);
      batch = [];
    };
    for await (const line of lines) {
      if (line === "") continue;
      batch.push(line);
      if (batch.length >= IMPORT_BATCH) await flush();
    }
    await flush();
  }
  const serials = await query<{ table: string; column: string }>(
    tx,
    sql`select table_name as table, column_name as column from information_schema.columns where table_schema = 'public' and column_default like 'nextval(%'`,
  );
  for (const { table, column } of serials) {
    await tx.execute(
      sql`select setval(pg_get_serial_sequence(${`"${table}"`}, ${column}), coalesce(max(${sql.identifier(column)}), 1), max(${sql.identifier(column)}) is not null) from ${sql.identifier(table)}`,
    );
  }
}
