// What the benchmarks (run.ts, booking.ts) share: their settings from the environment, the undoing
// of everything they start or create (also on error or signal), the tools they need, the production
// build, the server pinned to its CPU, wrk pinned to the other, and the CPU time a process has used.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createPostgresDatabase } from "../support/databases";
import { startServerProcess, stopServerProcess } from "../support/server-process";

// wrk runs on one CPU, the servers on the other, so the load generator never takes the server's core.
export const LOAD_CPU = "0";
export const SERVER_CPU = "1";
export const root = path.resolve(import.meta.dirname, "../..");
export const buildDir = process.env.BUILD_DIR ?? "build";

/** A positive whole number from the environment variable `name`, else `fallback`. */
export function setting(name: string, fallback: number) {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1) {
    throw new Error(`${name} must be a positive integer (got "${process.env[name]}")`);
  }
  return value;
}

// Everything a bench starts or creates registers its undoing here, undone newest first. On a signal
// the undoing starts at once and main unwinds (its wrk is killed, nothing new may start); its
// `finally` then undoes whatever was registered meanwhile, so the process exits with nothing left.
const cleanups = new Set<() => unknown>();
let signalled = false;
/** Registers `step` to be undone at the end; returns a function that forgets it (once done early). */
export function onCleanup(step: () => unknown) {
  cleanups.add(step);
  if (signalled) throw new Error("Interrupted");
  return () => cleanups.delete(step);
}
let undoing = Promise.resolve();
function cleanUp() {
  // One pass at a time, so a signal's pass and main's `finally` never undo out of order.
  undoing = undoing.then(async () => {
    for (let step = [...cleanups].at(-1); step; step = [...cleanups].at(-1)) {
      cleanups.delete(step);
      try {
        await step();
      } catch (error) {
        console.error(error);
      }
    }
  });
  return undoing;
}
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    signalled = true;
    process.exitCode = 130;
    void cleanUp();
  });
}

/** Runs a bench's `main`: an error fails the process (one from a signal's unwinding does not), then undoes everything. */
export async function runBench(main: () => Promise<void>) {
  try {
    await main();
  } catch (error) {
    if (!signalled) {
      console.error(error);
      process.exitCode = 1;
    }
  } finally {
    await cleanUp();
  }
}

let benchRoot: string | undefined;

/**
 * The parent of every bench's temporary directories. A bench's data directory stands for a
 * server's DATA_DIR, where files are only ever added. On a journal-less ext4 (these machines)
 * creating a file where many were deleted lately costs 55-780 µs of the kernel's time (it walks
 * past the recently freed inodes; `recently_deleted` in `perf`) against 18 µs elsewhere, and /tmp
 * is where tests and benches create and delete thousands: each booking's confirmation file cost
 * the booking bench 0.6-0.8 ms. Marked as a top directory (`chattr +T`), ext4 places each
 * directory under it in a fresh group, as it places a new DATA_DIR. Best effort: on another
 * filesystem, or without chattr, nothing changes.
 */
function benchTempRoot() {
  if (!benchRoot) {
    benchRoot = path.join(os.tmpdir(), "site-bench");
    fs.mkdirSync(benchRoot, { recursive: true });
    spawnSync("chattr", ["+T", benchRoot], { stdio: "ignore" });
  }
  return benchRoot;
}

/** A new temporary directory, removed at the end. */
export function tempDir(prefix: string) {
  const dir = fs.mkdtempSync(path.join(benchTempRoot(), prefix));
  onCleanup(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** The databases a bench measures: both, or those BENCH_DATABASES names (e.g. `pglite`). */
export const benchDatabases = (["pglite", "postgres"] as const).filter((kind) => process.env.BENCH_DATABASES?.split(",").includes(kind) ?? true);

/**
 * Where one run of a bench keeps its data: a temporary DATA_DIR, and on PostgreSQL a fresh database
 * next to TEST_DATABASE_URL's (dropped at the end); `databaseUrl` is undefined for PGlite.
 */
export async function benchDatabase(kind: "pglite" | "postgres", prefix: string) {
  const dataDir = tempDir(`${prefix}-${kind}-`);
  if (kind === "pglite") return { dataDir, databaseUrl: undefined };
  const database = await createPostgresDatabase();
  onCleanup(database.drop);
  return { dataDir, databaseUrl: database.url };
}

export function findExecutable(name: string) {
  const dirs = [...(process.env.PATH ?? "").split(path.delimiter), "/usr/sbin", "/usr/bin"];
  return dirs.map((dir) => path.join(dir, name)).find((file) => fs.existsSync(file));
}

/**
 * The path of each binary (`{ binary: Debian package }`), installing the packages of those missing
 * with apt-get (needs root).
 */
export function installTools<Binary extends string>(packageOf: Record<Binary, string>): Record<Binary, string> {
  const missing = (Object.keys(packageOf) as Binary[]).filter((binary) => !findExecutable(binary));
  if (missing.length > 0) {
    const packages = missing.map((binary) => packageOf[binary]);
    console.log(`Installing Debian's ${packages.join(", ")} (needs root)…`);
    const aptGet = (...args: string[]) =>
      spawnSync("apt-get", args, { stdio: "inherit", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } })
        .status === 0;
    const install = () => aptGet("install", "-y", "-qq", ...packages);
    // A fresh container has no package lists yet.
    if (!install() && !(aptGet("update", "-qq") && install())) {
      throw new Error(`Could not install ${packages.join(", ")} with apt-get`);
    }
  }
  const paths = Object.fromEntries((Object.keys(packageOf) as Binary[]).map((binary) => [binary, findExecutable(binary)]));
  const stillMissing = (Object.keys(packageOf) as Binary[]).filter((binary) => !paths[binary]);
  if (stillMissing.length > 0) throw new Error(`${stillMissing.join(" or ")} is still missing after apt-get install`);
  return paths as Record<Binary, string>;
}

/** The first line a binary prints for its version `flag` (wrk answers it with status 1). */
export function toolVersion(binary: string, flag: string) {
  const result = spawnSync(binary, [flag], { encoding: "utf8" });
  return `${result.stdout}${result.stderr}`.split("\n")[0].trim();
}

/** `react-router build` into BUILD_DIR (default build/); BENCH_PREBUILT=1 measures the bundle already there (two builds compared). */
export function buildBundle() {
  if (process.env.BENCH_PREBUILT === "1") return console.log(`Using the bundle already in ${buildDir}/.`);
  console.log(`Building the production bundle into ${buildDir}/…`);
  const build = spawnSync("npx", ["react-router", "build"], { cwd: root, encoding: "utf8" });
  if (build.status !== 0) throw new Error(`Build failed:\n${build.stdout}${build.stderr}`);
}

/**
 * The production server pinned to SERVER_CPU, stopped at the end (or earlier: stop it, then call
 * `forget`). Fails if it did not start.
 */
/** With BENCH_CPU_PROFILE_DIR set, each server writes a V8 CPU profile there when it stops. */
export async function startPinnedServer(env: Record<string, string | undefined>) {
  const profileDir = process.env.BENCH_CPU_PROFILE_DIR;
  const nodeArgs = profileDir ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(profileDir)}`] : [];
  const server = await startServerProcess(env, { prefix: ["taskset", "-c", SERVER_CPU], nodeArgs });
  const forget = onCleanup(() => stopServerProcess(server));
  if (server.child.exitCode !== null) throw new Error(`server did not start:\n${server.output()}`);
  return { server, forget };
}

const CLOCK_TICKS = Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout.trim()) || 100;

/** CPU time (user + system) a process has used so far, in seconds. */
export function cpuSeconds(pid: number) {
  // The fields after "pid (comm) ": state is the first, utime the 12th, stime the 13th.
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ").at(-1)!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}

/**
 * Waits until `pid` has used (almost) no CPU for 200 ms. wrk stops without waiting for the answers
 * still in flight: after a warm-up at 50 connections the server still has up to 50 requests to
 * finish (a quarter of a second of bookings), and the measured run's first requests would queue
 * behind them, 2.5 % of a 10 s booking run, the whole of its p99.
 */
export async function waitUntilIdle(pid: number, { timeoutMs = 30_000 } = {}) {
  const deadline = Date.now() + timeoutMs;
  let quietSince = Date.now();
  let before = cpuSeconds(pid);
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    const now = cpuSeconds(pid);
    // Under 10 % of a core in this interval (a clock tick is 10 ms): quiet.
    if (now - before > 0.01) quietSince = Date.now();
    before = now;
    if (Date.now() - quietSince >= 200) return;
  }
  throw new Error(`process ${pid} was still busy ${timeoutMs / 1000} s after the load stopped`);
}

/** What a wrk script's `done` prints after "BENCH " (see wrk-report.lua, booking.lua). */
export type WrkReport = Record<"requests" | "durationUs" | "p99Us" | "connect" | "read" | "write" | "timeout", number>;

export const socketErrors = (report: WrkReport) => report.connect + report.read + report.write + report.timeout;

/**
 * One wrk run pinned to LOAD_CPU, 1 thread: `connections` connections for `seconds`, the Lua
 * `script` given `args` (the URL first); its BENCH report. `label` names it when it fails.
 */
export async function runWrk<Report extends WrkReport>(
  binary: string,
  options: { connections: number; seconds: number; timeoutS: number; script: string; args: string[]; label: string },
): Promise<Report> {
  const { connections, seconds, timeoutS, script, args, label } = options;
  const child = spawn(
    "taskset",
    ["-c", LOAD_CPU, binary, "-t1", `-c${connections}`, `-d${seconds}s`, `--timeout=${timeoutS}s`, "-s", script, ...args],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  const forget = onCleanup(() => child.kill("SIGTERM"));
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once("error", reject);
    child.once("close", resolve);
  }).finally(forget);
  const line = output.split("\n").find((text) => text.startsWith("BENCH "));
  if (code !== 0 || !line) throw new Error(`${label} failed (exit ${code}):\n${output}`);
  return JSON.parse(line.slice("BENCH ".length)) as Report;
}

const wrkReportScript = path.join(import.meta.dirname, "wrk-report.lua");
const browserHeaders = ["-H", "Accept: text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8", "-H", "Accept-Encoding: gzip, br"];

/**
 * A page's throughput as browsers ask for it (their Accept and Accept-Encoding), 50 connections:
 * `rounds` runs of `seconds`, the median in requests per second. Any error answer fails it.
 */
export async function pageThroughput(wrk: string, pageUrl: string, { rounds = 3, seconds = 5 } = {}) {
  const rates: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const report = await runWrk<WrkReport & { status: number }>(wrk, { connections: 50, seconds, timeoutS: 10, script: wrkReportScript, args: [...browserHeaders, pageUrl], label: `wrk ${pageUrl}` });
    if (report.status > 0 || socketErrors(report) > 0) throw new Error(`wrk ${pageUrl}: ${report.status} bad answers, ${socketErrors(report)} socket errors`);
    rates.push(report.requests / (report.durationUs / 1e6));
  }
  return Math.round(median(rates));
}

const README = path.join(root, "README.md");
const TABLE_START = "<!-- bench:start -->";
const TABLE_END = "<!-- bench:end -->";

/**
 * Writes one row of README.md's table of latest figures against their goals (between its bench
 * markers; without them, or for a prebuilt bundle, it prints why and writes nothing). A row is found by `what`; the others
 * stay as the last run left them, and the line above the table names this host and day.
 */
export function recordFigure(what: string, figure: string, goal: string) {
  // Two builds compared are not the tree's figures.
  if (process.env.BENCH_PREBUILT === "1") return console.log(`BENCH_PREBUILT=1: "${what}" is not written into README.md.`);
  const text = fs.readFileSync(README, "utf8");
  const start = text.indexOf(TABLE_START);
  const end = text.indexOf(TABLE_END);
  if (start === -1 || end < start) return console.log(`README.md has no ${TABLE_START} … ${TABLE_END} markers: "${what}" is not written there.`);
  const rows = new Map<string, string[]>();
  for (const line of text.slice(start + TABLE_START.length, end).split("\n")) {
    const cells = line.trim().replace(/^\|/, "").replace(/\|$/, "").split(" | ").map((cell) => cell.trim());
    if (cells.length === 3 && cells[0] !== "what" && !cells[0]!.startsWith("---")) rows.set(cells[0]!, cells.slice(1));
  }
  rows.set(what, [figure, goal]);
  const host = `Host: ${os.cpus()[0]?.model.trim() ?? "unknown CPU"}, ${os.availableParallelism()} CPUs, ${new Date().toISOString().slice(0, 10)} (\`npm run bench\`; a single bench rewrites its own rows).`;
  const table = ["| what | latest figure | goal |", "|---|---|---|", ...[...rows].map(([name, cells]) => `| ${[name, ...cells].join(" | ")} |`)];
  fs.writeFileSync(README, `${text.slice(0, start + TABLE_START.length)}\n${host}\n\n${table.join("\n")}\n${text.slice(end)}`);
}

/** The middle value (the upper of the two middle ones for an even count); 0 for none. */
export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
