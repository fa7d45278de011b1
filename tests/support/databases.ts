// Integration tests run against every database the site supports: a fresh PGlite in a temporary
// directory always, and a fresh PostgreSQL database (created next to TEST_DATABASE_URL's, dropped
// afterwards) when TEST_DATABASE_URL is set. Use with describe.each(testDatabases).
import fs from "node:fs";
import { openDatabase, setDatabase, type OpenDatabase } from "#server/db/client.server";
import { createPostgresDatabase, tempDir } from "../../scripts/support/databases";
import { hasTestPostgres } from "./environment";

export type TestDatabase = OpenDatabase & { name: string; dataDir: string };

export const testDatabases: Array<{ name: "pglite" | "postgres"; open: () => Promise<TestDatabase> }> = [
  { name: "pglite", open: openPglite },
  ...(hasTestPostgres() ? [{ name: "postgres" as const, open: openPostgres }] : []),
];

async function openPglite(): Promise<TestDatabase> {
  const dataDir = tempDir();
  const database = await openDatabase({ dataDir });
  setDatabase(database.db);
  return {
    ...database,
    name: "pglite",
    dataDir,
    close: async () => {
      setDatabase(undefined);
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function openPostgres(): Promise<TestDatabase> {
  const created = await createPostgresDatabase();
  const dataDir = tempDir();
  const database = await openDatabase({ databaseUrl: created.url, dataDir });
  setDatabase(database.db);
  return {
    ...database,
    name: "postgres",
    dataDir,
    close: async () => {
      setDatabase(undefined);
      await database.close();
      await created.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
