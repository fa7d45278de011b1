// The deployment of docs/deploy.md as the suite runs it: nginx with deploy/nginx-site.conf (only
// its port numbers changed) in front of instances started with deploy/cnc-site@.service's
// Environment= lines and ExecStart (%i their ports, /var/lib/cnc-site under a temporary directory).
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { tempDir } from "../../../scripts/support/databases";
import { SERVER_NODE_FLAGS, startServerProcess, type ServerProcess } from "../../../scripts/support/server-process";

const root = path.resolve(import.meta.dirname, "../../..");
export const NGINX_SITE = path.join(root, "deploy/nginx-site.conf");
export const SYSTEMD_UNIT = path.join(root, "deploy/cnc-site@.service");
const NGINX = ["/usr/sbin/nginx", "/usr/bin/nginx"].find((candidate) => fs.existsSync(candidate));

/** The unit's Environment= settings for instance `port`, its state directory moved under `stateRoot`. */
export function unitEnvironment(port: number, stateRoot: string): Record<string, string> {
  const unit = fs.readFileSync(SYSTEMD_UNIT, "utf8");
  const execStart = /^ExecStart=(.*)$/m.exec(unit)?.[1] ?? "";
  const flags = /\/node((?: --[\w=-]+)*) server\.js$/.exec(execStart)?.[1]?.trim();
  // The suite starts node with the flags npm start uses (scripts/support/server-process.ts): the unit must use the same.
  if (flags !== SERVER_NODE_FLAGS.join(" ")) throw new Error(`the unit's ExecStart is not "node ${SERVER_NODE_FLAGS.join(" ")} server.js": ${execStart}`);
  const settings = [...unit.matchAll(/^Environment=([A-Z_]+)=(.*)$/gm)].map(([, name, value]) => [
    name!,
    value!.replaceAll("%i", String(port)).replace(/^\/var\/lib\/cnc-site/, stateRoot),
  ]);
  return Object.fromEntries(settings);
}

export type Instance = { port: number; server: ServerProcess; env: Record<string, string> };

/** Starts an instance as systemd would start cnc-site@`port`, with the shared EnvironmentFile `shared`. */
export async function startInstance(port: number, shared: Record<string, string>, stateRoot: string): Promise<Instance> {
  // The EnvironmentFile is read first; Environment= lines override it (systemd's order).
  const env = { ...shared, ...unitEnvironment(port, stateRoot) };
  fs.mkdirSync(env.DATA_DIR!, { recursive: true, mode: 0o700 });
  const server = await startServerProcess(env);
  if (server.child.exitCode !== null) throw new Error(`instance ${port} exited:\n${server.output()}`);
  return { port, server, env };
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => (socket.destroy(), resolve(true)));
    socket.once("error", () => resolve(false));
  });
}

export type Nginx = { url: string; port: number; stop: () => Promise<void>; errors: () => string };

export function nginxAvailable(): boolean {
  return NGINX !== undefined;
}

/**
 * nginx in the foreground with the site file, its upstream servers and listen port replaced. Start
 * it once the instances answer: nginx takes an upstream it could not reach out of the rotation.
 */
export async function startNginx(port: number, upstreamPorts: number[]): Promise<Nginx> {
  if (!NGINX) throw new Error("nginx is not installed (apt-get install nginx-light)");
  const site = fs.readFileSync(NGINX_SITE, "utf8");
  const upstreams = [...site.matchAll(/^\s*server 127\.0\.0\.1:(\d+);$/gm)];
  if (upstreams.length !== upstreamPorts.length) throw new Error(`the site file has ${upstreams.length} upstream servers`);
  let rewritten = site.replace(/^(\s*)listen 80;$/m, `$1listen 127.0.0.1:${port};`);
  upstreams.forEach((upstream, i) => (rewritten = rewritten.replace(upstream[0], upstream[0].replace(upstream[1]!, String(upstreamPorts[i])))));
  if (!rewritten.includes(`listen 127.0.0.1:${port};`)) throw new Error("the site file has no `listen 80;`");
  const dir = tempDir("nginx-");
  // Worker processes may run as another user (nobody): they need to reach the temporary files.
  fs.chmodSync(dir, 0o755);
  fs.writeFileSync(path.join(dir, "site.conf"), rewritten);
  fs.writeFileSync(
    path.join(dir, "nginx.conf"),
    [
      "daemon off;",
      "worker_processes 2;",
      `pid ${dir}/nginx.pid;`,
      `error_log ${dir}/error.log warn;`,
      "events { worker_connections 1024; }",
      "http {",
      "  access_log off;",
      ...["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map((kind) => `  ${kind}_temp_path ${dir}/${kind};`),
      `  include ${dir}/site.conf;`,
      "}",
      "",
    ].join("\n"),
  );
  const child: ChildProcess = spawn(NGINX, ["-e", `${dir}/error.log`, "-p", dir, "-c", `${dir}/nginx.conf`], { stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  // Listening: a connection is taken (nothing is sent, so no upstream is asked).
  const deadline = Date.now() + 15_000;
  while (!(await accepts(port))) {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${output}`);
    if (Date.now() > deadline) throw new Error(`nginx did not start: ${output}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const errors = () => output + (fs.existsSync(`${dir}/error.log`) ? fs.readFileSync(`${dir}/error.log`, "utf8") : "");
  return {
    url,
    port,
    errors,
    stop: async () => {
      child.kill("SIGQUIT");
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
