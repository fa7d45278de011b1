// The production server against odd and hostile requests, and what it leaves on disk: methods a
// page does not take, oversized bodies, a 403's status line, owner-only files under DATA_DIR, and
// configuration errors that must stop it without printing secrets.
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tempDir } from "../../scripts/support/databases";
import { freePort, startServerProcess, stopServerProcess, type ServerProcess } from "../../scripts/support/server-process";

type RawResponse = { status: number; statusMessage: string; headers: http.IncomingHttpHeaders; body: string };

/** One request with node:http (fetch hides the status line and refuses TRACE). */
function request(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: options.method ?? "GET", headers: options.headers }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode!, statusMessage: res.statusMessage!, headers: res.headers, body }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(options.body);
  });
}

/**
 * Posts `total` bytes of form data over a raw socket as fast as the server takes them, reading the
 * answer meanwhile, as curl does; stops sending once the server answers (it closes the connection
 * without reading the rest, so writes may then fail).
 */
/** Sends `total` bytes of body until the server answers; `sent` is how much went out before it did. */
function upload(
  url: string,
  headers: string[],
  total: number,
  chunked: boolean,
): Promise<{ status: number; body: string; sent: number }> {
  const { hostname, port, pathname } = new URL(url);
  let sent = 0;
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname);
    let received = "";
    let failed = false;
    socket.setEncoding("latin1");
    socket.on("data", (data: string) => (received += data));
    socket.on("error", () => (failed = true));
    socket.on("close", () => {
      const answer = /^HTTP\/1\.1 (\d{3}) [^\r]*\r\n[\s\S]*?\r\n\r\n([\s\S]*)$/.exec(received);
      if (answer) resolve({ status: Number(answer[1]), body: answer[2]!, sent });
      else reject(new Error(`no answer (${received.length} bytes)`));
    });
    const length = chunked ? "Transfer-Encoding: chunked" : `Content-Length: ${total}`;
    socket.write([`POST ${pathname} HTTP/1.1`, `Host: ${hostname}:${port}`, ...headers, length, "", ""].join("\r\n"));
    const data = Buffer.alloc(64 * 1024, "a");
    const frame = chunked ? Buffer.concat([Buffer.from(`${data.length.toString(16)}\r\n`), data, Buffer.from("\r\n")]) : data;
    // One chunk per turn of the event loop, so that an answer is read as soon as it arrives: a
    // server that refuses drops the rest as fast as it comes, and a loop that wrote while the socket
    // took more would send all of it before ever reading the answer.
    const pump = () => {
      if (failed) return;
      if (received !== "" || sent >= total) return void socket.end(chunked && received === "" ? "0\r\n\r\n" : "");
      sent += data.length;
      socket.write(frame, () => setImmediate(pump));
    };
    pump();
  });
}

/** Every path under `dir` whose permission bits are not owner-only (0700 directories, 0600 files). */
function notPrivate(dir: string): string[] {
  const found: string[] = [];
  const walk = (target: string) => {
    const stat = fs.lstatSync(target);
    const mode = stat.mode & 0o777;
    if (mode !== (stat.isDirectory() ? 0o700 : 0o600)) found.push(`${path.relative(dir, target) || "."} ${mode.toString(8)}`);
    if (stat.isDirectory()) for (const entry of fs.readdirSync(target)) walk(path.join(target, entry));
  };
  walk(dir);
  return found;
}

async function waitFor<T>(find: () => T | undefined, what: string): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("a running server", () => {
  let server: ServerProcess;
  let dataDir: string;
  const siteUrl = () => server.url;

  beforeAll(async () => {
    dataDir = tempDir("server-security-");
    // What an earlier version left: a world-readable directory and mail file.
    fs.chmodSync(dataDir, 0o755);
    fs.mkdirSync(path.join(dataDir, "mail"), { mode: 0o755 });
    fs.writeFileSync(path.join(dataDir, "mail", "old.eml"), "Subject: old\n", { mode: 0o644 });
    fs.chmodSync(path.join(dataDir, "mail"), 0o755);
    fs.chmodSync(path.join(dataDir, "mail", "old.eml"), 0o644);
    const port = await freePort();
    server = await startServerProcess({
      DATA_DIR: dataDir,
      PORT: String(port),
      SITE_URL: `http://127.0.0.1:${port}`,
      RATE_LIMIT_BOOKING_CANCEL_PER_CLIENT: "2/1h",
    });
  });
  afterAll(async () => {
    await stopServerProcess(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it.each([
    ["PUT", "/about", "GET, HEAD, POST"],
    ["PATCH", "/admin-login", "GET, HEAD, POST"],
    ["DELETE", "/admin-login", "GET, HEAD, POST"],
    ["DELETE", "/no-such-page", "GET, HEAD, POST"],
    ["OPTIONS", "/bootcamp", "GET, HEAD, POST"],
    ["TRACE", "/", "GET, HEAD, POST"],
    ["TRACE", "/api/auth/get-session", "GET, HEAD, POST, OPTIONS"],
    ["DELETE", "/api/auth/sign-out", "GET, HEAD, POST, OPTIONS"],
  ])("%s %s: 405 with a plain message and the route's methods in Allow", async (method, pathname, allow) => {
    const response = await request(`${siteUrl()}${pathname}`, { method });
    expect(response.status).toBe(405);
    expect(response.statusMessage).toBe("Method Not Allowed");
    expect(response.headers.allow).toBe(allow);
    expect(response.headers["content-type"]).toMatch(/^text\/plain/);
    expect(response.body).toBe(`${method} is not allowed here.\n`);
  });

  it("leaves the auth API its own methods", async () => {
    expect((await request(`${siteUrl()}/api/auth/get-session`)).status).toBe(200);
    expect((await request(`${siteUrl()}/api/auth/get-session`, { method: "OPTIONS" })).status).not.toBe(405);
  });

  it.each([
    ["declared with Content-Length", true],
    ["sent chunked", false],
  ])("refuses a 20 MB form %s with 413, without reading it into memory", async (_how, declared) => {
    const total = 20 * 1024 * 1024;
    const headers = [`Origin: ${siteUrl()}`, "Content-Type: application/x-www-form-urlencoded"];
    // Several in a row: a server that closes while the client is still sending resets the
    // connection, and the reset often wipes the 413 before the client reads it.
    for (let attempt = 1; attempt <= 5; attempt++) {
      const response = await upload(`${siteUrl()}/admin-login`, headers, total, !declared);
      expect(response.status).toBe(413);
      expect(response.body).toBe("The request body is larger than 1048576 bytes.\n");
      // The answer came while the body was still being sent: the server stopped reading at the
      // limit (what was sent beyond it sits in the kernel's socket buffers, a few MB at most)
      // instead of taking the whole body in and judging it afterwards.
      expect(response.sent).toBeLessThan(total);
    }
    // The server is still there for the next visitor.
    expect((await request(`${siteUrl()}/healthz`)).status).toBe(200);
  });

  it("refuses a 50 MB image upload to the blog editor as it streams: the image limit plus the form's", async () => {
    const total = 50 * 1024 * 1024;
    const headers = [`Origin: ${siteUrl()}`, "Content-Type: multipart/form-data; boundary=----b"];
    const response = await upload(`${siteUrl()}/admin/blog`, headers, total, true);
    expect(response.status).toBe(413);
    expect(response.body).toBe(`The request body is larger than ${1024 * 1024 + 8 * 1024 * 1024} bytes.\n`);
    // Answered at the limit's 9 MB, never after taking in the 50 MB sent.
    expect(response.sent).toBeLessThan(total);
    expect((await request(`${siteUrl()}/healthz`)).status).toBe(200);
  });

  it("still takes a form under the limit", async () => {
    const response = await request(`${siteUrl()}/admin-login`, {
      method: "POST",
      headers: { origin: siteUrl(), "content-type": "application/x-www-form-urlencoded" },
      body: `intent=sign-in&email=a%40b.test&password=${"x".repeat(500_000)}`,
    });
    expect(response.status).not.toBe(413);
    expect(response.status).toBeLessThan(500);
  });

  it("keeps DATA_DIR owner-only: the database, the signing key, and mail with its links", async () => {
    const signUp = await request(`${siteUrl()}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { origin: siteUrl(), "content-type": "application/json" },
      body: JSON.stringify({ email: "private@example.test", password: "private-password-1", name: "p" }),
    });
    expect(signUp.status).toBe(200);
    await waitFor(
      () => fs.readdirSync(path.join(dataDir, "mail")).find((file) => file.includes("account_verification") && file.endsWith(".eml")),
      "the verification mail",
    );
    expect(notPrivate(dataDir)).toEqual([]);
    expect(fs.existsSync(path.join(dataDir, "secret"))).toBe(true);
  });

  it("refuses a cancel page past the limit with the page, 429 and Retry-After", async () => {
    const open = () => request(`${siteUrl()}/booking/cancel/no-such-token`);
    for (let i = 0; i < 2; i++) expect((await open()).status).not.toBe(429);
    const refused = await open();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(refused.headers["cache-control"]).toBe("no-store");
    expect(refused.headers["content-type"]).toMatch(/^text\/html/);
  });

  it("says Forbidden in a 403's status line", async () => {
    const mailDir = path.join(dataDir, "mail");
    const file = fs.readdirSync(mailDir).find((name) => name.includes("account_verification"))!;
    const text = fs.readFileSync(path.join(mailDir, file), "utf8").replace(/=\r?\n/g, "").replace(/=3D/g, "=");
    const link = /http:\/\/\S+\/api\/auth\/verify-email\?token=[\w.-]+/.exec(text)![0];
    const verified = await request(link);
    const cookie = (verified.headers["set-cookie"] ?? []).map((value) => value.split(";")[0]).join("; ");
    expect(cookie).toContain("session_token=");
    const response = await request(`${siteUrl()}/admin/emails/00000000-0000-0000-0000-000000000000`, {
      method: "POST",
      headers: { origin: siteUrl(), cookie, "content-type": "application/x-www-form-urlencoded" },
      body: "intent=resend",
    });
    expect([response.status, response.statusMessage]).toEqual([403, "Forbidden"]);
  });
});

describe("configuration that stops the server", () => {
  it("a DATA_DIR/secret shorter than 32 characters stops the start with one clear line", async () => {
    const dataDir = tempDir("short-secret-");
    fs.writeFileSync(path.join(dataDir, "secret"), "too-short\n", { mode: 0o600 });
    const server = await startServerProcess({ DATA_DIR: dataDir, BETTER_AUTH_SECRET: "" });
    const { code } = await server.exited;
    expect(code).toBe(1);
    const lines = server.output().trim().split("\n");
    expect(lines.at(-1)).toContain(`${path.join(dataDir, "secret")} holds a secret shorter than 32 characters`);
    expect(server.output()).not.toContain("too-short");
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it.each([
    ["DATABASE_URL", "mysql://site:db-password-7@db.example/site"],
    ["SMTP_URL", "http://mailer:smtp-password-7@mail.example"],
    ["STRIPE_SECRET_KEY", "pk_live_stripe-secret-7"],
    ["BETTER_AUTH_SECRET", "short-auth-secret-7"],
  ])("a bad %s is named without its value", async (name, value) => {
    const server = await startServerProcess({ DATA_DIR: tempDir(), [name]: value, STRIPE_WEBHOOK_SECRET: "whsec_x" });
    expect((await server.exited).code).toBe(1);
    expect(server.output()).toMatch(new RegExp(`^Invalid configuration: ${name} must `));
    expect(server.output()).not.toContain(value.split(/[:@]/).find((part) => part.includes("7"))!);
  });
});

describe("a PGlite data directory after a crash", () => {
  it("is owner-only again once the server restarts (PGlite writes its relation cache 0644)", async () => {
    const dataDir = tempDir("crash-modes-");
    const first = await startServerProcess({ DATA_DIR: dataDir });
    expect((await request(`${first.url}/booking`)).status).toBe(200);
    first.child.kill("SIGKILL");
    await first.exited;
    const second = await startServerProcess({ DATA_DIR: dataDir });
    try {
      expect((await request(`${second.url}/booking`)).status).toBe(200);
      // The files the restart after a crash rewrites are there (the case this test is about).
      const base = path.join(dataDir, "pglite", "base");
      const relationCaches = fs.readdirSync(base).filter((db) => fs.existsSync(path.join(base, db, "pg_internal.init")));
      expect(relationCaches.length).toBeGreaterThan(0);
      expect(notPrivate(dataDir)).toEqual([]);
    } finally {
      await stopServerProcess(second);
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
