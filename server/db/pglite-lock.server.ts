// PGlite is an in-process database: two processes opening the same directory corrupt it. The lock
// is a file created exclusively (O_EXCL) holding the owner's pid; a lock left by a process that no
// longer exists (killed with SIGKILL, say) is taken over, so a crash never blocks the next start.
import fs from "node:fs";
import path from "node:path";

export class DatabaseLockedError extends Error {
  override name = "DatabaseLockedError";
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Takes the lock on `dir`; returns the function that releases it. */
export function acquireDirectoryLock(dir: string): () => void {
  const lockFile = path.join(dir, "postmaster.lock.json");
  fs.mkdirSync(dir, { recursive: true });
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(lockFile, JSON.stringify({ pid: process.pid, since: new Date() }), {
        flag: "wx",
      });
      let released = false;
      return () => {
        if (released) return;
        released = true;
        fs.rmSync(lockFile, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      let owner: number | undefined;
      try {
        owner = Number(JSON.parse(fs.readFileSync(lockFile, "utf8")).pid);
      } catch {
        // A half-written or unreadable lock file: treat as stale.
      }
      if (owner && owner !== process.pid && isAlive(owner)) {
        throw new DatabaseLockedError(
          `The database directory ${dir} is in use by another process (pid ${owner}); stop it or set DATA_DIR to another directory.`,
        );
      }
      if (owner === process.pid) {
        throw new DatabaseLockedError(
          `The database directory ${dir} is already open in this process.`,
        );
      }
      fs.rmSync(lockFile, { force: true });
    }
  }
  throw new DatabaseLockedError(`Could not lock the database directory ${dir}.`);
}
