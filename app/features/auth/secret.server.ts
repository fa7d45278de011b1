// The key Better Auth signs sessions and tokens with: BETTER_AUTH_SECRET when set, otherwise one
// generated on first start into DATA_DIR/secret (readable by the owner only) so it survives restarts.
// Several instances sharing one PostgreSQL database must share BETTER_AUTH_SECRET instead.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

export function resolveAuthSecret(options: { configured?: string; dataDir: string }): string {
  if (options.configured) return options.configured;
  const file = path.resolve(options.dataDir, "secret");
  try {
    const stored = fs.readFileSync(file, "utf8").trim();
    if (stored.length >= 32) return stored;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const generated = crypto.randomBytes(32).toString("base64url");
  try {
    // "wx": if another process wrote it first, keep theirs.
    fs.writeFileSync(file, `${generated}\n`, { mode: 0o600, flag: "wx" });
    return generated;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    return fs.readFileSync(file, "utf8").trim();
  }
}
