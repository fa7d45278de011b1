// Test-only: writes the e2e posts (blog-data.ts) into the e2e server's fresh data directory before
// the server starts (playwright.config.ts's webServer command runs it first). Never part of the site.
import { openDatabase } from "#server/db/client.server";
import { insertPost } from "../support/blog";
import { DRAFT_POST, READER_POST } from "./blog-data";

const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error("seed-blog.ts needs DATA_DIR (the e2e server's data directory)");

const database = await openDatabase({ dataDir });
try {
  await insertPost(database.db, { ...READER_POST, publishedAt: new Date("2026-03-02T15:00:00Z") });
  await insertPost(database.db, { ...DRAFT_POST, status: "draft" });
} finally {
  await database.close();
}
