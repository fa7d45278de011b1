// `npm run bench` (DESIGN §8): requests/s of the production server's cached pages against two
// references serving the same bytes: a bare Node `http.createServer` (goal >= 0.80) and nginx, the
// faster of its compiled defaults and `sendfile on; tcp_nopush on` (goal >= 0.55). wrk runs pinned
// to CPU 0 and the servers (nginx: one worker) to CPU 1, so the load generator never takes the
// server's core. Per page: warm-up, then alternating rounds; medians and ratios printed, with the CPU
// time each server spent per request. Then the uncached render path of the same pages (a query
// parameter the page cache does not ignore and the page does not read), then the gzipped JavaScript
// each page loads; the figures go into README.md's table (recordFigure). Goals are reported, never
// turned into an exit code; broken measurements (non-2xx, socket errors) fail.
// Bounded: fixed durations, 127.0.0.1 only; everything started is stopped, also on error or signal.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { addDays, centralDate } from "~/lib/central-time";
import { request as rawRequest } from "../support/raw-request";
import { SEEDED_POST_PATH, writeSeedPosts } from "../support/seed-posts";
import { freePort } from "../support/server-process";
import {
  buildBundle,
  buildDir,
  cpuSeconds,
  installTools,
  LOAD_CPU,
  onCleanup,
  recordFigure,
  runBench,
  runWrk,
  SERVER_CPU,
  setting,
  socketErrors,
  startPinnedServer,
  tempDir,
  toolVersion,
  type WrkReport,
} from "./harness";

type Page = { path: string; jsGoalKB: number };
// Goals from DESIGN §8: every cached page against both references.
const BARE_NODE_GOAL = 0.8;
const NGINX_GOAL = 0.55;
// JavaScript to start a page, gzip: an app's (React) and a content page's, its one enhancement
// module (decision 040: what that design needs, with room for a little more).
const APP_JS_GOAL_KB = 135;
const CONTENT_JS_GOAL_KB = 5;
// Add a page here to bench it. Not read from the route table (its cached pages): each page benched
// adds about a minute of load, and the others repeat these pages' templates.
const allPages: Page[] = [
  { path: "/", jsGoalKB: CONTENT_JS_GOAL_KB },
  { path: "/bootcamp", jsGoalKB: CONTENT_JS_GOAL_KB },
  { path: "/about", jsGoalKB: CONTENT_JS_GOAL_KB },
  { path: "/marketplace", jsGoalKB: CONTENT_JS_GOAL_KB },
  // The blog: the list and one post, from the seed posts written before the server starts.
  { path: "/blog", jsGoalKB: CONTENT_JS_GOAL_KB },
  { path: SEEDED_POST_PATH, jsGoalKB: CONTENT_JS_GOAL_KB },
  // Cached for the day; its render (<= 5 ms of CPU) is the uncached path.
  { path: "/booking", jsGoalKB: APP_JS_GOAL_KB },
];
// Bypasses the page cache (it only ignores ref, utm_* and click ids) without changing the page.
const UNCACHED_QUERY = "?bench-uncached=1";
// Never cached: only their render path is measured. A day's slots a week ahead as /booking without
// JavaScript asks (?date=…&duration=…) and as the calendar's fetcher asks (the .data request, goal
// from issue 16: <= 5 ms of CPU).
const slotQuery = `?date=${addDays(centralDate(new Date()), 7)}&duration=60`;
const slotDataPath = `/booking.data${slotQuery}&_routes=routes%2Fbooking`;
// Issue 16's goal: <= 5 ms of CPU for /booking rendered and for its slot data.
const renderCpuGoalMs = new Map([[`/booking${UNCACHED_QUERY}`, 5], [slotDataPath, 5]]);
const allRenderOnlyPaths = [`/booking${slotQuery}`, slotDataPath];
// BENCH_PAGES=/blog,/booking measures only the pages (and render-only paths) that start so.
const only = process.env.BENCH_PAGES?.split(",");
const chosen = (path: string) => !only || only.some((prefix) => path.startsWith(prefix));
const pages = allPages.filter((page) => chosen(page.path));
const renderOnlyPaths = allRenderOnlyPaths.filter(chosen);
const cpuGoal = (path: string, cpuUs: number) => {
  const goalMs = renderCpuGoalMs.get(path);
  return goalMs === undefined ? "-" : `<= ${goalMs} ms CPU ${cpuUs <= goalMs * 1000 ? "met" : "MISSED"}`;
};
if (pages.length === 0) throw new Error(`BENCH_PAGES=${process.env.BENCH_PAGES} names none of the cached pages: ${allPages.map((page) => page.path).join(", ")}`);

const DURATION_S = setting("BENCH_DURATION", 5);
const WARMUP_S = setting("BENCH_WARMUP", 2);
const ROUNDS = setting("BENCH_ROUNDS", 3);
const CONNECTIONS = setting("BENCH_CONNECTIONS", 50);
// An uncached render under full load queues for a second or more: wrk's default 2 s timeout would
// count slow answers as broken ones.
const TIMEOUT_S = 10;
// What a browser sends for a navigation.
const requestHeaders = {
  Accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
  "Accept-Encoding": "gzip, br",
};
const luaReport = path.join(import.meta.dirname, "wrk-report.lua");

function installBenchTools() {
  const { wrk, nginx } = installTools({ wrk: "wrk", nginx: "nginx-light" });
  // Both print their version and exit (wrk with status 1).
  return {
    wrk,
    nginx,
    wrkVersion: toolVersion(wrk, "-v").replace(/\s*Copyright.*/, ""),
    nginxVersion: toolVersion(nginx, "-v").replace(/^nginx version:\s*/, ""),
  };
}

type Answer = { status: number; encoding: string; pageCache: string; head: string[]; body: Buffer };

// Raw bytes as sent (fetch would decompress and choose its own Accept-Encoding).
async function request(url: string, headers: Record<string, string>): Promise<Answer> {
  const answer = await rawRequest(url, { headers });
  return {
    status: answer.status,
    encoding: answer.headers["content-encoding"] ?? "identity",
    pageCache: String(answer.headers["x-page-cache"] ?? "-"),
    // What a server writes itself (the date, the connection's) left out.
    head: Object.entries(answer.headers)
      .filter(([name]) => !["date", "connection", "keep-alive", "transfer-encoding"].includes(name))
      .flatMap(([name, value]) => [name, String(value)]),
    body: answer.body,
  };
}

function decoded(answer: Answer) {
  if (answer.encoding === "br") return zlib.brotliDecompressSync(answer.body);
  if (answer.encoding === "gzip") return zlib.gunzipSync(answer.body);
  return answer.body;
}

function htmlFile(htmlRoot: string, page: string) {
  return path.join(htmlRoot, page === "/" ? "index.html" : `${page}/index.html`);
}

/**
 * Starts nginx (one worker) with two servers of the same files: `defaultsPort` with its compiled
 * defaults (`sendfile` off), `sendfilePort` with `sendfile on; tcp_nopush on` (faster on some hosts,
 * slower on others: the bench takes the faster). Up once `probePath` (a page it serves) answers 200.
 */
async function startNginx(nginx: string, dir: string, { defaultsPort, sendfilePort }: { defaultsPort: number; sendfilePort: number }, probePath: string) {
  const conf = path.join(dir, "nginx.conf");
  const errorLog = path.join(dir, "error.log");
  fs.writeFileSync(
    conf,
    `worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${errorLog} warn;
events { worker_connections 1024; }
http {
  access_log off;
  # Node closes no keep-alive connection after N requests; neither does the reference.
  keepalive_requests 1000000;
  gzip_static on;
  gzip_vary on;
  client_body_temp_path ${dir}/tmp; proxy_temp_path ${dir}/tmp; fastcgi_temp_path ${dir}/tmp;
  uwsgi_temp_path ${dir}/tmp; scgi_temp_path ${dir}/tmp;
  root ${dir}/html;
  charset utf-8;
  server {
    listen 127.0.0.1:${defaultsPort};
    location / { default_type text/html; try_files $uri $uri/index.html =404; }
  }
  server {
    listen 127.0.0.1:${sendfilePort};
    sendfile on;
    tcp_nopush on;
    location / { default_type text/html; try_files $uri $uri/index.html =404; }
  }
}
`,
  );
  fs.mkdirSync(path.join(dir, "tmp"), { recursive: true });
  const child = spawn("taskset", ["-c", SERVER_CPU, nginx, "-e", errorLog, "-c", conf, "-p", dir], {
    stdio: ["ignore", "inherit", "inherit"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  onCleanup(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    await exited;
  });
  for (let i = 0; i < 50 && child.exitCode === null; i++) {
    try {
      const probes = await Promise.all([defaultsPort, sendfilePort].map((port) => request(`http://127.0.0.1:${port}${probePath}`, {})));
      if (probes.every((probe) => probe.status === 200)) {
        // The one worker answers; the master (taskset exec'd into it) only supervises.
        const [worker] = fs.readFileSync(`/proc/${child.pid}/task/${child.pid}/children`, "utf8").trim().split(" ");
        return Number(worker);
      }
    } catch {
      // starting
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const log = fs.existsSync(errorLog) ? fs.readFileSync(errorLog, "utf8") : "";
  throw new Error(`nginx did not start:\n${log}`);
}

/** The bare Node reference (bare-node-server.ts) on `port`, answering each page as the site answered it; its pid. */
async function startBareNode(dir: string, port: number, answers: Map<string, Answer>) {
  const file = path.join(dir, "answers.json");
  const pages = Object.fromEntries([...answers].map(([page, answer]) => [page, { head: answer.head, body: answer.body.toString("base64") }]));
  fs.writeFileSync(file, JSON.stringify({ port, pages }));
  const child = spawn("taskset", ["-c", SERVER_CPU, process.execPath, path.join(import.meta.dirname, "bare-node-server.ts"), file], {
    stdio: ["ignore", "inherit", "inherit"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  onCleanup(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    await exited;
  });
  const [probe] = answers.keys();
  for (let i = 0; i < 50 && child.exitCode === null; i++) {
    try {
      if ((await request(`http://127.0.0.1:${port}${probe}`, {})).status === 200) return child.pid!;
    } catch {
      // starting
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("the bare Node reference did not start");
}

const rssMb = (pid: number) => Math.round(Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))![1]) / 1024);
const range = (values: number[], digits: number) => {
  const [low, high] = [Math.min(...values), Math.max(...values)].map((value) => value.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits }));
  return low === high ? low! : `${low}-${high}`;
};

/**
 * requests/s and p99 as wrk saw them, and the CPU time the serving process spent per request: the
 * work each answer costs, which other load on the machine disturbs far less than the rates.
 */
type Round = { rps: number; p99Ms: number; cpuUsPerRequest: number };

async function wrk(binary: string, url: string, seconds: number, servingPid: number): Promise<Round> {
  const cpuBefore = cpuSeconds(servingPid);
  const headers = Object.entries(requestHeaders).flatMap(([name, value]) => ["-H", `${name}: ${value}`]);
  const report = await runWrk<WrkReport & { status: number }>(binary, {
    connections: CONNECTIONS,
    seconds,
    timeoutS: TIMEOUT_S,
    script: luaReport,
    args: [...headers, url],
    label: `wrk ${url}`,
  });
  if (report.status > 0 || socketErrors(report) > 0) {
    throw new Error(`${url}: ${report.status} non-2xx/3xx answers, ${socketErrors(report)} socket errors/timeouts`);
  }
  return {
    rps: report.requests / (report.durationUs / 1e6),
    p99Ms: report.p99Us / 1000,
    cpuUsPerRequest: ((cpuSeconds(servingPid) - cpuBefore) * 1e6) / report.requests,
  };
}

function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

const kb = (bytes: number) => Number((bytes / 1024).toFixed(1));

// The JavaScript a page loads to start: the scripts its HTML names (<script src>, and the imports of
// its inline module scripts, the entry they import() at once included) and, recursively, their
// static imports. What the app imports later (import() inside a chunk: toasts, the carousel,
// dialogs) is not loaded with the page and not counted. Same-origin /assets/ files only.
async function pageJavaScript(origin: string, html: string) {
  const pending: string[] = [];
  for (const [, attributes = "", body = ""] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    const src = /\ssrc="([^"]+)"/.exec(attributes)?.[1];
    if (src) pending.push(new URL(src, origin).href);
    if (!/\stype="module"/.test(attributes)) continue;
    for (const [, specifier = ""] of body.matchAll(/\bimport\s*(?:[^"'();]*?\bfrom\s*)?\(?\s*["']([^"']+\.js)["']/g)) {
      pending.push(new URL(specifier, origin).href);
    }
  }
  const seen = new Set<string>();
  let raw = 0;
  let gzipped = 0;
  for (let url = pending.pop(); url !== undefined; url = pending.pop()) {
    if (seen.has(url) || new URL(url).origin !== origin || !new URL(url).pathname.startsWith("/assets/")) continue;
    seen.add(url);
    const response = await fetch(url);
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    const body = Buffer.from(await response.arrayBuffer());
    raw += body.length;
    gzipped += zlib.gzipSync(body, { level: 9 }).length;
    for (const [, specifier = ""] of body.toString("utf8").matchAll(/\b(?:import|export)\s*(?:[\w$*{},\s]*?\bfrom\s*)?["']([^"']+\.js)["']/g)) {
      pending.push(new URL(specifier, url).href);
    }
  }
  return { files: seen.size, raw, gzipped };
}

async function main() {
  if (os.availableParallelism() < 2) {
    throw new Error("The bench needs 2 CPUs (wrk on one, the servers on the other)");
  }
  const tools = installBenchTools();
  buildBundle();

  const dataDir = tempDir("site-bench-");
  // The blog's pages need posts: the five seed posts, written before the server opens the database.
  await writeSeedPosts(dataDir);
  const { server } = await startPinnedServer({ DATA_DIR: dataDir, LOG_LEVEL: "warn" });

  // nginx serves exactly the HTML bytes the site serves, compressed once ahead of time.
  const nginxDir = tempDir("site-bench-nginx-");
  fs.chmodSync(nginxDir, 0o755); // nginx workers run as an unprivileged user
  const htmlRoot = path.join(nginxDir, "html");
  const htmlByPage = new Map<string, Buffer>();
  for (const page of pages) {
    const answer = await request(`${server.url}${page.path}`, { Accept: requestHeaders.Accept });
    if (answer.status !== 200) throw new Error(`site ${page.path} answered ${answer.status}`);
    htmlByPage.set(page.path, answer.body);
    const file = htmlFile(htmlRoot, page.path);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, answer.body);
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(answer.body, { level: 9 }));
    fs.writeFileSync(
      `${file}.br`,
      zlib.brotliCompressSync(answer.body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
    );
  }
  const ports = { defaultsPort: await freePort(), sendfilePort: await freePort() };
  const nginxWorker = await startNginx(tools.nginx, nginxDir, ports, pages[0]!.path);
  // The bare Node reference writes what the site's page cache answers a browser.
  const cachedAnswers = new Map<string, Answer>();
  for (const page of pages) cachedAnswers.set(page.path, await request(`${server.url}${page.path}`, requestHeaders));
  const barePort = await freePort();
  const barePid = await startBareNode(tempDir("site-bench-bare-"), barePort, cachedAnswers);
  const references = [
    { name: "bare node", url: `http://127.0.0.1:${barePort}`, pid: barePid },
    { name: "nginx defaults", url: `http://127.0.0.1:${ports.defaultsPort}`, pid: nginxWorker },
    { name: "nginx sendfile", url: `http://127.0.0.1:${ports.sendfilePort}`, pid: nginxWorker },
  ];

  // Before measuring: all answer what a browser would get, nginx sends the precompressed file, and
  // the cached and uncached paths are what they claim to be.
  const answers: Array<Record<string, string | number>> = [];
  for (const page of pages) {
    const site = await request(`${server.url}${page.path}`, requestHeaders);
    const uncached = await request(`${server.url}${page.path}${UNCACHED_QUERY}`, requestHeaders);
    const referenceAnswers = await Promise.all(references.map(async ({ name, url }) => [name, await request(`${url}${page.path}`, requestHeaders)] as const));
    for (const [name, answer] of [["site", site], ["site uncached", uncached], ...referenceAnswers] as const) {
      answers.push({
        page: page.path,
        server: name,
        status: answer.status,
        "content-encoding": answer.encoding,
        "x-page-cache": answer.pageCache,
        "body bytes": answer.body.length,
      });
    }
    if (site.status !== 200 || site.pageCache !== "hit") {
      throw new Error(`site ${page.path} answered ${site.status}, x-page-cache ${site.pageCache} (not a cache hit)`);
    }
    if (!decoded(site).equals(htmlByPage.get(page.path)!)) throw new Error(`site ${page.path} sends different HTML per encoding`);
    if (uncached.status !== 200 || uncached.pageCache !== "-") {
      throw new Error(`site ${page.path}${UNCACHED_QUERY} answered ${uncached.status}, x-page-cache ${uncached.pageCache} (not rendered)`);
    }
    for (const [name, reference] of referenceAnswers) {
      // nginx-light has no brotli module: gzip is its best.
      const encoding = name === "bare node" ? site.encoding : "gzip";
      if (reference.status !== 200 || reference.encoding !== encoding) {
        throw new Error(`${name} ${page.path} answered ${reference.status}, content-encoding ${reference.encoding} (not ${encoding})`);
      }
      if (!decoded(reference).equals(htmlByPage.get(page.path)!)) throw new Error(`${name} ${page.path} does not serve the site's HTML`);
    }
  }
  for (const renderOnly of renderOnlyPaths) {
    const answer = await request(`${server.url}${renderOnly}`, requestHeaders);
    answers.push({ page: renderOnly, server: "site", status: answer.status, "content-encoding": answer.encoding, "x-page-cache": answer.pageCache, "body bytes": answer.body.length });
    if (answer.status !== 200 || answer.pageCache !== "-") throw new Error(`site ${renderOnly} answered ${answer.status}, x-page-cache ${answer.pageCache} (not rendered)`);
  }

  const idleRssMb = rssMb(server.child.pid!);
  const perPage = 4 * WARMUP_S + 4 * ROUNDS * DURATION_S;
  console.log(`
Method: ${tools.wrkVersion} pinned to CPU ${LOAD_CPU} (taskset -c ${LOAD_CPU}), 1 thread, ${CONNECTIONS} connections, ${TIMEOUT_S} s timeout.
Servers pinned to CPU ${SERVER_CPU} (taskset -c ${SERVER_CPU}): the site (node ${process.version} server.js, ${buildDir}/, PGlite),
a bare node http.createServer writing the site's cached answers (same status, headers and bytes), and nginx
${tools.nginxVersion} (worker_processes 1, gzip_static on) twice: its compiled defaults (sendfile off) and
sendfile on; tcp_nopush on. 127.0.0.1 only.
Request headers: ${Object.entries(requestHeaders).map(([name, value]) => `${name}: ${value}`).join("; ")}
nginx serves the site's HTML bytes as written once: index.html, index.html.gz (gzip -9) and index.html.br
(brotli 11). Debian's nginx-light has no brotli module, so the reference answers gzip (gzip_static, the
static-file limit) while the site may answer br.
Per page: ${WARMUP_S} s warm-up of each server, then ${ROUNDS} alternating rounds of ${DURATION_S} s (site, bare node, nginx
defaults, nginx sendfile); medians. Ratios: site / bare node, site / the faster nginx.
Then the uncached render path: the same page with ${UNCACHED_QUERY} (the page cache passes it on; the page ignores
it), rendered by React Router per request and compressed whole as it is sent (decision 037); ${WARMUP_S} s warm-up and
${ROUNDS} rounds of ${DURATION_S} s each.
About ${pages.length * perPage} s of load in all. ${os.cpus()[0]?.model ?? "unknown CPU"}, ${os.availableParallelism()} CPUs.
The site's idle RSS (PGlite, its pages rendered once): ${idleRssMb} MB.

Answers before measuring (with the headers above):`);
  console.table(answers);

  const sitePid = server.child.pid!;
  const cpu = (rounds: Round[]) => median(rounds.map((r) => r.cpuUsPerRequest));
  const rps = (rounds: Round[]) => median(rounds.map((r) => r.rps));
  const rows: Array<Record<string, string | number>> = [];
  const cached = new Map<string, { site: Round[]; fasterNginx: Round[] }>();
  const ratios: Array<{ bare: number; nginx: number; fasterNginx: string }> = [];
  for (const page of pages) {
    const servers = [{ name: "site", url: server.url, pid: sitePid }, ...references];
    for (const { url, pid } of servers) await wrk(tools.wrk, `${url}${page.path}`, WARMUP_S, pid);
    const rounds = new Map<string, Round[]>(servers.map(({ name }) => [name, []]));
    for (let round = 1; round <= ROUNDS; round++) {
      const line: string[] = [];
      for (const { name, url, pid } of servers) {
        const result = await wrk(tools.wrk, `${url}${page.path}`, DURATION_S, pid);
        rounds.get(name)!.push(result);
        line.push(`${name} ${Math.round(result.rps)} req/s p99 ${result.p99Ms.toFixed(2)} ms ${result.cpuUsPerRequest.toFixed(0)} µs CPU`);
      }
      console.log(`${page.path} round ${round}: ${line.join(" | ")}`);
    }
    const [site, bare, defaults, sendfile] = servers.map(({ name }) => rounds.get(name)!) as [Round[], Round[], Round[], Round[]];
    const fasterNginx = rps(sendfile) > rps(defaults) ? sendfile : defaults;
    const ratio = { bare: rps(site) / rps(bare), nginx: rps(site) / rps(fasterNginx), fasterNginx: fasterNginx === sendfile ? "sendfile" : "defaults" };
    ratios.push(ratio);
    cached.set(page.path, { site, fasterNginx });
    rows.push({
      page: page.path,
      "site req/s": Math.round(rps(site)),
      "site p99 ms": Number(median(site.map((r) => r.p99Ms)).toFixed(2)),
      "bare node req/s": Math.round(rps(bare)),
      "nginx defaults req/s": Math.round(rps(defaults)),
      "nginx sendfile req/s": Math.round(rps(sendfile)),
      "/ bare node": Number(ratio.bare.toFixed(2)),
      [`goal >= ${BARE_NODE_GOAL}`]: ratio.bare >= BARE_NODE_GOAL ? "met" : "MISSED",
      "/ faster nginx": Number(ratio.nginx.toFixed(2)),
      [`goal >= ${NGINX_GOAL}`]: ratio.nginx >= NGINX_GOAL ? "met" : "MISSED",
      "site CPU µs/req": Number(cpu(site).toFixed(1)),
      "bare node CPU µs/req": Number(cpu(bare).toFixed(1)),
      "nginx CPU µs/req": Number(cpu(fasterNginx).toFixed(1)),
    });
  }

  // After every cached round: the garbage of per-request renders would otherwise meet the cached
  // rounds as collector pauses.
  const uncachedRows: Array<Record<string, string | number>> = [];
  const renderCpuMs = new Map<string, number>();
  const rendered = [...pages.map((page) => ({ path: `${page.path}${UNCACHED_QUERY}`, cachedAs: page.path })), ...renderOnlyPaths.map((path) => ({ path, cachedAs: null }))];
  for (const { path: renderedPath, cachedAs } of rendered) {
    const url = `${server.url}${renderedPath}`;
    await wrk(tools.wrk, url, WARMUP_S, sitePid);
    const rounds: Round[] = [];
    for (let round = 1; round <= ROUNDS; round++) rounds.push(await wrk(tools.wrk, url, DURATION_S, sitePid));
    renderCpuMs.set(renderedPath, cpu(rounds) / 1000);
    const rate = rps(rounds);
    const cachedRounds = cachedAs ? cached.get(cachedAs)! : null;
    console.log(`${renderedPath}: ${rounds.map((r) => `${Math.round(r.rps)} req/s`).join(", ")}`);
    uncachedRows.push({
      page: renderedPath,
      "req/s": Math.round(rate),
      "p99 ms": Number(median(rounds.map((r) => r.p99Ms)).toFixed(2)),
      "CPU µs/req": Math.round(cpu(rounds)),
      "ratio to nginx": cachedRounds ? Number((rate / rps(cachedRounds.fasterNginx)).toFixed(3)) : "-",
      "cached / uncached": cachedRounds ? Number((rps(cachedRounds.site) / rate).toFixed(1)) : "-",
      goal: cpuGoal(renderedPath, cpu(rounds)),
    });
  }

  console.log(`\nCached pages, medians of ${ROUNDS} rounds (ratios of requests per second; the CPU per request each server spent):`);
  console.table(rows);
  console.log(`\nThe uncached render path (a CPU goal for /booking and its slot data, issue 16), medians of ${ROUNDS} rounds:`);
  console.table(uncachedRows);

  const scripts: Array<Record<string, string | number>> = [];
  for (const page of pages) {
    const js = await pageJavaScript(server.url, htmlByPage.get(page.path)!.toString("utf8"));
    const goal = page.jsGoalKB;
    scripts.push({
      page: page.path,
      files: js.files,
      "raw KB": kb(js.raw),
      "gzip -9 KB": kb(js.gzipped),
      goal: `<= ${goal} ${js.gzipped / 1024 <= goal ? "met" : "MISSED"}`,
    });
  }
  console.log("\nJavaScript each page loads to start (its scripts and their static imports, each file gzipped):");
  console.table(scripts);

  // README's table holds figures of every page: a run of some pages (BENCH_PAGES) writes none.
  if (only) return console.log("\nBENCH_PAGES is set: README.md's table is left as it is.");
  const fasterNginx = new Set(ratios.map((ratio) => ratio.fasterNginx));
  const nginxNote = fasterNginx.size === 1 ? (fasterNginx.has("sendfile") ? " (nginx with `sendfile`)" : " (nginx's defaults)") : "";
  recordFigure("cached pages vs bare Node `http.createServer`, same bytes", range(ratios.map((ratio) => ratio.bare), 2), `≥ ${BARE_NODE_GOAL.toFixed(2)}`);
  recordFigure("cached pages vs nginx (the faster of its defaults and `sendfile on; tcp_nopush on`)", `${range(ratios.map((ratio) => ratio.nginx), 2)}${nginxNote}`, `≥ ${NGINX_GOAL.toFixed(2)}`);
  const bookingCpu = [renderCpuMs.get(`/booking${UNCACHED_QUERY}`), renderCpuMs.get(slotDataPath)].map((ms) => (ms === undefined ? "-" : ms.toFixed(2)));
  recordFigure("uncached `/booking` render, its slot data", `${bookingCpu.join(" ms, ")} ms of CPU`, "≤ 5 ms each");
  const startKB = (goal: number) => scripts.filter((_, index) => pages[index]!.jsGoalKB === goal).map((script) => Number(script["gzip -9 KB"]));
  recordFigure("JavaScript to start a content page (gzip)", `${range(startKB(CONTENT_JS_GOAL_KB), 1)} KB`, `≤ ${CONTENT_JS_GOAL_KB} KB`);
  recordFigure("JavaScript to start an app page (`/booking`, gzip)", `${range(startKB(APP_JS_GOAL_KB), 1)} KB`, `≤ ${APP_JS_GOAL_KB} KB`);
  recordFigure("idle RSS on PGlite", `${idleRssMb} MB`, "≤ 300 MB");
}

await runBench(main);
