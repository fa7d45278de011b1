// npm run seed: sample data for trying the site, safe to run again (it changes nothing the second
// time). Today: the approved sample affiliate SAMPLE001 that /affiliate-test links to.
// Uses the same configuration as the server (DATA_DIR or DATABASE_URL); with the embedded
// database, stop the server first (one process at a time).
import { ensureSampleAffiliate, SAMPLE_AFFILIATE_CODE } from "~/features/affiliates/sample.server";
import { ConfigError, getEnv } from "~/lib/env.server";
import { openDatabase, setDatabase } from "#server/db/client.server";
import { DatabaseLockedError } from "#server/db/pglite-lock.server";

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

let env;
try {
  env = getEnv();
} catch (error) {
  fail(error instanceof ConfigError ? error.message : String(error));
}

let database;
try {
  database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
} catch (error) {
  if (error instanceof DatabaseLockedError) fail(`${error.message}\nThe embedded database can only be opened by one process: stop the running server first.`);
  throw error;
}
setDatabase(database.db);
try {
  const { created } = await ensureSampleAffiliate();
  console.log(created ? `Created the approved sample affiliate ${SAMPLE_AFFILIATE_CODE}.` : `The sample affiliate ${SAMPLE_AFFILIATE_CODE} is already there.`);
} finally {
  setDatabase(undefined);
  await database.close();
}
