// Creates a new PGlite database (PostgreSQL's initdb) in a directory of its own, then exits:
// `node server/db/create-pglite-cluster.ts <directory> <settings as JSON>`. The server runs it as a
// child process on its first start (client.server.ts): PGlite runs initdb in a second WebAssembly
// instance inside the calling process, and the 100-130 MB it leaves there are never given back,
// while a server that opens an existing database never needs them (decision 034). The server
// applies the migrations itself, as on every start. Run by Node itself (its type stripping),
// outside the bundle: it imports one package.
import { PGlite } from "@electric-sql/pglite";

const [directory, settings] = process.argv.slice(2);
if (!directory || !settings) {
  console.error("usage: create-pglite-cluster.ts <directory> <settings as JSON>");
  process.exit(2);
}

const client = new PGlite(directory, { startParams: [...PGlite.defaultStartParams, ...(JSON.parse(settings) as string[])] });
try {
  await client.waitReady;
} finally {
  await client.close();
}
