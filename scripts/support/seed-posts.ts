// The five seed posts written into a data directory before a server opens it (PGlite admits one
// process): what the benchmark and Lighthouse measure the blog's pages on.
import { upsertSeedPosts } from "~/features/blog/admin-data.server";
import { seedPosts } from "~/features/blog/seed-posts";
import { openDatabase } from "#server/db/client.server";

/** A seed post's page, the one the measurements open. */
export const SEEDED_POST_PATH = `/blog/${seedPosts[0]!.slug}`;

export async function writeSeedPosts(dataDir: string, databaseUrl?: string) {
  const database = await openDatabase({ dataDir, databaseUrl });
  try {
    await upsertSeedPosts(seedPosts, null, new Date(), database.db);
  } finally {
    await database.close();
  }
}
