// PGlite is an in-process database: two processes opening the same directory corrupt it. The lock
// is a file created exclusively, naming its owner so that a newcomer can tell a live owner (refuse)
// from a dead one (take over), because a crash (SIGKILL, OOM, power loss) must never block the
// next start. A pid alone cannot tell: in a container the server is PID 1 on every start, and a
// dead owner's pid may belong to another program by now. So the lock also holds:
// - a random token per process, so a process never mistakes its own earlier incarnation for itself;
// - the owner's start time (/proc/<pid>/stat field 22) and the boot id, so a reused pid is told apart;
// - the owner's PID namespace: pids from another one (another container sharing DATA_DIR) mean
//   nothing here, so for those the owner's heartbeat (the file's mtime, touched every 2 s) decides.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

export class DatabaseLockedError extends Error {
  override name = "DatabaseLockedError";
}

export const LOCK_FILE_NAME = "postmaster.lock.json";
const HEARTBEAT_MS = 2_000;
/** A lock from another PID namespace whose heartbeat is older than this is a dead owner's. */
const HEARTBEAT_STALE_MS = 3 * HEARTBEAT_MS;

type LockOwner = {
  pid: number;
  token?: string;
  startTime?: string | null;
  bootId?: string | null;
  pidNamespace?: string | null;
};

// Kept on globalThis: a module loaded twice in one process (the dev server reloads modules) is
// still one process.
const holder = globalThis as typeof globalThis & { __pgliteLockToken?: string };
holder.__pgliteLockToken ??= crypto.randomBytes(16).toString("hex");
const processToken = holder.__pgliteLockToken;

function readOrNull(read: () => string): string | null {
  try {
    return read().trim();
  } catch {
    return null; // not Linux, or no /proc: those checks are skipped
  }
}

/** Field 22 of /proc/<pid>/stat: when the process started, in clock ticks since boot. */
function startTimeOf(pid: number): string | null {
  const stat = readOrNull(() => fs.readFileSync(`/proc/${pid}/stat`, "utf8"));
  // The command name (field 2) may hold spaces and parentheses; fields 3… follow the last ")".
  return stat?.slice(stat.lastIndexOf(")") + 2).split(" ")[19] ?? null;
}

const bootId = () => readOrNull(() => fs.readFileSync("/proc/sys/kernel/random/boot_id", "utf8"));
const pidNamespace = () => readOrNull(() => fs.readlinkSync("/proc/self/ns/pid"));

function exists(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Creates the lock file with its whole content in one step, or returns false if it exists. */
function tryCreate(lockFile: string): boolean {
  const owner: LockOwner & { since: Date } = {
    pid: process.pid,
    token: processToken,
    startTime: startTimeOf(process.pid),
    bootId: bootId(),
    pidNamespace: pidNamespace(),
    since: new Date(),
  };
  // Written under a private name and linked into place, so a reader never sees half a lock.
  const temporary = `${lockFile}.${processToken}.tmp`;
  fs.writeFileSync(temporary, JSON.stringify(owner), { mode: 0o600 });
  try {
    fs.linkSync(temporary, lockFile);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  } finally {
    fs.rmSync(temporary, { force: true });
  }
}

type FoundLock = { owner: LockOwner | null; text: string; mtimeMs: number };

function readLock(lockFile: string): FoundLock | undefined {
  let text: string;
  let mtimeMs: number;
  try {
    text = fs.readFileSync(lockFile, "utf8");
    mtimeMs = fs.statSync(lockFile).mtimeMs;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
  try {
    const owner = JSON.parse(text) as LockOwner;
    return { owner: Number.isInteger(owner.pid) && owner.pid > 0 ? owner : null, text, mtimeMs };
  } catch {
    return { owner: null, text, mtimeMs }; // unreadable: nobody can be shown to own it
  }
}

/** Whether the process that wrote `owner` (in this PID namespace) is still running. */
function ownerRunsHere(owner: LockOwner): boolean {
  if (owner.pid === process.pid) return false; // we are that pid, and the token is not ours
  if (!exists(owner.pid)) return false;
  const startTime = owner.startTime ? startTimeOf(owner.pid) : null;
  return startTime === null || startTime === owner.startTime;
}

/**
 * Watches the heartbeat of an owner in another PID namespace: "alive" once it is touched, "stale"
 * when it has not been for HEARTBEAT_STALE_MS, "changed" when the lock was released or replaced.
 */
async function watchHeartbeat(lockFile: string, found: FoundLock): Promise<"alive" | "stale" | "changed"> {
  while (Date.now() - found.mtimeMs < HEARTBEAT_STALE_MS) {
    await new Promise((resolve) => setTimeout(resolve, HEARTBEAT_MS / 4));
    const now = readLock(lockFile);
    if (now?.text !== found.text) return "changed";
    if (now.mtimeMs !== found.mtimeMs) return "alive";
  }
  return "stale";
}

/** Takes the lock on `dir`; returns the function that releases it. */
export async function acquireDirectoryLock(dir: string): Promise<() => void> {
  const lockFile = path.join(dir, LOCK_FILE_NAME);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const here = { bootId: bootId(), pidNamespace: pidNamespace() };
  for (let attempt = 0; attempt < 5; attempt++) {
    if (tryCreate(lockFile)) return holdLock(lockFile);
    const found = readLock(lockFile);
    if (!found) continue; // released meanwhile
    const { owner } = found;
    if (owner) {
      if (owner.token === processToken) {
        throw new DatabaseLockedError(`The database directory ${dir} is already open in this process.`);
      }
      const inUse = `The database directory ${dir} is in use by another process (pid ${owner.pid})`;
      const rebooted = Boolean(owner.bootId && here.bootId && owner.bootId !== here.bootId);
      // A lock from before this format has no namespace: its pid is read as one of ours.
      const sameNamespace = (owner.pidNamespace ?? here.pidNamespace) === here.pidNamespace;
      if (!rebooted && sameNamespace && ownerRunsHere(owner)) {
        throw new DatabaseLockedError(`${inUse}; stop it or set DATA_DIR to another directory.`);
      }
      if (!rebooted && !sameNamespace) {
        const heartbeat = await watchHeartbeat(lockFile, found);
        if (heartbeat === "changed") continue;
        if (heartbeat === "alive") {
          throw new DatabaseLockedError(
            `${inUse} in another container or PID namespace; stop it or set DATA_DIR to another directory.`,
          );
        }
      }
    }
    fs.rmSync(lockFile, { force: true });
  }
  throw new DatabaseLockedError(`Could not lock the database directory ${dir}.`);
}

function holdLock(lockFile: string): () => void {
  const heartbeat = setInterval(() => {
    const now = new Date();
    try {
      fs.utimesSync(lockFile, now, now);
    } catch {
      // Removed by hand: nothing to keep fresh (the database itself is unaffected).
    }
  }, HEARTBEAT_MS);
  heartbeat.unref();
  let released = false;
  return () => {
    if (released) return;
    released = true;
    clearInterval(heartbeat);
    fs.rmSync(lockFile, { force: true });
  };
}
