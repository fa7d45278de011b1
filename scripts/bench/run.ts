// `npm run bench`: requests/s of the production server against nginx serving the same HTML, with
// the same load generator (autocannon) in the same run. Prints a table; the README records it.
// Bounded: every target gets a fixed duration on 127.0.0.1 only.
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import { tempDir } from "../../tests/support/databases";
import { freePort, startServerProcess, stopServerProcess } from "../../tests/support/server-process";

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const pages = ["/", "/bootcamp"];

function findNginx() {
  for (const candidate of ["/usr/sbin/nginx", "/usr/bin/nginx"]) if (fs.existsSync(candidate)) return candidate;
  console.log("nginx not found: installing Debian's package (needs root)…");
  execFileSync("apt-get", ["install", "-y", "-qq", "nginx-light"], { stdio: "inherit" });
  return "/usr/sbin/nginx";
}

async function load(url: string, duration = DURATION_S) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration, pipelining: 1 });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx responses, ${result.errors} errors`);
  }
  return { rps: result.requests.average, p99: result.latency.p99, bytes: result.throughput.average };
}

async function startNginx(root: string, port: number) {
  const nginx = findNginx();
  const conf = path.join(root, "nginx.conf");
  fs.writeFileSync(
    conf,
    `worker_processes auto;
daemon off;
pid ${root}/nginx.pid;
error_log ${root}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${root}/tmp; proxy_temp_path ${root}/tmp; fastcgi_temp_path ${root}/tmp;
  uwsgi_temp_path ${root}/tmp; scgi_temp_path ${root}/tmp;
  server {
    listen 127.0.0.1:${port};
    root ${root}/html;
    location / { default_type text/html; try_files $uri $uri/index.html =404; }
  }
}
`,
  );
  fs.mkdirSync(path.join(root, "tmp"), { recursive: true });
  const child = spawn(nginx, ["-c", conf, "-p", root], { stdio: "inherit" });
  for (let i = 0; i < 50; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/`)).ok) return child;
    } catch {
      // starting
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill();
  throw new Error("nginx did not start");
}

async function main() {
  console.log("Building the production bundle…");
  execFileSync("npx", ["react-router", "build"], { stdio: "ignore" });
  const dataDir = tempDir("site-bench-");
  const server = await startServerProcess({ DATA_DIR: dataDir, LOG_LEVEL: "warn" });
  if (server.child.exitCode !== null) throw new Error(`server did not start:\n${server.output()}`);

  // nginx serves exactly the HTML the site serves.
  const root = tempDir("site-bench-nginx-");
  fs.chmodSync(root, 0o755); // nginx workers run as an unprivileged user
  for (const page of pages) {
    const html = await (await fetch(`${server.url}${page}`)).text();
    const file = path.join(root, "html", page === "/" ? "index.html" : `${page}/index.html`);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, html);
  }
  const nginxPort = await freePort();
  const nginx = await startNginx(root, nginxPort);

  const rows: Array<Record<string, string | number>> = [];
  try {
    for (const page of pages) {
      await load(`${server.url}${page}`, 2); // warm-up (JIT, page cache), not counted
      const site = await load(`${server.url}${page}`);
      const reference = await load(`http://127.0.0.1:${nginxPort}${page}`);
      rows.push({
        page,
        "site req/s": Math.round(site.rps),
        "site p99 ms": site.p99,
        "nginx req/s": Math.round(reference.rps),
        "nginx p99 ms": reference.p99,
        ratio: Number((site.rps / reference.rps).toFixed(2)),
        "goal >= 0.30": site.rps / reference.rps >= 0.3 ? "met" : "MISSED",
      });
    }
  } finally {
    nginx.kill("SIGTERM");
    await stopServerProcess(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(root, { recursive: true, force: true });
  }
  console.log(`\nautocannon, ${CONNECTIONS} connections, ${DURATION_S} s per target, 127.0.0.1, same machine:`);
  console.table(rows);
  if (rows.some((row) => row["goal >= 0.30"] === "MISSED")) process.exitCode = 1;
}

await main();
