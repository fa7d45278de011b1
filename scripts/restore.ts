// npm run restore -- FILE [--force]
//
// Restores a backup archive (npm run backup) into this configuration's database (DATA_DIR's PGlite
// or DATABASE_URL's PostgreSQL, either from either) and media store, then checks the row counts and
// media checksums against the archive's manifest. Refuses a target that holds anything unless
// --force (which replaces it), and a damaged archive before changing anything. Stop the server first.
import { parseArgs } from "node:util";
import { ConfigError, getEnv } from "~/lib/env.server";
import { BackupError, restoreBackup } from "#server/backup/archive.server";
import { configuredMedia } from "#server/backup/schedule.server";

const usage = "Usage: npm run restore -- FILE [--force]";

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

let parsed;
try {
  parsed = parseArgs({ allowPositionals: true, options: { force: { type: "boolean" }, help: { type: "boolean", short: "h" } } });
} catch (error) {
  fail(`${(error as Error).message}\n${usage}`);
}
if (parsed.values.help) {
  console.log(usage);
  process.exit(0);
}
const [file, ...extra] = parsed.positionals;
if (!file || extra.length > 0) fail(usage);
let env;
try {
  env = getEnv();
} catch (error) {
  fail(error instanceof ConfigError ? error.message : String(error));
}
try {
  const restored = await restoreBackup(file, { dataDir: env.DATA_DIR, databaseUrl: env.DATABASE_URL, media: configuredMedia(env), force: parsed.values.force });
  const { manifest } = restored;
  console.log(`Restored ${file} (taken ${manifest.createdAt} from ${manifest.database.kind}) into ${restored.database === "postgres" ? "PostgreSQL (DATABASE_URL)" : `PGlite in ${env.DATA_DIR}`}:`);
  for (const [table, rows] of Object.entries(restored.rows)) console.log(`  ${table}: ${rows} rows`);
  console.log(`  media: ${restored.mediaFiles} files${env.S3_BUCKET ? ` in s3://${env.S3_BUCKET}` : ""}, checksums match`);
  console.log(`  session secret: ${restored.secret ? "restored" : "none in the archive (BETTER_AUTH_SECRET was set)"}`);
  if (restored.migratedFrom !== restored.migratedTo) console.log(`  schema migrated from ${restored.migratedFrom} to ${restored.migratedTo}`);
  console.log("Row counts and checksums match the archive's manifest.");
} catch (error) {
  fail(error instanceof BackupError ? error.message : `The restore failed: ${(error as Error).message}`);
}
