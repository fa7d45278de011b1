// The database: PGlite in DATA_DIR by default, PostgreSQL when DATABASE_URL is set. Same schema,
// same SQL migrations (applied here, at open), same Drizzle API for the rest of the code.
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { ConfigError } from "~/lib/env.server";
import { logger } from "../logger.server";
import { acquireDirectoryLock, LOCK_FILE_NAME } from "./pglite-lock.server";
import { PreparedStatementsAdapter } from "./pglite-adapter.server";

// No schema object: the code queries with the table objects (no relational db.query), so the
// client needs no tables and server/ needs no feature's.
export type Database = PgDatabase<PgQueryResultHKT>;
/** A transaction handle: every data-access function accepts either. */
export type Executor = Database | Parameters<Parameters<Database["transaction"]>[0]>[0];

export type ChannelHandlers = {
  onPayload: (payload: string) => void;
  /** True once the LISTEN is in place, false when its connection is lost (then it is re-opened). */
  onListening: (listening: boolean) => void;
};

export type OpenDatabase = {
  db: Database;
  kind: "pglite" | "postgres";
  close: () => Promise<void>;
  /** LISTENs on `channel` (its NOTIFYs from every connection); returns the stop function. */
  listen: (channel: string, handlers: ChannelHandlers) => Promise<() => Promise<void>>;
};

// What openDatabase opened, for code that must know (databaseKind).
const kinds = new WeakMap<Database, OpenDatabase["kind"]>();

function opened(database: OpenDatabase): OpenDatabase {
  kinds.set(database.db, database.kind);
  return database;
}

/** "pglite" (one process only: pglite-lock.server.ts) or "postgres", for a database openDatabase opened. */
export function databaseKind(db: Database): OpenDatabase["kind"] {
  const kind = kinds.get(db);
  if (!kind) throw new Error("databaseKind: this database was not opened by openDatabase");
  return kind;
}

const RELISTEN_DELAY_MS = 1000;

/**
 * PostgreSQL: LISTEN on a connection of its own (a pooled one would be handed to queries), opened
 * again a second after it is lost.
 */
function listenOnPostgres(connectionString: string, channel: string, handlers: ChannelHandlers) {
  let client: pg.Client | undefined;
  let stopped = false;
  let listened = false;
  let retry: NodeJS.Timeout | undefined;
  const lost = (error?: unknown) => {
    // Before the first LISTEN the caller gets the error itself (the server does not start).
    if (stopped || !client || !listened) return;
    logger.error({ err: error, channel }, "LISTEN connection lost");
    client = undefined;
    handlers.onListening(false);
    retry = setTimeout(() => void open().catch(lost), RELISTEN_DELAY_MS);
  };
  const open = async () => {
    const next = new pg.Client({ connectionString });
    next.on("notification", (message) => {
      if (message.channel === channel) handlers.onPayload(message.payload ?? "");
    });
    next.on("error", (error) => (client === next ? lost(error) : undefined));
    next.on("end", () => (client === next ? lost() : undefined));
    client = next;
    await next.connect();
    await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    listened = true;
    handlers.onListening(true);
  };
  return open().then(
    () => async () => {
      stopped = true;
      clearTimeout(retry);
      await client?.end().catch(() => {});
    },
    async (error: unknown) => {
      await client?.end().catch(() => {});
      throw error;
    },
  );
}

// Resolved from the project root (npm scripts run there), so the source tree and the built
// server find the same files.
export const migrationsFolder = path.resolve(process.cwd(), "server/db/migrations");

// Any fixed number shared by every instance; serialises migrations across processes.
const MIGRATION_LOCK_ID = 727_001;

/**
 * DATA_DIR holds the database, the session-signing key and password-reset links (mail files): it
 * and everything in it are made owner-only (directories 0700, files 0600), whatever the umask and
 * whatever an earlier version left. Symbolic links are left alone.
 */
function makePrivate(target: string) {
  let stat: fs.Stats;
  try {
    stat = fs.lstatSync(target);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return; // removed meanwhile
    throw error;
  }
  if (stat.isSymbolicLink()) return;
  const mode = stat.isDirectory() ? 0o700 : 0o600;
  if ((stat.mode & 0o777) !== mode) {
    try {
      fs.chmodSync(target, mode);
    } catch (error) {
      // A file owned by another user: say so, and let the server start.
      logger.warn({ path: target, err: error }, "could not make a file in DATA_DIR private");
    }
  }
  if (stat.isDirectory()) for (const entry of fs.readdirSync(target)) makePrivate(path.join(target, entry));
}

/** "connect ECONNREFUSED 127.0.0.1:5432", "password authentication failed for user …", … */
function describeConnectError(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0) return describeConnectError(error.errors[0]);
  const message = error instanceof Error ? error.message : String(error);
  return message.split("\n")[0]!.replace(/\/\/[^/?#\s]*@/g, "//");
}

/**
 * PGlite's PostgreSQL runs inside a WebAssembly heap that grows and never shrinks. Its buffer pool
 * (128 MB by default) was most of a fresh server's 790 MB: pages read once stayed in the heap for
 * good. 16 MB holds this site's working set; the rest is served from the operating system's file
 * cache (PGlite reads its files through Node's fs). Measured in docs/performance.md.
 */
const PGLITE_SETTINGS = ["-c", "shared_buffers=16MB"];

export const CLUSTER_SCRIPT = path.resolve(process.cwd(), "server/db/create-pglite-cluster.ts");
/** PGlite resumes a database whose directory holds this file; without it, it creates one. */
const CLUSTER_MARKER = "PG_VERSION";

/**
 * A new PGlite database, created by a child process (create-pglite-cluster.ts): created here, it
 * would leave PGlite's initdb instance in this process for good, 100-130 MB (decision 037). The
 * child works in a directory of its own beside `dir`; this process, holding the lock, then moves
 * the finished files in, PG_VERSION last, so that a start killed at any moment leaves either no
 * database (the next start creates it again) or a whole one.
 */
async function createClusterInChildProcess(dir: string) {
  const stagingPrefix = `${path.basename(dir)}.creating-`;
  // A start killed meanwhile left its staging directory (its child may still be writing: it fails).
  for (const entry of fs.readdirSync(path.dirname(dir))) {
    if (!entry.startsWith(stagingPrefix)) continue;
    try {
      fs.rmSync(path.join(path.dirname(dir), entry), { recursive: true, force: true });
    } catch (error) {
      logger.warn({ err: error, entry }, "could not remove an earlier start's unfinished database");
    }
  }
  const staging = path.join(path.dirname(dir), `${stagingPrefix}${crypto.randomBytes(6).toString("hex")}`);
  try {
    // One child creates the database, the next one, once the first is gone, migrates it: one
    // process doing both peaked about 100 MB higher (decision 037).
    await runClusterScript("creating", [staging, JSON.stringify(PGLITE_SETTINGS)]);
    await runClusterScript("migrating", [staging, JSON.stringify(PGLITE_SETTINGS), migrationsFolder]);
    // What an earlier start killed while moving left behind (never a PG_VERSION): not a database.
    for (const entry of fs.readdirSync(dir)) if (entry !== LOCK_FILE_NAME) fs.rmSync(path.join(dir, entry), { recursive: true, force: true });
    const entries = fs.readdirSync(staging).sort((a, b) => Number(a === CLUSTER_MARKER) - Number(b === CLUSTER_MARKER));
    for (const entry of entries) fs.renameSync(path.join(staging, entry), path.join(dir, entry));
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

async function runClusterScript(doing: string, args: string[]) {
  const output: Buffer[] = [];
  const code = await new Promise<number | null>((resolve, reject) => {
    const child = spawn(process.execPath, [CLUSTER_SCRIPT, ...args], { stdio: ["ignore", "pipe", "pipe"] });
    child.stdout.on("data", (chunk: Buffer) => output.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => output.push(chunk));
    child.once("error", reject);
    child.once("close", resolve);
  });
  if (code !== 0) throw new Error(`${doing} the PGlite database failed (exit ${code}):\n${Buffer.concat(output).toString()}`);
}

export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  /** PGlite: a new database is created by a child process (the server's start; tests need not). */
  createInChildProcess?: boolean;
}): Promise<OpenDatabase> {
  fs.mkdirSync(options.dataDir, { recursive: true, mode: 0o700 });
  makePrivate(options.dataDir);
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // A connection the server drops (restart, failover, a dropped database) must not crash the
    // process: pg emits 'error' on a client that is checked out between two queries (inside a
    // transaction) as well as on an idle one. The pool replaces a lost connection on next use.
    pool.on("connect", (client) => client.on("error", (error) => logger.error({ err: error }, "database connection lost")));
    // Idle clients' errors reach the pool too; the listener above has logged them.
    pool.on("error", () => {});
    const db = drizzlePg(pool);
    const client = await pool.connect().catch(async (error: unknown) => {
      await pool.end().catch(() => {});
      // The operator's fix is in the configuration: say so in one line, without the URL (it may
      // carry a password) and without a stack trace.
      throw new ConfigError(`Invalid configuration: DATABASE_URL could not be reached (${describeConnectError(error)})`);
    });
    try {
      await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
      await migratePg(drizzlePg(client), { migrationsFolder });
    } finally {
      await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]).catch(() => {});
      client.release();
    }
    return opened({
      db: db as unknown as Database,
      kind: "postgres",
      close: () => pool.end(),
      listen: (channel, handlers) => listenOnPostgres(options.databaseUrl!, channel, handlers),
    });
  }

  const dir = path.resolve(options.dataDir, "pglite");
  const release = await acquireDirectoryLock(dir);
  try {
    if (options.createInChildProcess && !fs.existsSync(path.join(dir, CLUSTER_MARKER))) await createClusterInChildProcess(dir);
    const client = new PGlite(dir, {
      startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS],
    });
    await client.waitReady;
    // PGlite writes a new database's files 0666 and, on the restart after a crash, its relation
    // cache files (pg_internal.init) 0644, whatever the umask; the files it adds later are 0600.
    // Fixed at once, and again after the migrations (which may add files).
    makePrivate(dir);
    // Drizzle's PGlite session calls only `query` and `transaction`, which the adapter answers.
    const db = drizzlePglite({ client: new PreparedStatementsAdapter(client) as unknown as PGlite });
    await migratePglite(db, { migrationsFolder });
    makePrivate(dir);
    return opened({
      db: db as unknown as Database,
      kind: "pglite",
      // One process: the NOTIFYs of its own connection.
      listen: async (channel, handlers) => {
        const unlisten = await client.listen(channel, handlers.onPayload);
        handlers.onListening(true);
        return () => unlisten();
      },
      close: async () => {
        try {
          await client.close();
        } finally {
          release();
        }
      },
    });
  } catch (error) {
    release();
    throw error;
  }
}

export async function ping(db: Database) {
  await db.execute(sql`select 1`);
}

// The process-wide database, set once at boot. Kept on globalThis so that the development server's
// module reloading does not lose it.
const holder = globalThis as typeof globalThis & { __database?: Database };

export function setDatabase(db: Database | undefined) {
  holder.__database = db;
}

export function getDb(): Database {
  if (!holder.__database) throw new Error("The database has not been opened yet.");
  return holder.__database;
}
