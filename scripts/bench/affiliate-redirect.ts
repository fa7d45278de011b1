// /a/{code} benchmark (DESIGN §8: >= 2,000 req/s at 50 connections, click recording on):
// `npm run bench:affiliate`. The production server (pinned to CPU 1) answers wrk (pinned to CPU 0)
// on /a/SAMPLE001 with a browser's User-Agent and no cookies, so every request is a new visitor
// session: the link is resolved, the per-client limiter counts it in memory (decision 022; its limit
// raised so it never refuses), the click and its analytics event are inserted, and the 302 with its two cookies is
// sent. PGlite first, then a fresh PostgreSQL database. Prints req/s, p99, the server's CPU per
// answer (and, for a PostgreSQL on this machine, its backends' CPU per answer: they share the two
// cores with the server and wrk), and the clicks found in the database (checked against the
// answers). Goals are reported, never an exit code; a broken measurement fails.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { ensureSampleAffiliate, SAMPLE_AFFILIATE_CODE } from "~/features/affiliates/sample.server";
import { openDatabase } from "#server/db/client.server";
import { affiliateClicks } from "~/features/affiliates/schema";
import { freePort, stopServerProcess } from "../support/server-process";
import { benchDatabase, benchDatabases, buildBundle, buildDir, cpuSeconds, findExecutable, LOAD_CPU, recordFigure, runBench, runWrk, SERVER_CPU, setting, socketErrors, startPinnedServer, type WrkReport, waitUntilIdle } from "./harness";

const DURATION_S = setting("BENCH_DURATION", 10);
const WARMUP_S = setting("BENCH_WARMUP", 2);
const CONNECTIONS = setting("BENCH_CONNECTIONS", 50);
const GOAL_RPS = 2_000;
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36";
const reportScript = path.join(import.meta.dirname, "wrk-report.lua");
process.env.TEST_DATABASE_URL ??= "postgres://postgres@127.0.0.1:5432/test";

async function wrk(binary: string, url: string, seconds: number) {
  const report = await runWrk<WrkReport & { status: number }>(binary, {
    connections: CONNECTIONS,
    seconds,
    timeoutS: 10,
    script: reportScript,
    args: ["-H", `User-Agent: ${BROWSER}`, "-H", "Accept: text/html", `${url}/a/${SAMPLE_AFFILIATE_CODE}`],
    label: "wrk",
  });
  if (socketErrors(report) > 0 || report.status > 0) throw new Error(`${url}: ${report.status} non-redirect answers, ${socketErrors(report)} socket errors/timeouts`);
  return report;
}

async function countClicks(databaseUrl: string | undefined, dataDir: string) {
  const database = await openDatabase({ databaseUrl, dataDir });
  try {
    const [row] = await database.db.select({ count: sql<number>`count(*)::int` }).from(affiliateClicks);
    return row!.count;
  } finally {
    await database.close();
  }
}

/**
 * The PostgreSQL backends serving `databaseUrl` (the server's pooled connections), when PostgreSQL
 * runs on this machine: their CPU is read from /proc like the server's. Empty otherwise.
 */
async function databaseBackends(databaseUrl: string | undefined): Promise<number[]> {
  if (!databaseUrl) return [];
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      "select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
    );
    return rows.map((row) => row.pid).filter((pid) => fs.existsSync(`/proc/${pid}/stat`));
  } finally {
    await client.end();
  }
}

/** CPU seconds of these processes so far; one that has exited counts as 0 (the caller checks). */
const cpuOf = (pids: number[]) => pids.reduce((sum, pid) => sum + (fs.existsSync(`/proc/${pid}/stat`) ? cpuSeconds(pid) : 0), 0);

async function bench(kind: "pglite" | "postgres", wrkBinary: string) {
  const { dataDir, databaseUrl } = await benchDatabase(kind, "affiliate-bench");
  // The sample affiliate, written before the server opens the database (PGlite: one process).
  const seeding = await openDatabase({ databaseUrl, dataDir });
  await ensureSampleAffiliate(seeding.db);
  await seeding.close();

  const port = await freePort();
  const siteUrl = `http://127.0.0.1:${port}`;
  const { server, forget } = await startPinnedServer({
    PORT: String(port),
    SITE_URL: siteUrl,
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: "warn",
    // Every request comes from 127.0.0.1: the limiter still runs, but never refuses, so every
    // click is recorded.
    RATE_LIMIT_AFFILIATE_CLICK_PER_CLIENT: "1000000000/1m",
  });
  const warmUp = await wrk(wrkBinary, siteUrl, WARMUP_S);
  await waitUntilIdle(server.child.pid!);
  // The pool opened its connections during the warm-up.
  const backends = await databaseBackends(databaseUrl);
  const cpuBefore = cpuSeconds(server.child.pid!);
  const databaseCpuBefore = cpuOf(backends);
  const run = await wrk(wrkBinary, siteUrl, DURATION_S);
  const cpuPerAnswer = ((cpuSeconds(server.child.pid!) - cpuBefore) * 1000) / run.requests;
  const backendsLeft = backends.filter((pid) => fs.existsSync(`/proc/${pid}/stat`)).length;
  const databaseCpuPerAnswer =
    backends.length > 0 && backendsLeft === backends.length ? ((cpuOf(backends) - databaseCpuBefore) * 1000) / run.requests : undefined;
  await stopServerProcess(server);
  forget();
  const clicks = await countClicks(databaseUrl, dataDir);
  const rps = run.requests / (run.durationUs / 1e6);
  const p99Ms = run.p99Us / 1000;
  return {
    database: kind,
    "req/s": Math.round(rps),
    "p99 ms": Number(p99Ms.toFixed(1)),
    answers: run.requests,
    "site CPU ms/answer": Number(cpuPerAnswer.toFixed(2)),
    "database CPU ms/answer": databaseCpuPerAnswer === undefined ? "-" : Number(databaseCpuPerAnswer.toFixed(2)),
    // wrk stops with requests in flight: each answered one is a click too.
    "clicks in db (with warm-up)": clicks,
    "answers (with warm-up)": warmUp.requests + run.requests,
    goal: `>= ${GOAL_RPS} req/s ${rps >= GOAL_RPS ? "met" : "MISSED"}`,
  };
}

async function main() {
  if (os.availableParallelism() < 2) throw new Error("The bench needs 2 CPUs (wrk on one, the server on the other)");
  const wrkBinary = findExecutable("wrk");
  if (!wrkBinary) throw new Error("wrk is missing: apt-get install wrk");
  buildBundle();
  console.log(`
Method: wrk pinned to CPU ${LOAD_CPU}, 1 thread, ${CONNECTIONS} connections, ${WARMUP_S} s warm-up then ${DURATION_S} s measured,
GET /a/${SAMPLE_AFFILIATE_CODE} with a browser User-Agent and no cookies (each request a new visitor session, each a recorded click);
the site (node ${process.version} server.js, ${buildDir}/) pinned to CPU ${SERVER_CPU}. ${os.cpus()[0]?.model ?? "unknown CPU"}.
`);
  const rows = [];
  for (const kind of benchDatabases) {
    rows.push(await bench(kind, wrkBinary));
    console.log(`${kind}: ${rows.at(-1)!["req/s"]} req/s, p99 ${rows.at(-1)!["p99 ms"]} ms`);
  }
  console.log("\n/a/{code} with click recording (measured run):");
  console.table(rows);
  const names = { pglite: "PGlite", postgres: "PostgreSQL" };
  const figure = rows.map((row) => `${names[row.database]} ${row["req/s"].toLocaleString("en-US")} req/s`).join(", ");
  recordFigure("`/a/{code}` with click recording", figure, `≥ ${GOAL_RPS.toLocaleString("en-US")} req/s`);
}

await runBench(main);
