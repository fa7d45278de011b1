// The PGlite directory lock between processes: a live owner is refused with a clear message, a dead
// one is taken over — also when its pid now belongs to someone else (PID 1 in a container, a pid
// reused by another program), and across PID namespaces (containers sharing DATA_DIR).
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { acquireDirectoryLock, DatabaseLockedError, LOCK_FILE_NAME } from "#server/db/pglite-lock.server";
import { tempDir } from "../../scripts/support/databases";
import { startServerProcess } from "../../scripts/support/server-process";
import { available } from "../support/environment";

const lockModule = pathToFileURL(path.resolve("server/db/pglite-lock.server.ts")).href;
const children: ChildProcess[] = [];
const dirs: string[] = [];

afterEach(() => {
  for (const child of children.splice(0)) child.kill("SIGKILL");
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function lockDir() {
  const dir = tempDir("pglite-lock-");
  dirs.push(dir);
  return path.join(dir, "pglite");
}

function writeLock(dir: string, content: object) {
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, LOCK_FILE_NAME), JSON.stringify(content));
}

/** Another process that takes the lock on `dir` and holds it until killed (optionally wrapped). */
async function holdLockElsewhere(dir: string, wrapper: string[] = []): Promise<ChildProcess> {
  const script = `const { acquireDirectoryLock } = await import(${JSON.stringify(lockModule)});
    await acquireDirectoryLock(${JSON.stringify(dir)}); console.log("locked"); setInterval(() => {}, 60_000);`;
  const command = [...wrapper, process.execPath, "--input-type=module", "-e", script];
  const child = spawn(command[0]!, command.slice(1), { stdio: ["ignore", "pipe", "inherit"] });
  children.push(child);
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on("data", (chunk: Buffer) => chunk.toString().includes("locked") && resolve());
    child.on("exit", (code) => reject(new Error(`lock holder exited with ${code}`)));
  });
  return child;
}

async function exited(child: ChildProcess) {
  if (child.exitCode === null && child.signalCode === null) await new Promise((resolve) => child.once("exit", resolve));
}

const canUnshare = available(
  "PID namespaces (`unshare --pid --fork --mount-proc`)",
  spawnSync("unshare", ["--pid", "--fork", "--mount-proc", "true"]).status === 0,
);

describe("PGlite directory lock", () => {
  it("refuses a second open in this process, and a live process elsewhere, with a clear message", async () => {
    const dir = lockDir();
    const release = await acquireDirectoryLock(dir);
    await expect(acquireDirectoryLock(dir)).rejects.toThrow(/is already open in this process/);
    release();

    const other = await holdLockElsewhere(dir);
    const refused = acquireDirectoryLock(dir);
    await expect(refused).rejects.toThrow(DatabaseLockedError);
    await expect(acquireDirectoryLock(dir)).rejects.toThrow(
      new RegExp(`is in use by another process \\(pid ${other.pid}\\); stop it or set DATA_DIR`),
    );
    other.kill("SIGKILL");
    await exited(other);
    (await acquireDirectoryLock(dir))();
  });

  it.each([
    ["as the old version wrote it", (pid: number) => ({ pid, since: new Date() })],
    ["with another process's token", (pid: number) => ({ pid, token: "earlier-process", since: new Date() })],
  ])("takes over a lock naming this process's own pid (PID 1 again after a crash), %s", async (_how, lock) => {
    const dir = lockDir();
    writeLock(dir, lock(process.pid));
    const release = await acquireDirectoryLock(dir);
    expect(JSON.parse(fs.readFileSync(path.join(dir, LOCK_FILE_NAME), "utf8")).pid).toBe(process.pid);
    release();
  });

  it("takes over a lock whose pid now belongs to another program", async () => {
    const dir = lockDir();
    const other = spawn("sleep", ["60"]);
    children.push(other);
    const own = JSON.parse(fs.readFileSync(await acquireAndRead(lockDir()), "utf8"));
    // The dead owner's lock: same machine and namespace, but a start time the live pid does not have.
    writeLock(dir, { ...own, pid: other.pid, token: "dead-owner", startTime: "12345" });
    (await acquireDirectoryLock(dir))();
  });

  it.runIf(canUnshare)(
    "across PID namespaces: refuses an owner whose heartbeat goes on, takes over once it stops",
    async () => {
      const dir = lockDir();
      // Pid 1 in its own namespace, like a second container on the same volume.
      const other = await holdLockElsewhere(dir, ["unshare", "--pid", "--fork", "--mount-proc", "--kill-child"]);
      expect(JSON.parse(fs.readFileSync(path.join(dir, LOCK_FILE_NAME), "utf8")).pid).toBe(1);
      await expect(acquireDirectoryLock(dir)).rejects.toThrow(/in use by another process \(pid 1\) in another container/);
      other.kill("SIGKILL");
      await exited(other);
      (await acquireDirectoryLock(dir))();
    },
    30_000,
  );
});

async function acquireAndRead(dir: string) {
  const release = await acquireDirectoryLock(dir);
  const copy = `${dir}.copy.json`;
  fs.copyFileSync(path.join(dir, LOCK_FILE_NAME), copy);
  release();
  return copy;
}

// The container case end to end: the server is PID 1, is killed with SIGKILL, and starts again.
describe("a server that runs as PID 1", () => {
  // unshare blocks SIGTERM while it waits, so signals go to the server itself (its pid out here).
  const serverPid = (unshare: ChildProcess) =>
    Number(fs.readFileSync(`/proc/${unshare.pid}/task/${unshare.pid}/children`, "utf8").trim());
  const asPid1 = ["unshare", "--pid", "--fork", "--mount-proc", "--kill-child"];

  it.skipIf(!canUnshare)("starts again after being killed with SIGKILL", async () => {
    const dataDir = tempDir("pid1-");
    dirs.push(dataDir);
    const lockFile = path.join(dataDir, "pglite", LOCK_FILE_NAME);
    const first = await startServerProcess({ DATA_DIR: dataDir }, { prefix: asPid1 });
    try {
      expect((await fetch(`${first.url}/healthz`)).status, first.output()).toBe(200);
      expect(JSON.parse(fs.readFileSync(lockFile, "utf8")).pid).toBe(1);
      process.kill(serverPid(first.child), "SIGKILL");
      await first.exited;
    } finally {
      first.child.kill("SIGKILL");
    }
    expect(JSON.parse(fs.readFileSync(lockFile, "utf8")).pid).toBe(1); // left behind

    const second = await startServerProcess({ DATA_DIR: dataDir }, { prefix: asPid1 });
    try {
      const health = await fetch(`${second.url}/healthz`).catch(() => undefined);
      expect(health?.status, second.output()).toBe(200);
      process.kill(serverPid(second.child), "SIGTERM");
      expect((await second.exited).code).toBe(0);
      expect(fs.existsSync(lockFile)).toBe(false);
    } finally {
      second.child.kill("SIGKILL");
    }
  }, 120_000);
});
