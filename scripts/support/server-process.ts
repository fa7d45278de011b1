// Starts the production build (`node server.js`) as a child process on a free port, the way
// `npm start` runs it. Needs `npm run build` first (npm test builds before it runs Vitest).
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");

export function assertBuilt() {
  const entry = path.join(root, process.env.BUILD_DIR ?? "build", "server/index.js");
  if (!fs.existsSync(entry)) throw new Error(`No production build at ${entry}: run \`npm run build\` first.`);
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

/** Node's flags for the server, as `npm start` (package.json) and deploy/ run it. */
export const SERVER_NODE_FLAGS = ["--max-semi-space-size=4"];

export type ServerProcess = {
  child: ChildProcess;
  url: string;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
};

/**
 * Spawns the server; resolves once /healthz answers, or once the process exits. `prefix` runs node
 * under a wrapper that execs it (the benchmark pins it with `taskset -c 1`); `nodeArgs` go to node
 * itself (a CPU profile: they are not allowed in NODE_OPTIONS).
 */
export async function startServerProcess(
  env: Record<string, string | undefined>,
  { dev = false, prefix = [] as string[], nodeArgs = [] as string[] } = {},
): Promise<ServerProcess> {
  if (!dev) assertBuilt();
  const port = env.PORT ?? String(await freePort());
  let output = "";
  const [command, ...args] = [...prefix, process.execPath, ...SERVER_NODE_FLAGS, ...nodeArgs, "server.js", ...(dev ? ["--dev"] : [])];
  const child = spawn(command, args, {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: dev ? "development" : "production",
      LOG_LEVEL: "info",
      HOST: "127.0.0.1",
      PORT: port,
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on("exit", (code, signal) => resolve({ code, signal })),
  );
  const url = `http://127.0.0.1:${port}`;
  let done = false;
  void exited.then(() => (done = true));
  const deadline = Date.now() + 60_000;
  while (!done && Date.now() < deadline) {
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { child, url, output: () => output, exited };
}

export async function stopServerProcess(server: ServerProcess) {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill("SIGTERM");
  return server.exited;
}
