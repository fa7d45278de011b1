// Booking POST benchmark (DESIGN §8: >= 150 req/s on PGlite, >= 300 on PostgreSQL, p99 <= 300 ms
// at 50 connections): `npm run bench:booking` (Node 24, as every npm script). The production server (pinned to CPU 1)
// takes real bookings (validate, insert the booking with its confirmation and reminder e-mails in
// one transaction, first delivery of the confirmation to the file outbox, redirect) from wrk (pinned
// to CPU 0), each request for its own slot and e-mail address: first on PGlite, then on a fresh
// PostgreSQL database (TEST_DATABASE_URL's server, default postgres://postgres@127.0.0.1:5432/test).
// Prints req/s, p99 and how many answers were successful bookings, checked against the database and
// the mail written. Goals are reported, never turned into an exit code; a broken measurement
// (socket errors, answers that are neither a booking nor a refusal) fails. Mail stays on this
// machine: the default file transport. Everything started is stopped, also on error or signal.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { lastBookableDate } from "~/features/booking/slots";
import { centralDate } from "~/lib/central-time";
import { openDatabase } from "#server/db/client.server";
import { bookings } from "~/features/booking/schema";
import { freePort, stopServerProcess } from "../support/server-process";
import {
  buildBundle,
  buildDir,
  cpuSeconds,
  findExecutable,
  LOAD_CPU,
  recordFigure,
  runBench,
  runWrk,
  SERVER_CPU,
  setting,
  socketErrors,
  startPinnedServer,
  tempDir,
  type WrkReport,
  benchDatabase,
  benchDatabases,
  waitUntilIdle,
} from "./harness";

const DURATION_S = setting("BENCH_DURATION", 10);
const WARMUP_S = setting("BENCH_WARMUP", 2);
const CONNECTIONS = setting("BENCH_CONNECTIONS", 50);
// Ten years of weekdays and weekends × 9 start times: room for ~33,000 distinct bookings per database.
const HORIZON_DAYS = 3650;
const SLOTS_PER_DAY = 9;
// DESIGN.md section 8 (and issue 22): at 50 connections, p99 within 300 ms.
const goals = { pglite: 150, postgres: 300, p99Ms: 300 };
const luaScript = path.join(import.meta.dirname, "booking.lua");
process.env.TEST_DATABASE_URL ??= "postgres://postgres@127.0.0.1:5432/test";

function findWrk() {
  const wrk = findExecutable("wrk");
  if (!wrk) throw new Error("wrk is missing: apt-get install wrk (npm run bench installs it)");
  return wrk;
}

/** Every date from two days ahead (clear of the 3-hour lead time) to the end of the horizon. */
function bookableDates(now: Date) {
  const last = lastBookableDate(now, HORIZON_DAYS);
  const dates: string[] = [];
  for (let day = 2; ; day++) {
    const date = centralDate(new Date(now.getTime() + day * 86_400_000));
    if (date > last) return dates;
    if (dates.at(-1) !== date) dates.push(date);
  }
}

type Report = WrkReport & { p50Us: number; booked: number; refused: number; other: number; sent: number };

async function wrk(binary: string, url: string, seconds: number, firstSlot: number, datesFile: string): Promise<Report> {
  const report = await runWrk<Report>(binary, {
    connections: CONNECTIONS,
    seconds,
    timeoutS: 10,
    script: luaScript,
    args: [`${url}/booking`, "--", url, String(firstSlot), datesFile],
    label: "wrk",
  });
  if (socketErrors(report) > 0 || report.other > 0) {
    throw new Error(`${url}: ${report.other} unexpected answers, ${socketErrors(report)} socket errors/timeouts`);
  }
  return report;
}

const confirmationsWritten = (dataDir: string) =>
  fs.existsSync(path.join(dataDir, "mail"))
    ? fs.readdirSync(path.join(dataDir, "mail")).filter((name) => name.includes("-booking_confirmation-")).length
    : 0;

async function bench(kind: "pglite" | "postgres", wrkBinary: string, datesFile: string, slotCapacity: number) {
  const { dataDir, databaseUrl } = await benchDatabase(kind, "booking-bench");
  const port = await freePort();
  const siteUrl = `http://127.0.0.1:${port}`;
  const { server, forget } = await startPinnedServer({
    PORT: String(port),
    SITE_URL: siteUrl,
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    BOOKING_HORIZON_DAYS: String(HORIZON_DAYS),
    LOG_LEVEL: "warn",
  });

  const warmUp = await wrk(wrkBinary, siteUrl, WARMUP_S, 0, datesFile);
  await waitUntilIdle(server.child.pid!);
  // Requests still in flight when wrk stopped were booked too: leave their slots alone.
  const firstSlot = warmUp.sent + CONNECTIONS;
  const cpuBefore = cpuSeconds(server.child.pid!);
  const run = await wrk(wrkBinary, siteUrl, DURATION_S, firstSlot, datesFile);
  // Other work on the machine lowers req/s; the server's own CPU time per answer does not move.
  const cpuPerAnswer = ((cpuSeconds(server.child.pid!) - cpuBefore) * 1000) / run.requests;
  if (firstSlot + run.sent > slotCapacity) console.warn(`${kind}: more requests than distinct slots; some were refused as taken`);

  await stopServerProcess(server);
  forget();
  // Every success must be a row: count them with the server stopped (PGlite allows one process).
  const database = await openDatabase({ databaseUrl, dataDir });
  const [saved] = await database.db.select({ count: sql<number>`count(*)::int` }).from(bookings);
  await database.close();
  const rps = run.requests / (run.durationUs / 1e6);
  const p99Ms = run.p99Us / 1000;
  return {
    database: kind,
    "req/s": Math.round(rps),
    // The median beside p99: at 50 connections the median is the queue (50 / req/s), p99 adds the stalls.
    "p50 ms": Number((run.p50Us / 1000).toFixed(1)),
    "p99 ms": Number(p99Ms.toFixed(1)),
    answers: run.requests,
    bookings: run.booked,
    refused: run.refused,
    "site CPU ms/answer": Number(cpuPerAnswer.toFixed(1)),
    "bookings in db (with warm-up)": saved!.count,
    // Confirmations still pending when the server stopped are sent at its next start.
    "confirmations written (with warm-up)": confirmationsWritten(dataDir),
    goal: `>= ${goals[kind]} req/s ${rps >= goals[kind] ? "met" : "MISSED"}, p99 <= ${goals.p99Ms} ms ${p99Ms <= goals.p99Ms ? "met" : "MISSED"}`,
  };
}

async function main() {
  if (os.availableParallelism() < 2) throw new Error("The bench needs 2 CPUs (wrk on one, the server on the other)");
  const wrkBinary = findWrk();
  buildBundle();

  const dates = bookableDates(new Date());
  const datesFile = path.join(tempDir("booking-bench-dates-"), "dates.txt");
  fs.writeFileSync(datesFile, `${dates.join("\n")}\n`);
  console.log(`
Method: wrk pinned to CPU ${LOAD_CPU}, 1 thread, ${CONNECTIONS} connections, ${WARMUP_S} s warm-up then ${DURATION_S} s measured;
the site (node ${process.version} server.js, ${buildDir}/) pinned to CPU ${SERVER_CPU}, file mail outbox, 127.0.0.1 only.
Each request books its own slot (${dates.length} dates × ${SLOTS_PER_DAY} start times) with its own e-mail address.
A success is a 302 to /booking/confirmation; 400/409 answers are counted as refused. ${os.cpus()[0]?.model ?? "unknown CPU"}.
`);
  const rows = [];
  for (const kind of benchDatabases) {
    rows.push(await bench(kind, wrkBinary, datesFile, dates.length * SLOTS_PER_DAY));
    console.log(`${kind}: ${rows.at(-1)!["req/s"]} req/s, p99 ${rows.at(-1)!["p99 ms"]} ms, ${rows.at(-1)!.bookings} bookings`);
  }
  console.log("\nBooking POST (measured run):");
  console.table(rows);
  const label = { pglite: "PGlite", postgres: "PostgreSQL" } as const;
  recordFigure(
    "booking POST, 50 connections",
    `${rows.map((row) => `${label[row.database]} ${row["req/s"]} req/s`).join(", ")}, p99 ${rows.map((row) => row["p99 ms"]).join("/")} ms`,
    `≥ ${goals.pglite} / ≥ ${goals.postgres} req/s, p99 ≤ ${goals.p99Ms} ms`,
  );
}

await runBench(main);
