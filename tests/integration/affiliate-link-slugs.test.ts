// Every partner link has a shareable address: links saved before slugs were generated (a null
// custom_slug) get one from the migration that makes the column required, on each database.
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { migrationsFolder } from "#server/db/client.server";
import { createPostgresDatabase, tempDir } from "../../scripts/support/databases";
import { hasTestPostgres } from "../support/environment";

const SLUG_MIGRATION = /_affiliate_link_slugs$/;

type Journal = { entries: Array<{ tag: string }> };

/** The migrations folder as it was before the slug migration: the journal cut just before it. */
function migrationsBeforeSlugs(): string {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, "meta", "_journal.json"), "utf8")) as Journal;
  const index = journal.entries.findIndex((entry) => SLUG_MIGRATION.test(entry.tag));
  expect(index, "the migration *_affiliate_link_slugs").toBeGreaterThan(0);
  const folder = tempDir("migrations-before-slugs-");
  fs.cpSync(migrationsFolder, folder, { recursive: true });
  fs.writeFileSync(path.join(folder, "meta", "_journal.json"), JSON.stringify({ ...journal, entries: journal.entries.slice(0, index) }));
  return folder;
}

type Query = (text: string) => Promise<{ rows: Array<Record<string, unknown>> }>;

async function seedOldLinks(query: Query) {
  await query(`insert into users (id, name, email, email_verified) values ('old-partner', 'Old', 'old@example.test', true)`);
  await query(`insert into affiliates (id, user_id, affiliate_code, status) values ('00000000-0000-4000-8000-000000000001', 'old-partner', 'OLDCODE2', 'approved')`);
  await query(`insert into affiliate_links (affiliate_id, name, custom_slug) values
    ('00000000-0000-4000-8000-000000000001', 'Chosen', 'chosen-slug'),
    ('00000000-0000-4000-8000-000000000001', 'First without', null),
    ('00000000-0000-4000-8000-000000000001', 'Second without', null)`);
}

async function expectEveryLinkAddressed(query: Query) {
  const { rows } = await query(`select name, custom_slug from affiliate_links order by name`);
  expect(rows.find((row) => row.name === "Chosen")!.custom_slug).toBe("chosen-slug");
  const generated = rows.filter((row) => row.name !== "Chosen").map((row) => row.custom_slug as string);
  expect(generated).toHaveLength(2);
  for (const slug of generated) expect(slug).toMatch(/^link-[a-f0-9]{12}$/);
  expect(new Set(generated).size).toBe(2);
  await expect(query(`insert into affiliate_links (affiliate_id, name) values ('00000000-0000-4000-8000-000000000001', 'Null again')`)).rejects.toThrow();
}

describe("the affiliate link slug migration", () => {
  const cleanups: Array<() => Promise<void> | void> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it("gives every existing link without a slug one, and then requires it (PGlite)", async () => {
    const before = migrationsBeforeSlugs();
    cleanups.push(() => fs.rmSync(before, { recursive: true, force: true }));
    const client = new PGlite();
    cleanups.push(() => client.close());
    const db = drizzlePglite(client);
    await migratePglite(db, { migrationsFolder: before });
    const query: Query = (text) => client.query(text);
    await seedOldLinks(query);
    await migratePglite(db, { migrationsFolder });
    await expectEveryLinkAddressed(query);
  });

  it.runIf(hasTestPostgres())("gives every existing link without a slug one, and then requires it (PostgreSQL)", async () => {
    const before = migrationsBeforeSlugs();
    cleanups.push(() => fs.rmSync(before, { recursive: true, force: true }));
    const created = await createPostgresDatabase();
    cleanups.push(created.drop);
    const client = new pg.Client({ connectionString: created.url });
    await client.connect();
    cleanups.push(() => client.end());
    const db = drizzlePg(client);
    await migratePg(db, { migrationsFolder: before });
    const query: Query = (text) => client.query(text);
    await seedOldLinks(query);
    await migratePg(db, { migrationsFolder });
    await expectEveryLinkAddressed(query);
  });
});
