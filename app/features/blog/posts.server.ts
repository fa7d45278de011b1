// The blog feature's data access (it owns blog_posts). Other features and routes ask through
// these functions: the sitemap lists published posts, the admin dashboard counts them. Only a
// post with status published (and so a published_at) is public; a draft is "not found".
import { and, count, desc, eq, isNotNull } from "drizzle-orm";
import { getDb, type Executor } from "#server/db/client.server";
import { blogPosts } from "./schema";

const isPublished = and(eq(blogPosts.status, "published"), isNotNull(blogPosts.publishedAt));

/** Published posts, newest first: what the sitemap lists. */
export async function listPublishedPostSlugs(executor: Executor = getDb()) {
  return executor
    .select({ slug: blogPosts.slug, updatedAt: blogPosts.updatedAt })
    .from(blogPosts)
    .where(isPublished)
    .orderBy(desc(blogPosts.publishedAt));
}

/** /blog's cards: the spec's public list (SPEC section 7), newest first. */
export async function listPublishedPosts(executor: Executor = getDb()) {
  return executor
    .select({
      id: blogPosts.id,
      title: blogPosts.title,
      slug: blogPosts.slug,
      excerpt: blogPosts.excerpt,
      featuredImageUrl: blogPosts.featuredImageUrl,
      publishedAt: blogPosts.publishedAt,
      seoDescription: blogPosts.seoDescription,
    })
    .from(blogPosts)
    .where(isPublished)
    .orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id));
}

export type PublishedPostSummary = Awaited<ReturnType<typeof listPublishedPosts>>[number];

/** The newest `limit` published posts with their content: the RSS feed. */
export async function listPublishedPostsWithContent(limit: number, executor: Executor = getDb()) {
  return executor
    .select({
      title: blogPosts.title,
      slug: blogPosts.slug,
      excerpt: blogPosts.excerpt,
      content: blogPosts.content,
      featuredImageUrl: blogPosts.featuredImageUrl,
      publishedAt: blogPosts.publishedAt,
      updatedAt: blogPosts.updatedAt,
      seoDescription: blogPosts.seoDescription,
    })
    .from(blogPosts)
    .where(isPublished)
    .orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id))
    .limit(limit);
}

/** One published post by slug (the spec's public one, plus updated_at for dateModified); null for a draft or unknown slug. */
export async function findPublishedPost(slug: string, executor: Executor = getDb()) {
  const [post] = await executor
    .select({
      id: blogPosts.id,
      title: blogPosts.title,
      slug: blogPosts.slug,
      content: blogPosts.content,
      featuredImageUrl: blogPosts.featuredImageUrl,
      publishedAt: blogPosts.publishedAt,
      updatedAt: blogPosts.updatedAt,
      seoTitle: blogPosts.seoTitle,
      seoDescription: blogPosts.seoDescription,
    })
    .from(blogPosts)
    .where(and(eq(blogPosts.slug, slug), isPublished))
    .limit(1);
  return post ?? null;
}

export type PublishedPost = NonNullable<Awaited<ReturnType<typeof findPublishedPost>>>;

/** Every post, drafts included. */
export async function countPosts(executor: Executor = getDb()): Promise<number> {
  const [row] = await executor.select({ value: count() }).from(blogPosts);
  return row?.value ?? 0;
}
