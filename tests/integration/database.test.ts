import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLUSTER_SCRIPT, migrationsFolder, openDatabase } from "#server/db/client.server";
import { DatabaseLockedError } from "#server/db/pglite-lock.server";
import { bookings } from "~/features/booking/schema";
import { testDatabases, type TestDatabase } from "../support/databases";
import { createPostgresDatabase, tempDir } from "../../scripts/support/databases";
import { hasTestPostgres } from "../support/environment";

const expectedTables = [
  "users", "sessions", "accounts", "verifications", "rate_limits", "user_roles", "bookings",
  "blog_posts", "newsletter_subscriptions", "affiliates", "affiliate_links", "affiliate_clicks",
  "orders", "affiliate_referrals", "affiliate_payouts", "webhook_events", "page_views", "events",
  "email_outbox",
];

function booking(ref: string, startsAt: string, minutes: number, status: "pending" | "cancelled" = "pending") {
  const start = new Date(startsAt);
  return {
    bookingRef: ref,
    firstName: "Ada",
    lastName: "Lovelace",
    email: "ada@example.com",
    phone: "5555550100",
    sessionDate: startsAt.slice(0, 10),
    sessionTime: "10:00",
    sessionDuration: minutes,
    projectType: "Process Optimization",
    projectDescription: "Spindle utilisation is low on second shift.",
    experienceLevel: "beginner" as const,
    startsAt: start,
    endsAt: new Date(start.getTime() + minutes * 60_000),
    status,
    cancelToken: `cancel-${ref}`,
  };
}

describe.each(testDatabases.map((d) => [d.name, d] as const))("migrations on %s", (_name, database) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await database.open();
  });
  afterAll(() => db.close());

  it("creates every table of the data model", async () => {
    const result = (await db.db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public'`,
    )) as unknown as { rows: Array<{ table_name: string }> };
    const tables = result.rows.map((row) => row.table_name);
    for (const table of expectedTables) expect(tables).toContain(table);
  });

  it("never lets two active bookings overlap, but ignores cancelled ones", async () => {
    await db.db.insert(bookings).values(booking("booking_1", "2031-03-10T15:00:00Z", 60));
    const overlapping = db.db.insert(bookings).values(booking("booking_2", "2031-03-10T15:30:00Z", 30));
    await expect(overlapping).rejects.toMatchObject({ cause: { code: "23P01" } });
    await db.db.insert(bookings).values(booking("booking_3", "2031-03-10T15:00:00Z", 60, "cancelled"));
    await db.db.insert(bookings).values(booking("booking_4", "2031-03-10T16:00:00Z", 60));
    const rows = await db.db.select({ ref: bookings.bookingRef }).from(bookings);
    expect(rows.map((row) => row.ref).sort()).toEqual(["booking_1", "booking_3", "booking_4"]);
  });
});

describe("PGlite's settings", () => {
  it("keeps its buffer pool at 16 MB: its WebAssembly heap never gives memory back", async () => {
    const dataDir = tempDir();
    const database = await openDatabase({ dataDir });
    try {
      const result = await database.db.execute(sql`show shared_buffers`);
      const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Array<{ shared_buffers: string }>;
      expect(rows[0]!.shared_buffers).toBe("16MB");
    } finally {
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe("PGlite's first start (the server's: a new database is created by a child process)", () => {
  const open = (dataDir: string) => openDatabase({ dataDir, createInChildProcess: true });
  const bookingCount = async (database: Awaited<ReturnType<typeof open>>) =>
    (await database.db.select({ ref: bookings.bookingRef }).from(bookings)).length;

  it("creates the database, migrates it, keeps its settings and leaves nothing else in the data directory", async () => {
    const dataDir = tempDir();
    try {
      const database = await open(dataDir);
      try {
        await database.db.insert(bookings).values(booking("first_start", "2031-03-10T15:00:00Z", 60));
        expect(await bookingCount(database)).toBe(1);
        const result = await database.db.execute(sql`show shared_buffers`);
        const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Array<{ shared_buffers: string }>;
        expect(rows[0]!.shared_buffers).toBe("16MB");
      } finally {
        await database.close();
      }
      expect(fs.readdirSync(dataDir).filter((entry) => entry !== "secret")).toEqual(["pglite"]);
      // Opened again (the next start): the same database, not a new one.
      const again = await open(dataDir);
      try {
        expect(await bookingCount(again)).toBe(1);
      } finally {
        await again.close();
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("hands the server a database already migrated, by a second child once the first has created it", async () => {
    const dir = path.join(tempDir(), "pglite");
    try {
      const script = (...args: string[]) => spawnSync(process.execPath, [CLUSTER_SCRIPT, dir, "[]", ...args], { encoding: "utf8" });
      expect(script().status).toBe(0);
      expect(script(migrationsFolder).status).toBe(0);
      // Every migration is applied: the server's own run at open finds nothing left to do, and
      // the 20-40 MB that creating the tables adds to the database's heap stay in the child.
      const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, "meta", "_journal.json"), "utf8")) as { entries: unknown[] };
      const client = new PGlite(dir);
      try {
        const applied = await client.query<{ count: number }>("select count(*)::int as count from drizzle.__drizzle_migrations");
        expect(applied.rows[0]!.count).toBe(journal.entries.length);
        expect((await client.query("select count(*) from bookings")).rows).toHaveLength(1);
      } finally {
        await client.close();
      }
    } finally {
      fs.rmSync(path.dirname(dir), { recursive: true, force: true });
    }
  });

  it("starts over after a first start killed midway: an unfinished copy beside it, half its files moved in", async () => {
    const dataDir = tempDir();
    try {
      // Killed while the child was creating it, and again while this process moved its files in:
      // never a PG_VERSION in pglite/ (it is moved last).
      fs.mkdirSync(path.join(dataDir, "pglite.creating-0123456789ab", "base"), { recursive: true });
      fs.writeFileSync(path.join(dataDir, "pglite.creating-0123456789ab", "base", "1"), "half written");
      fs.mkdirSync(path.join(dataDir, "pglite", "global"), { recursive: true });
      fs.writeFileSync(path.join(dataDir, "pglite", "global", "pg_control"), "from the killed start");
      fs.writeFileSync(path.join(dataDir, "pglite", "postgresql.conf"), "from the killed start");
      const database = await open(dataDir);
      try {
        expect(await bookingCount(database)).toBe(0);
      } finally {
        await database.close();
      }
      expect(fs.readdirSync(dataDir).filter((entry) => entry !== "secret")).toEqual(["pglite"]);
      expect(fs.readFileSync(path.join(dataDir, "pglite", "postgresql.conf"), "utf8")).not.toContain("from the killed start");
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe("PGlite directory lock", () => {
  it("refuses a second open of the same directory with a clear error, and allows it after close", async () => {
    const dataDir = tempDir();
    const first = await openDatabase({ dataDir });
    await expect(openDatabase({ dataDir })).rejects.toThrow(DatabaseLockedError);
    await expect(openDatabase({ dataDir })).rejects.toThrow(/already open in this process/);
    await first.close();
    const again = await openDatabase({ dataDir });
    await again.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("takes over a lock left by a process that no longer exists, and keeps the data", async () => {
    const dataDir = tempDir();
    const first = await openDatabase({ dataDir });
    await first.db.insert(bookings).values(booking("booking_kept", "2031-04-01T15:00:00Z", 60));
    await first.close();
    // A lock file as a SIGKILLed server leaves it: its pid is gone.
    const lockFile = path.join(dataDir, "pglite", "postmaster.lock.json");
    fs.writeFileSync(lockFile, JSON.stringify({ pid: 2 ** 22 + 12345 }));
    const reopened = await openDatabase({ dataDir });
    const rows = await reopened.db.select({ ref: bookings.bookingRef }).from(bookings);
    expect(rows).toEqual([{ ref: "booking_kept" }]);
    await reopened.close();
    expect(fs.existsSync(lockFile)).toBe(false);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("is held by a live process other than this one", async () => {
    const dataDir = tempDir();
    fs.mkdirSync(path.join(dataDir, "pglite"), { recursive: true });
    // pid 1 always exists.
    fs.writeFileSync(path.join(dataDir, "pglite", "postmaster.lock.json"), JSON.stringify({ pid: 1 }));
    await expect(openDatabase({ dataDir })).rejects.toThrow(/in use by another process \(pid 1\)/);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});

describe.runIf(hasTestPostgres())("a PostgreSQL connection the server drops", () => {
  it("inside a transaction, between two queries: the transaction fails, the process carries on, the next query works", async () => {
    const created = await createPostgresDatabase();
    const dataDir = tempDir();
    const database = await openDatabase({ databaseUrl: created.url, dataDir });
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    try {
      const transaction = database.db.transaction(async (tx) => {
        const { rows } = (await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as { rows: [{ pid: number }] };
        await admin.query("select pg_terminate_backend($1)", [rows[0].pid]);
        // The backend's goodbye reaches the client while no query is running on it (pg emits it as
        // an 'error' event then, which would end the process unless someone listens).
        while ((await admin.query("select 1 from pg_stat_activity where pid = $1", [rows[0].pid])).rowCount) {
          await new Promise((resolve) => setImmediate(resolve));
        }
        await tx.execute(sql`select 1`);
      });
      await expect(transaction).rejects.toThrow();
      expect(await database.db.execute(sql`select 1 as one`)).toMatchObject({ rows: [{ one: 1 }] });
    } finally {
      await admin.end();
      await database.close();
      await created.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
