// npm run backup [-- --out FILE]
//
// Writes one archive (owner-only) of the database, the uploaded media and the session secret, with
// a manifest (server/backup/archive.server.ts). Safe while the site runs: PostgreSQL is read in one
// snapshot; PGlite, which only its server may open, is dumped by that server on request.
// Uses the same configuration as the server (DATA_DIR or DATABASE_URL, S3_*).
import path from "node:path";
import { parseArgs } from "node:util";
import { ConfigError, getEnv } from "~/lib/env.server";
import { BackupError } from "#server/backup/archive.server";
import { archiveName } from "#server/backup/schedule.server";
import { backupFromScript } from "#server/backup/source.server";

const usage = "Usage: npm run backup [-- --out FILE]";

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

let parsed;
try {
  parsed = parseArgs({ options: { out: { type: "string", short: "o" }, help: { type: "boolean", short: "h" } } });
} catch (error) {
  fail(`${(error as Error).message}\n${usage}`);
}
if (parsed.values.help) {
  console.log(usage);
  process.exit(0);
}
let env;
try {
  env = getEnv();
} catch (error) {
  fail(error instanceof ConfigError ? error.message : String(error));
}
const out = parsed.values.out ?? path.resolve(env.DATA_DIR, "backups", `manual-${archiveName(new Date())}`);
const started = performance.now();
try {
  const taken = await backupFromScript(env, out);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`Backup written to ${taken.path} (${(taken.sizeBytes / 1e6).toFixed(1)} MB, ${seconds} s, taken by ${taken.by}).`);
} catch (error) {
  fail(error instanceof BackupError ? error.message : `The backup failed: ${(error as Error).message}`);
}
