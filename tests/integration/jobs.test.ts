// The job runner (server/jobs) on each database: three instances (on PostgreSQL three connection
// pools, as three servers have; on PGlite the one process's connection) run one period of a
// recurring job exactly once between them; a failed one-off job is tried again after the back-off;
// a job whose runner died is taken up once its lease lapses; a stopping runner hands its job back.
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "#server/db/client.server";
import { jobs } from "#server/db/schema";
import { retryDelayMs } from "#server/jobs/claim.server";
import { claimJobs, enqueueJob, JOB_LEASE_MS } from "#server/jobs/jobs.server";
import { periodKey, runDueJob, type JobDefinition } from "#server/jobs/runner.server";
import { testDatabases, type TestDatabase } from "../support/databases";

const HOUR_MS = 60 * 60_000;

describe.each(testDatabases.map((d) => [d.name, d] as const))("jobs on %s", (name, database) => {
  let db: TestDatabase;
  const instances: Database[] = [];
  const closers: Array<() => Promise<void>> = [];

  beforeAll(async () => {
    db = await database.open();
    instances.push(db.db);
    for (let i = 0; i < 2; i++) {
      if (name === "postgres") {
        const result = (await db.db.execute(sql`select current_database() as current`)) as { rows: Array<{ current: string }> };
        const url = new URL(process.env.TEST_DATABASE_URL!);
        url.pathname = `/${result.rows[0]!.current}`;
        const other = await openDatabase({ databaseUrl: url.toString(), dataDir: db.dataDir });
        instances.push(other.db);
        closers.push(other.close);
      } else {
        instances.push(db.db);
      }
    }
  });
  afterAll(async () => {
    for (const close of closers) await close();
    await db.close();
  });
  beforeEach(async () => {
    await db.db.delete(jobs);
  });

  const rowsOf = (jobName: string) => db.db.select().from(jobs).where(eq(jobs.name, jobName));

  it("three instances run one period of a recurring job exactly once, and the next period once more", async () => {
    const runs: string[] = [];
    const hourly: JobDefinition = {
      name: "test:hourly",
      everyMs: HOUR_MS,
      async run() {
        runs.push("ran");
      },
    };
    const at = new Date("2026-11-24T15:10:00Z");
    // Each instance, with its own memory of what it enqueued, steps a few times in the same period, all at once.
    const enqueuedBy = instances.map(() => new Map<string, string>());
    for (let round = 0; round < 3; round++) {
      await Promise.all(instances.map((instance, i) => runDueJob([hourly], { db: instance, clock: () => at, enqueued: enqueuedBy[i] })));
    }
    expect(runs).toHaveLength(1);
    expect(await rowsOf("test:hourly")).toMatchObject([{ key: periodKey(HOUR_MS, at), status: "done", attempts: 1 }]);

    const nextHour = new Date(at.getTime() + HOUR_MS);
    for (let round = 0; round < 3; round++) {
      await Promise.all(instances.map((instance, i) => runDueJob([hourly], { db: instance, clock: () => nextHour, enqueued: enqueuedBy[i] })));
    }
    expect(runs).toHaveLength(2);
  });

  it("a process enqueues a recurring job's period once, and the next period when it comes", async () => {
    const hourly: JobDefinition = { name: "test:enqueued-once", everyMs: HOUR_MS, async run() {} };
    const at = new Date("2026-11-24T15:10:00Z");
    const enqueued = new Map<string, string>();
    expect(await runDueJob([hourly], { clock: () => at, enqueued })).toBe(true);
    // Were the period enqueued again, its row would come back and run.
    await db.db.delete(jobs);
    expect(await runDueJob([hourly], { clock: () => new Date(at.getTime() + 60_000), enqueued })).toBe(false);
    expect(await rowsOf("test:enqueued-once")).toEqual([]);

    const nextHour = new Date(at.getTime() + HOUR_MS);
    expect(await runDueJob([hourly], { clock: () => nextHour, enqueued })).toBe(true);
    expect(await rowsOf("test:enqueued-once")).toMatchObject([{ key: periodKey(HOUR_MS, nextHour), status: "done" }]);
    // A process that has not enqueued it yet (a restart) does.
    await db.db.delete(jobs);
    expect(await runDueJob([hourly], { clock: () => nextHour, enqueued: new Map() })).toBe(true);
  });

  it("a recurring job that fails is not retried within its period", async () => {
    const failing: JobDefinition = {
      name: "test:failing",
      everyMs: HOUR_MS,
      async run() {
        throw new Error("broken");
      },
    };
    const at = new Date("2026-11-24T15:10:00Z");
    expect(await runDueJob([failing], { db: db.db, clock: () => at })).toBe(true);
    expect(await runDueJob([failing], { db: db.db, clock: () => new Date(at.getTime() + 30 * 60_000) })).toBe(false);
    expect(await rowsOf("test:failing")).toMatchObject([{ status: "failed", lastError: "broken" }]);
  });

  it("a one-off job that fails is tried again after the back-off; enqueuing it again changes nothing", async () => {
    let attempts = 0;
    const flaky: JobDefinition = {
      name: "test:flaky",
      async run() {
        if (++attempts === 1) throw new Error("not yet");
      },
    };
    const at = new Date("2026-11-24T15:00:00Z");
    expect(await enqueueJob("test:flaky", { key: "one", payload: { some: "thing" }, now: at })).toBe(true);
    expect(await enqueueJob("test:flaky", { key: "one", now: at })).toBe(false);
    expect(await runDueJob([flaky], { clock: () => at })).toBe(true);
    expect(await runDueJob([flaky], { clock: () => new Date(at.getTime() + retryDelayMs(1) - 1) })).toBe(false);
    expect(await runDueJob([flaky], { clock: () => new Date(at.getTime() + retryDelayMs(1)) })).toBe(true);
    expect(await rowsOf("test:flaky")).toMatchObject([{ status: "done", attempts: 2, payload: { some: "thing" } }]);
  });

  it("a job whose runner died is taken up by another once its lease lapses", async () => {
    const done: string[] = [];
    const job: JobDefinition = { name: "test:long", run: async ({ id }) => void done.push(id!) };
    const at = new Date("2026-11-24T15:00:00Z");
    await enqueueJob("test:long", { key: "a", payload: { id: "a" }, now: at });
    // The first runner claims it and dies.
    expect(await claimJobs(["test:long"], { now: at, limit: 1 })).toHaveLength(1);
    expect(await runDueJob([job], { db: instances[1]!, clock: () => new Date(at.getTime() + JOB_LEASE_MS - 1) })).toBe(false);
    expect(await runDueJob([job], { db: instances[2]!, clock: () => new Date(at.getTime() + JOB_LEASE_MS) })).toBe(true);
    expect(done).toEqual(["a"]);
  });

  it("a runner that is stopping hands a long job back, due at once, with no attempt counted", async () => {
    let stopping = false;
    const job: JobDefinition = {
      name: "test:stoppable",
      async run(_payload, context) {
        stopping = true;
        return context.stopping() ? "stopped" : undefined;
      },
    };
    const at = new Date("2026-11-24T15:00:00Z");
    await enqueueJob("test:stoppable", { key: "a", now: at });
    expect(await runDueJob([job], { clock: () => at, stopping: () => stopping })).toBe(true);
    const [row] = await db.db.select().from(jobs).where(and(eq(jobs.name, "test:stoppable"), eq(jobs.key, "a")));
    expect(row).toMatchObject({ status: "pending", attempts: 0, nextAttemptAt: at });
    stopping = false;
    expect(await runDueJob([{ ...job, run: async () => undefined }], { clock: () => at })).toBe(true);
    expect(await rowsOf("test:stoppable")).toMatchObject([{ status: "done", attempts: 1 }]);
  });
});
