// Analytics benchmarks (DESIGN §8; issue 21): `npm run bench:analytics`.
// 1. Beacons per second: wrk (CPU 0) posts page-view beacons to the production server (CPU 1) as a
//    browser does (JSON, same origin, a browser's User-Agent), the per-client limit raised so every
//    one is taken; the rows written are counted after the server stops (buffered, batched writes:
//    any drop shows as fewer rows than 204 answers).
// 2. The 90-day report over 1,000,000 page views on PostgreSQL: the rows generated in SQL over 90
//    Central Time days (30,000 visitors, 12 pages, 6 referrers, 3 devices, business events), the
//    completed days rolled up (as the server does hourly), then everything /admin/analytics asks for
//    a 90-day range (this period and the previous one), timed, median of 5.
// 3. Cached pages with recording on and off (DESIGN §8: recording costs cached pages at most 5 %):
//    the cached home page as browsers ask for it (5 rounds of 5 s, median, after 5 s of warm-up) on
//    PGlite, on a server with ANALYTICS_PAGE_VIEWS=off, then on one with recording on: alone, and
//    while page views arrive beside the pages (BENCH_BEACONS_PER_S, default 20: one connection
//    pausing between beacons), so their handling and writes share the server's core. The server
//    with recording on is warmed up with views arriving too, and its rounds alone and with views
//    alternate; the cost is one less the median of each pair's ratio. Measured in two blocks, the
//    later one took the beacon code's first compilation and the machine's drift over a minute and
//    a half (2026-11-27: 9-13 % "cost" that way, against 0.91-1.10 per pair alternating on one
//    warmed server); against the server with recording off, the two processes' own difference.
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { openDatabase, setDatabase } from "#server/db/client.server";
import { pageViews } from "~/features/analytics/schema";
import { getAnalyticsPage } from "~/features/analytics/admin-pages.server";
import { rollUpCompletedDays } from "~/features/analytics/rollup.server";
import { freePort, stopServerProcess } from "../support/server-process";
import { benchDatabase, benchDatabases, buildBundle, buildDir, findExecutable, LOAD_CPU, median, onCleanup, pageThroughput, runBench, runWrk, SERVER_CPU, setting, socketErrors, startPinnedServer, type WrkReport } from "./harness";

const DURATION_S = setting("BENCH_DURATION", 10);
const CONNECTIONS = setting("BENCH_CONNECTIONS", 50);
const VIEWS = setting("BENCH_ANALYTICS_VIEWS", 1_000_000);
const GOAL_REPORT_MS = 1_000;
// 20 a second: 1.7 million page views a day, far beyond a consultant's site.
const BEACONS_PER_S = setting("BENCH_BEACONS_PER_S", 20);
const GOAL_RECORDING_COST = 0.05;
process.env.TEST_DATABASE_URL ??= "postgres://postgres@127.0.0.1:5432/test";

async function beacons(kind: "pglite" | "postgres", wrkBinary: string) {
  const { dataDir, databaseUrl } = await benchDatabase(kind, "analytics-bench");
  const port = await freePort();
  const siteUrl = `http://127.0.0.1:${port}`;
  const { server, forget } = await startPinnedServer({
    PORT: String(port),
    SITE_URL: siteUrl,
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: "warn",
    RATE_LIMIT_ANALYTICS_BEACON_PER_CLIENT: "1000000000/1m",
  });
  const run = await runWrk<WrkReport & { status: number }>(wrkBinary, {
    connections: CONNECTIONS,
    seconds: DURATION_S,
    timeoutS: 10,
    script: path.join(import.meta.dirname, "beacon.lua"),
    args: [siteUrl, "--", siteUrl],
    label: "wrk",
  });
  if (socketErrors(run) > 0) throw new Error(`${socketErrors(run)} socket errors`);
  // Shutdown writes what still waits in memory.
  await stopServerProcess(server);
  forget();
  const database = await openDatabase({ databaseUrl, dataDir });
  const [row] = await database.db.select({ count: sql<number>`count(*)::int` }).from(pageViews);
  await database.close();
  const rps = run.requests / (run.durationUs / 1e6);
  // wrk stops with beacons in flight: each answered one is a row too.
  return { database: kind, "beacons/s": Math.round(rps), "p99 ms": Number((run.p99Us / 1000).toFixed(1)), answers: run.requests, "4xx/5xx answers": run.status, "rows written": row!.count };
}

const PAGE_ROUNDS = { rounds: 5, seconds: 5 };

/** A fresh PGlite server with page-view recording on or off, warmed up on the cached home page. */
async function cachedPageServer(recording: "on" | "off", wrkBinary: string) {
  const { dataDir, databaseUrl } = await benchDatabase("pglite", `analytics-cached-${recording}`);
  const port = await freePort();
  const siteUrl = `http://127.0.0.1:${port}`;
  const started = await startPinnedServer({
    PORT: String(port),
    SITE_URL: siteUrl,
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: "warn",
    ANALYTICS_PAGE_VIEWS: recording,
    RATE_LIMIT_ANALYTICS_BEACON_PER_CLIENT: "1000000000/1m",
  });
  // Warm-up: the page, with views arriving when they are recorded.
  if (recording === "on") await withViewsArriving(siteUrl, wrkBinary, { rounds: 1, seconds: 5 });
  else await pageThroughput(wrkBinary, `${siteUrl}/`, { rounds: 1, seconds: 5 });
  return { siteUrl, ...started };
}

/** The cached home page's rate while page views arrive at BEACONS_PER_S (one connection, pausing). */
async function withViewsArriving(siteUrl: string, wrkBinary: string, rounds: { rounds: number; seconds: number }) {
  const stream = runWrk<WrkReport & { status: number }>(wrkBinary, {
    connections: 1,
    // Outlasts the rounds (wrk's start-up between them included).
    seconds: rounds.rounds * (rounds.seconds + 1) + 2,
    timeoutS: 10,
    script: path.join(import.meta.dirname, "beacon.lua"),
    args: [siteUrl, "--", siteUrl, String(Math.round(1000 / BEACONS_PER_S))],
    label: "page views arriving",
  });
  const rate = await pageThroughput(wrkBinary, `${siteUrl}/`, rounds);
  const views = await stream;
  if (views.status > 0 || socketErrors(views) > 0) throw new Error(`page views: ${views.status} bad answers, ${socketErrors(views)} socket errors`);
  return { rate, viewsPerS: Math.round(views.requests / (views.durationUs / 1e6)) };
}

async function recordingCost(wrkBinary: string) {
  const offServer = await cachedPageServer("off", wrkBinary);
  const off = await pageThroughput(wrkBinary, `${offServer.siteUrl}/`, PAGE_ROUNDS);
  await stopServerProcess(offServer.server);
  offServer.forget();
  const onServer = await cachedPageServer("on", wrkBinary);
  const alone: number[] = [];
  const recorded: number[] = [];
  const viewsPerS: number[] = [];
  for (let round = 0; round < PAGE_ROUNDS.rounds; round++) {
    alone.push(await pageThroughput(wrkBinary, `${onServer.siteUrl}/`, { rounds: 1, seconds: PAGE_ROUNDS.seconds }));
    const measured = await withViewsArriving(onServer.siteUrl, wrkBinary, { rounds: 1, seconds: PAGE_ROUNDS.seconds });
    recorded.push(measured.rate);
    viewsPerS.push(measured.viewsPerS);
  }
  await stopServerProcess(onServer.server);
  onServer.forget();
  const onAlone = median(alone);
  const onRecording = median(recorded);
  const costOf = (rate: number) => 1 - rate / off;
  const percent = (cost: number) => `${(cost * 100).toFixed(1)} %`;
  // The goal is read from the pairs on the one server: two server processes of the same build
  // differ by up to a tenth on the cached page (2026-11-27), more than the cost measured.
  const pairs = recorded.map((rate, i) => rate / alone[i]!);
  const cost = 1 - median(pairs);
  return {
    "recording off (another server)": off,
    "on, no views arriving": `${onAlone} (${percent(costOf(onAlone))})`,
    [`on, ${median(viewsPerS)} views/s recorded meanwhile`]: `${onRecording} (${percent(costOf(onRecording))})`,
    "with views / alone, each pair": pairs.map((ratio) => ratio.toFixed(2)).join(", "),
    "cost (median pair)": percent(cost),
    goal: `<= ${GOAL_RECORDING_COST * 100} % ${cost <= GOAL_RECORDING_COST ? "met" : "MISSED"}`,
  };
}

async function report() {
  const { dataDir, databaseUrl } = await benchDatabase("postgres", "analytics-report");
  const opened = await openDatabase({ databaseUrl, dataDir });
  onCleanup(() => opened.close());
  setDatabase(opened.db);
  const started = Date.now();
  // 1,000,000 views spread over the last 90 days; a visitor is one of 30,000 hashes a day.
  await opened.db.execute(sql`
    insert into page_views (path, referrer_host, utm_source, device_class, visitor_hash, created_at)
    select (array['/', '/bootcamp', '/booking', '/blog', '/about', '/marketplace', '/affiliate-program', '/blog/a', '/blog/b', '/blog/c', '/booking/confirmation', '/congrats'])[1 + (i % 12)],
      (array[null, null, 'google.com', 'linkedin.com', 'youtube.com', 'bing.com'])[1 + (i % 6)],
      case when i % 10 = 0 then 'newsletter' end,
      (array['desktop', 'mobile', 'tablet'])[1 + (i % 3)],
      'v' || ((i::bigint * 7919) % 30000) || '-' || (i % 90),
      now() - ((i % 90) || ' days')::interval - ((i % 86400) || ' seconds')::interval
    from generate_series(1, ${VIEWS}) as i`);
  await opened.db.execute(sql`
    insert into events (name, visitor_hash, properties, created_at)
    select (array['booking_submitted', 'checkout_started', 'newsletter_subscribed', 'affiliate_click'])[1 + (i % 4)],
      'v' || ((i::bigint * 7919) % 30000) || '-' || (i % 90), jsonb_build_object('orderId', 'o' || i), now() - ((i % 90) || ' days')::interval
    from generate_series(1, 20000) as i`);
  await opened.db.execute(sql`analyze`);
  const seeded = Date.now() - started;
  // What the server's hourly housekeeping does: every completed day into the rollups.
  const rollupStarted = Date.now();
  const days = await rollUpCompletedDays();
  const rolledMs = Date.now() - rollupStarted;
  const times: number[] = [];
  for (let i = 0; i < 5; i += 1) {
    const before = performance.now();
    await getAnalyticsPage(new URL("http://bench.local/admin/analytics?range=90d"));
    times.push(performance.now() - before);
  }
  times.sort((a, b) => a - b);
  const median = times[2]!;
  setDatabase(undefined);
  return { views: VIEWS, "seeding s": Number((seeded / 1000).toFixed(1)), "rollup of the past days s": `${(rolledMs / 1000).toFixed(1)} (${days} days)`, "90-day page, median ms": Math.round(median), "all runs ms": times.map(Math.round).join(", "), goal: `<= ${GOAL_REPORT_MS} ms ${median <= GOAL_REPORT_MS ? "met" : "MISSED"}` };
}

async function main() {
  if (os.availableParallelism() < 2) throw new Error("The bench needs 2 CPUs (wrk on one, the server on the other)");
  const wrkBinary = findExecutable("wrk");
  if (!wrkBinary) throw new Error("wrk is missing: apt-get install wrk");
  buildBundle();
  console.log(`
Method: wrk pinned to CPU ${LOAD_CPU}, 1 thread, ${CONNECTIONS} connections, ${DURATION_S} s, POST /api/analytics/view (JSON, same origin,
a browser User-Agent); the site (node ${process.version} server.js, ${buildDir}/) pinned to CPU ${SERVER_CPU}. ${os.cpus()[0]?.model ?? "unknown CPU"}.
`);
  const rows = [];
  for (const kind of benchDatabases) rows.push(await beacons(kind, wrkBinary));
  console.log("Page-view beacons:");
  console.table(rows);
  console.log(`\nThe cached home page, req/s, with page-view recording off and on (PGlite, median of ${PAGE_ROUNDS.rounds} rounds of ${PAGE_ROUNDS.seconds} s; the cost: one less the median ratio of the rounds with views arriving to the rounds without, alternating on one server):`);
  console.table([await recordingCost(wrkBinary)]);
  console.log("\n/admin/analytics for 90 days (this period and the previous one), PostgreSQL:");
  console.table([await report()]);
}

await runBench(main);
