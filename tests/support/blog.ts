// Blog posts written straight into blog_posts (the admin editor is not there yet): integration
// tests and the e2e server's seeding (tests/e2e/seed-blog.ts) use it.
import type { Executor } from "#server/db/client.server";
import { blogPosts } from "~/features/blog/schema";

export type TestPost = typeof blogPosts.$inferInsert;

let next = 0;
/** A post with sensible defaults (published now, unless `status: "draft"`); returns its row. */
export async function insertPost(db: Executor, post: Partial<TestPost> = {}) {
  next += 1;
  const status = post.status ?? "published";
  const [row] = await db
    .insert(blogPosts)
    .values({
      title: `Test post ${next}`,
      slug: `test-post-${next}-${Math.random().toString(36).slice(2, 7)}`,
      content: "<p>Body.</p>",
      publishedAt: status === "published" ? new Date() : null,
      ...post,
      status,
    })
    .returning();
  return row!;
}
