// The admin's data access on blog_posts: every post (drafts too), one by id, insert, update,
// delete and the seed upsert. Plain functions naming their columns and taking the executor.
import { desc, eq, sql } from "drizzle-orm";
import { getDb, type Executor } from "#server/db/client.server";
import { blogPosts } from "./schema";
import type { PostStatus } from "./admin-schema";
import type { SeedPost } from "./seed-posts";

const listColumns = {
  id: blogPosts.id,
  title: blogPosts.title,
  slug: blogPosts.slug,
  excerpt: blogPosts.excerpt,
  featuredImageUrl: blogPosts.featuredImageUrl,
  status: blogPosts.status,
  seoTitle: blogPosts.seoTitle,
  seoDescription: blogPosts.seoDescription,
  publishedAt: blogPosts.publishedAt,
  updatedAt: blogPosts.updatedAt,
};

/**
 * The spec's admin list (SPEC section 7): every post, last edited first. Without the bodies: only
 * the post opened in the form needs its content (`findPost`).
 */
export async function listAllPosts(executor: Executor = getDb()) {
  return executor.select(listColumns).from(blogPosts).orderBy(desc(blogPosts.updatedAt), desc(blogPosts.id));
}

export type AdminPostSummary = Awaited<ReturnType<typeof listAllPosts>>[number];

/** One post, drafts included, with its content: the post being edited. */
export async function findPost(id: string, executor: Executor = getDb()) {
  const [post] = await executor
    .select({ ...listColumns, content: blogPosts.content })
    .from(blogPosts)
    .where(eq(blogPosts.id, id))
    .limit(1);
  return post ?? null;
}

export type AdminPost = NonNullable<Awaited<ReturnType<typeof findPost>>>;

export type PostFields = {
  title: string;
  slug: string;
  excerpt: string | null;
  content: string;
  status: PostStatus;
  seoTitle: string | null;
  seoDescription: string | null;
  /** Set when an image was uploaded with this save; left as it was otherwise. */
  featuredImageUrl?: string;
};

/**
 * published_at: set the first time a post is published, kept on later saves, and kept when it is
 * taken back to draft (re-publishing shows the original date; the public queries need the status
 * too, so a draft with a date stays hidden). `asNew`: the owner's 'Publish as new', now again.
 */
const publishedAtFor = (status: PostStatus, now: Date, asNew: boolean) =>
  status !== "published"
    ? sql`${blogPosts.publishedAt}`
    : asNew
      ? sql`${now.toISOString()}::timestamptz`
      : sql`coalesce(${blogPosts.publishedAt}, ${now.toISOString()}::timestamptz)`;

/** A new post by `authorId`; a taken slug throws the unique violation (23505). */
export async function insertPost(fields: PostFields, authorId: string, now: Date, executor: Executor = getDb()) {
  const [row] = await executor
    .insert(blogPosts)
    .values({ ...fields, authorId, publishedAt: fields.status === "published" ? now : null, createdAt: now, updatedAt: now })
    .returning({ id: blogPosts.id, slug: blogPosts.slug });
  return row!;
}

/**
 * Saves an existing post; null when it no longer exists. A taken slug throws 23505. `publishAsNew`:
 * a published post's date becomes now (it moves to the top of the blog and the feed).
 */
export async function updatePost(id: string, fields: PostFields, now: Date, executor: Executor = getDb(), { publishAsNew = false } = {}) {
  const [row] = await executor
    .update(blogPosts)
    .set({ ...fields, publishedAt: publishedAtFor(fields.status, now, publishAsNew), updatedAt: now })
    .where(eq(blogPosts.id, id))
    .returning({ id: blogPosts.id, slug: blogPosts.slug });
  return row ?? null;
}

/** Deletes a post; its slug and status, or null when it was already gone. */
export async function deletePost(id: string, executor: Executor = getDb()) {
  const [row] = await executor.delete(blogPosts).where(eq(blogPosts.id, id)).returning({ slug: blogPosts.slug, status: blogPosts.status });
  return row ?? null;
}

/**
 * The seed posts, upserted by slug in one statement (SPEC section 7 'Seeding'): all published
 * now, by `authorId`. Pressing it twice still leaves one post per slug.
 */
/** `authorId` null: written by a script, not by an admin (the benchmark's posts). */
export async function upsertSeedPosts(posts: readonly SeedPost[], authorId: string | null, now: Date, executor: Executor = getDb()) {
  const excluded = (column: string) => sql.raw(`excluded.${column}`);
  return executor
    .insert(blogPosts)
    .values(posts.map((post) => ({ ...post, status: "published" as const, authorId, publishedAt: now, createdAt: now, updatedAt: now })))
    .onConflictDoUpdate({
      target: blogPosts.slug,
      set: {
        title: excluded("title"),
        excerpt: excluded("excerpt"),
        content: excluded("content"),
        featuredImageUrl: excluded("featured_image_url"),
        seoTitle: excluded("seo_title"),
        seoDescription: excluded("seo_description"),
        status: excluded("status"),
        authorId: excluded("author_id"),
        publishedAt: excluded("published_at"),
        updatedAt: excluded("updated_at"),
      },
    })
    .returning({ slug: blogPosts.slug });
}
