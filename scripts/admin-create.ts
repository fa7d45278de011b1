// npm run admin:create -- EMAIL [--password P]
//
// Creates an admin account, or promotes an existing account to admin (DESIGN.md section 5). The
// address is marked verified: the operator running this vouches for it. Without --password a new
// account gets a generated password, printed once. An existing account keeps its password only if
// its address was verified; otherwise anyone could have registered it, so its password is replaced
// (the one given, or a generated one) and its sessions are signed out.
// Uses the same configuration as the server (DATA_DIR or DATABASE_URL).
import { parseArgs } from "node:util";
import { z } from "zod";
import { ensureAdmin } from "~/features/auth/bootstrap.server";
import { ConfigError, getEnv } from "~/lib/env.server";
import { openDatabase, setDatabase } from "#server/db/client.server";
import { DatabaseLockedError } from "#server/db/pglite-lock.server";

const usage = "Usage: npm run admin:create -- EMAIL [--password PASSWORD]";

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

async function main() {
  let parsed;
  try {
    parsed = parseArgs({
      allowPositionals: true,
      options: { password: { type: "string", short: "p" }, help: { type: "boolean", short: "h" } },
    });
  } catch (error) {
    fail(`${(error as Error).message}\n${usage}`);
  }
  if (parsed.values.help) {
    console.log(usage);
    return;
  }
  const [rawEmail, ...extra] = parsed.positionals;
  if (!rawEmail || extra.length > 0) fail(usage);
  const email = z.email().safeParse(rawEmail.trim());
  if (!email.success) fail(`"${rawEmail}" is not an e-mail address.\n${usage}`);

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
    if (error instanceof DatabaseLockedError) {
      fail(
        `${error.message}\nThe embedded database can only be opened by one process: stop the running server ` +
          "first, or set ADMIN_EMAIL and ADMIN_PASSWORD and restart it to create the admin at start.",
      );
    }
    throw error;
  }
  setDatabase(database.db);
  try {
    const password = parsed.values.password;
    const result = await ensureAdmin({ email: email.data, password });
    const address = email.data.toLowerCase();
    if (result.created) {
      console.log(`Created admin account ${address}.`);
    } else if (result.verifiedNow) {
      console.log(`${address} is now an admin (e-mail marked verified).`);
      console.log(
        "The address had not been confirmed, so anyone could have registered it: its password was replaced and its sessions were signed out.",
      );
    } else {
      console.log(`${address} is now an admin.`);
      if (result.passwordChanged) console.log("Its password was changed and its sessions were signed out.");
      else if (password === undefined) console.log("Its password is unchanged.");
    }
    if (result.generatedPassword) console.log(`Generated password (shown once): ${result.generatedPassword}`);
  } catch (error) {
    fail(`Could not create the admin: ${(error as Error).message}`);
  } finally {
    setDatabase(undefined);
    await database.close();
  }
}

await main();
