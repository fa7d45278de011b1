// Integration tests run against every database the site supports: a fresh PGlite in a temporary
// directory always, and a fresh PostgreSQL database (created next to TEST_DATABASE_URL's, dropped
// afterwards) when TEST_DATABASE_URL is set. Use with describe.each(testDatabases).
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { openDatabase, setDatabase, type OpenDatabase } from "#server/db/client.server";

export type TestDatabase = OpenDatabase & { name: string; dataDir: string };

export const testDatabases: Array<{ name: "pglite" | "postgres"; open: () => Promise<TestDatabase> }> = [
  { name: "pglite", open: openPglite },
  ...(process.env.TEST_DATABASE_URL ? [{ name: "postgres" as const, open: openPostgres }] : []),
];

export function tempDir(prefix = "site-test-") {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

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

/** A new, empty PostgreSQL database on TEST_DATABASE_URL's server; its URL. */
export async function createPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `site_test_${crypto.randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
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
