// The key Better Auth signs sessions and tokens with: BETTER_AUTH_SECRET when set, otherwise one
// generated on first start into DATA_DIR/secret (readable by the owner only) so it survives restarts.
// Several instances sharing one PostgreSQL database must share BETTER_AUTH_SECRET instead.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { ConfigError } from "./env.server";

const MIN_SECRET_LENGTH = 32;

export function resolveAuthSecret(options: { configured?: string; dataDir: string }): string {
  if (options.configured) return options.configured;
  const file = path.resolve(options.dataDir, "secret");
  const stored = readSecret(file);
  if (stored !== undefined) return stored;

  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const generated = crypto.randomBytes(32).toString("base64url");
  // Written whole under a temporary name, then linked into place: a crash never leaves a partial
  // secret, and if another process linked its own first, theirs is kept.
  const temporary = `${file}.${process.pid}.${crypto.randomBytes(4).toString("hex")}.tmp`;
  fs.writeFileSync(temporary, `${generated}\n`, { mode: 0o600, flag: "wx" });
  try {
    fs.linkSync(temporary, file);
    return generated;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    return readSecret(file)!;
  } finally {
    fs.rmSync(temporary, { force: true });
  }
}

/** The stored secret, or undefined when there is none yet. A short one is an error, not replaced:
 * replacing it would sign everyone out, and it may be a file the operator wrote by hand. */
function readSecret(file: string): string | undefined {
  let stored: string;
  try {
    stored = fs.readFileSync(file, "utf8").trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
  if (stored.length < MIN_SECRET_LENGTH) {
    throw new ConfigError(
      `${file} holds a secret shorter than ${MIN_SECRET_LENGTH} characters: put a longer one in it ` +
        "(e.g. `openssl rand -base64 32`), or delete it to have one generated (this signs everyone out).",
    );
  }
  return stored;
}
