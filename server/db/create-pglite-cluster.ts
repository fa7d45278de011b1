// Creates a new PGlite database (PostgreSQL's initdb) in a directory of its own, then exits:
// `node server/db/create-pglite-cluster.ts <directory> <settings as JSON>`; with a third argument,
// the migrations folder, it instead opens that new database and applies the migrations. The server
// runs it twice, one child after the other, on its first start (client.server.ts): PGlite runs
// initdb in a second WebAssembly instance inside the calling process, and the 100-130 MB it leaves
// there are never given back; creating every table grows the database's heap by 20-40 MB more, for
// good (decision 037). A server that opens a migrated database needs neither. Run by Node itself
// (its type stripping), outside the bundle: it imports two packages.
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";

const [directory, settings, migrationsFolder] = process.argv.slice(2);
if (!directory || !settings) {
  console.error("usage: create-pglite-cluster.ts <directory> <settings as JSON> [migrations folder]");
  process.exit(2);
}

const client = new PGlite(directory, { startParams: [...PGlite.defaultStartParams, ...(JSON.parse(settings) as string[])] });
try {
  await client.waitReady;
  if (migrationsFolder) await migrate(drizzle(client), { migrationsFolder });
} finally {
  await client.close();
}
