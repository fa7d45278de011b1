// The blog feature's data access (it owns blog_posts). Other features and routes ask through
// these functions: the sitemap lists published posts, the admin dashboard counts them.
import { and, count, desc, eq, isNotNull } from "drizzle-orm";
import { getDb, type Executor } from "#server/db/client.server";
import { blogPosts } from "#server/db/schema";

/** Published posts, newest first: what the sitemap lists. */
export async function listPublishedPostSlugs(executor: Executor = getDb()) {
  return executor
    .select({ slug: blogPosts.slug, updatedAt: blogPosts.updatedAt })
    .from(blogPosts)
    .where(and(eq(blogPosts.status, "published"), isNotNull(blogPosts.publishedAt)))
    .orderBy(desc(blogPosts.publishedAt));
}

/** Every post, drafts included. */
export async function countPosts(executor: Executor = getDb()): Promise<number> {
  const [row] = await executor.select({ value: count() }).from(blogPosts);
  return row?.value ?? 0;
}
