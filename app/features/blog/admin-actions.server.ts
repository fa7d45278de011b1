// What the owner does on /admin/blog: save a post (create or update), delete one, seed the five
// posts. A success redirects to the blank form with the spec's toast (the form resets, SPEC
// section 4 'Blog form'); a refusal answers the form with field messages and a toast. Bad input
// is a field message or a 400, never a 500.
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { ActionResult } from "~/components/form";
import { NO_STORE } from "~/lib/cache-headers";
import { redirectWithToast } from "~/lib/flash-toast.server";
import { readFormData } from "~/lib/form-data.server";
import { getDb, type Executor } from "#server/db/client.server";
import { databaseError, UNIQUE_VIOLATION } from "#server/db/errors.server";
import { logger } from "#server/logger.server";
import { announcePagesChanged, pagesChangedHere } from "#server/page-invalidation.server";
import { deletePost, findPost, insertPost, updatePost, upsertSeedPosts, type PostFields } from "./admin-data.server";
import {
  DELETE_POST_INTENT,
  deletePostSchema,
  postSchema,
  SAVE_POST_INTENT,
  SEED_POSTS_INTENT,
  seedPostsSchema,
  TITLE_REQUIRED,
  type PostInput,
} from "./admin-schema";
import { storeFeaturedImage } from "./featured-image-upload.server";
import { sanitizePostHtml } from "~/lib/sanitize";
import { seedPosts } from "./seed-posts";
import { slugForSave } from "./slug";

const ADMIN_BLOG_PATH = "/admin/blog";

/**
 * The cached pages a change to posts with these slugs affects: the list, the feed and each post's
 * page (its address as the page cache keys it).
 */
function blogPagePaths(slugs: readonly string[]): string[] {
  return ["/blog", "/blog/rss.xml", ...new Set(slugs.map((slug) => `/blog/${encodeURIComponent(slug)}`))];
}

/**
 * Runs a change to posts in one transaction; the pages it names (none: no public page changed) are
 * announced to every instance at its commit and dropped here at once.
 */
async function changePosts<T>(change: (tx: Executor) => Promise<{ result: T; slugs: readonly string[] }>): Promise<T> {
  const { result, paths } = await getDb().transaction(async (tx) => {
    const { result, slugs } = await change(tx);
    const paths = slugs.length > 0 ? blogPagePaths(slugs) : [];
    if (paths.length > 0) await announcePagesChanged(paths, tx);
    return { result, paths };
  });
  if (paths.length > 0) pagesChangedHere(paths);
  return result;
}

export type BlogActionResult = ActionResult & { intent: typeof SAVE_POST_INTENT };

function refuse(result: BlogActionResult, status: number) {
  return data(result, { status, headers: NO_STORE });
}

/** What is stored for the form's input: slug generated if empty, content sanitized, blanks null. */
function postFieldsOf(input: PostInput, now: Date): PostFields {
  return {
    title: input.title,
    slug: slugForSave(input.slug ?? "", input.title, now),
    excerpt: input.excerpt || null,
    content: sanitizePostHtml(input.content ?? ""),
    status: input.status,
    seoTitle: input.seoTitle || null,
    seoDescription: input.seoDescription || null,
  };
}

async function savePost(formData: FormData, authorId: string, now: Date) {
  const submission = parseWithZod(formData, { schema: postSchema });
  if (submission.status !== "success") {
    const titleMissing = Boolean(submission.error?.title);
    return refuse(
      {
        intent: SAVE_POST_INTENT,
        ok: false,
        toast: titleMissing
          ? { kind: "error", title: "Title required", description: TITLE_REQUIRED }
          : { kind: "error", title: "Save failed", description: "Please check the highlighted fields." },
        reply: submission.reply(),
      },
      400,
    );
  }
  const { id, featuredImage } = submission.value;
  const fields = postFieldsOf(submission.value, now);
  if (featuredImage && featuredImage.size > 0) {
    // Stored before the post's transaction: a save that then fails leaves an unused file, never a
    // post pointing at a missing one.
    const upload = await storeFeaturedImage(featuredImage, fields.slug, now);
    if (!upload.ok) {
      return refuse(
        {
          intent: SAVE_POST_INTENT,
          ok: false,
          toast: upload.refused
            ? { kind: "error", title: "Upload failed", description: upload.message }
            : { kind: "error", title: "Upload error", description: "Failed to upload image." },
          reply: submission.reply(upload.refused ? { fieldErrors: { featuredImage: [upload.message] } } : undefined),
        },
        upload.refused ? 400 : 503,
      );
    }
    fields.featuredImageUrl = upload.url;
  }
  try {
    const saved = await changePosts(async (tx) => {
      const before = id ? await findPost(id, tx) : null;
      const publishAsNew = submission.value.publishAsNew === "on";
      const row = id ? (before ? await updatePost(id, fields, now, tx, { publishAsNew }) : null) : await insertPost(fields, authorId, now, tx);
      // A draft that was never public changes no public page.
      const wasOrIsPublic = before?.status === "published" || fields.status === "published";
      return { result: row, slugs: row && wasOrIsPublic ? [before?.slug ?? row.slug, row.slug] : [] };
    });
    if (!saved) {
      return refuse(
        {
          intent: SAVE_POST_INTENT,
          ok: false,
          toast: { kind: "error", title: "Save failed", description: "This post no longer exists: it was deleted meanwhile." },
          reply: submission.reply(),
        },
        404,
      );
    }
  } catch (error) {
    // The unique constraint decides a clash (two tabs saving the same slug at once included).
    if (databaseError(error)?.code === UNIQUE_VIOLATION) {
      const message = `Another post already uses the URL slug "${fields.slug}". Choose a different slug.`;
      return refuse(
        {
          intent: SAVE_POST_INTENT,
          ok: false,
          toast: { kind: "error", title: "Save failed", description: message },
          reply: submission.reply({ fieldErrors: { slug: [message] } }),
        },
        409,
      );
    }
    logger.error({ err: error, postId: id }, "saving a blog post failed");
    return refuse(
      { intent: SAVE_POST_INTENT, ok: false, toast: { kind: "error", title: "Save failed", description: "Please try again." }, reply: submission.reply() },
      500,
    );
  }
  logger.info({ postId: id, slug: fields.slug, status: fields.status }, id ? "blog post updated" : "blog post created");
  return redirectWithToast(ADMIN_BLOG_PATH, { kind: "success", title: id ? "Post updated successfully" : "Post created successfully" });
}

async function removePost(formData: FormData) {
  const submission = parseWithZod(formData, { schema: deletePostSchema });
  if (submission.status !== "success") throw data("Bad request: unknown post.", { status: 400, headers: NO_STORE });
  try {
    const deleted = await changePosts(async (tx) => {
      const row = await deletePost(submission.value.id, tx);
      return { result: row, slugs: row?.status === "published" ? [row.slug] : [] };
    });
    if (deleted === null) {
      return redirectWithToast(ADMIN_BLOG_PATH, { kind: "error", title: "Delete failed", description: "This post was already deleted." });
    }
    logger.info({ postId: submission.value.id, slug: deleted.slug }, "blog post deleted");
  } catch (error) {
    logger.error({ err: error, postId: submission.value.id }, "deleting a blog post failed");
    return redirectWithToast(ADMIN_BLOG_PATH, { kind: "error", title: "Delete failed", description: "Please try again." });
  }
  return redirectWithToast(ADMIN_BLOG_PATH, { kind: "success", title: "Post deleted successfully" });
}

async function seed(authorId: string, now: Date) {
  try {
    await changePosts(async (tx) => {
      const rows = await upsertSeedPosts(seedPosts, authorId, now, tx);
      return { result: rows, slugs: rows.map((row) => row.slug) };
    });
  } catch (error) {
    logger.error({ err: error }, "seeding the blog posts failed");
    return redirectWithToast(ADMIN_BLOG_PATH, { kind: "error", title: "Seeding failed", description: "Please try again." });
  }
  logger.info({ count: seedPosts.length }, "blog seed posts upserted");
  return redirectWithToast(ADMIN_BLOG_PATH, {
    kind: "success",
    title: "Seeded successfully",
    description: `${seedPosts.length} viral manufacturing posts are now live.`,
  });
}

/** /admin/blog's action, after the admin guard: `authorId` is the signed-in admin. */
export async function blogActionFromAdmin(request: Request, authorId: string, now = new Date()) {
  const formData = await readFormData(request, { schema: [postSchema, deletePostSchema, seedPostsSchema] });
  switch (formData.get("intent")) {
    case SAVE_POST_INTENT:
      return savePost(formData, authorId, now);
    case DELETE_POST_INTENT:
      return removePost(formData);
    case SEED_POSTS_INTENT:
      return seed(authorId, now);
    default:
      throw data("Bad request: unknown form.", { status: 400, headers: NO_STORE });
  }
}
