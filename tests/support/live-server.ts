// A running production server as a client meets it: raw requests that see the bytes as sent, and a
// server started with its admin account, signed in. Needs `npm run build` first (server-process.ts).
import fs from "node:fs";
import http from "node:http";
import { tempDir } from "./databases";
import { freePort, startServerProcess, stopServerProcess, type ServerProcess } from "./server-process";

export type RawAnswer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

/** One request with node:http: the bytes as sent (fetch would pick its own encoding and decode). */
export function request(
  url: string,
  { method = "GET", headers = {} as Record<string, string>, body = undefined as string | Buffer | undefined } = {},
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(body);
  });
}

export type AdminServer = {
  server: ServerProcess;
  dataDir: string;
  /** The Cookie header of the admin's session. */
  adminCookie: string;
  /** Stops the server and removes its data directory. */
  stop: () => Promise<void>;
};

/**
 * The production server on a free port (SITE_URL its own address) over a new DATA_DIR, with the
 * admin account ADMIN_EMAIL/ADMIN_PASSWORD, signed in through /admin-login as the site's own form
 * would. `env` adds to (or overrides) the server's environment.
 */
export async function startServerWithAdmin(
  admin: { email: string; password: string },
  { dataDirPrefix, env = {} }: { dataDirPrefix?: string; env?: Record<string, string> } = {},
): Promise<AdminServer> {
  const dataDir = tempDir(dataDirPrefix);
  const port = String(await freePort());
  const server = await startServerProcess({
    PORT: port,
    SITE_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    ...env,
  });
  const stop = async () => {
    await stopServerProcess(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const signedIn = await fetch(`${server.url}/admin-login`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url, "sec-fetch-site": "same-origin" },
      body: new URLSearchParams({ intent: "sign-in", ...admin }),
    });
    const adminCookie = signedIn.headers
      .getSetCookie()
      .map((cookie) => cookie.split(";")[0])
      .join("; ");
    if (signedIn.status !== 200 || !/session_token=/.test(adminCookie)) {
      throw new Error(`Signing in as ${admin.email} answered ${signedIn.status} with cookies "${adminCookie}":\n${server.output()}`);
    }
    return { server, dataDir, adminCookie, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
