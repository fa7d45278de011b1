// The owner's side of the blog (/admin/blog): one schema per form (save, delete, seed) and the
// status badge's looks. Importable by the browser bundle (the editor validates with it as you type).
import { z } from "~/lib/zod";
import type { StatusLook } from "~/components/status-badge";
import { plainText } from "~/lib/plain-text";

export const SAVE_POST_INTENT = "save-post";
export const DELETE_POST_INTENT = "delete-post";
export const SEED_POSTS_INTENT = "seed-posts";

export const postStatuses = ["draft", "published"] as const;
export type PostStatus = (typeof postStatuses)[number];

export const postStatusLooks: Record<PostStatus, StatusLook> = {
  draft: { label: "Draft", tone: "muted" },
  published: { label: "Published", tone: "success" },
};

export const TITLE_REQUIRED = "Please enter a post title.";

/** The picker's `accept`: what the server takes, by its bytes (never by this list). */
export const FEATURED_IMAGE_ACCEPT = "image/jpeg,image/png,image/webp,image/gif";
/** The picker's message for a file that is not one of them: the server's, and the browser's at once. */
export const NOT_AN_IMAGE = "Choose a JPEG, PNG, WebP or GIF image.";

/** An optional free-text field: blank is "not given" (stored as null). */
const optionalText = () => plainText().trim().optional();

/**
 * The create/edit form. `id` is present when editing. The slug may be left empty (the action then
 * generates it, SPEC section 5); the SEO description's 160 characters are a hint, not a rule.
 */
export const postSchema = z.object({
  intent: z.literal(SAVE_POST_INTENT),
  id: z.uuid().optional(),
  title: plainText({ error: TITLE_REQUIRED }).trim().min(1, { error: TITLE_REQUIRED }),
  slug: optionalText(),
  excerpt: optionalText(),
  content: plainText().optional(),
  status: z.enum(postStatuses).default("draft"),
  // A checkbox: published_at becomes now (decision 015 keeps the first date otherwise).
  publishAsNew: z.literal("on").optional(),
  seoTitle: optionalText(),
  seoDescription: optionalText(),
  // The picker's file, if one was chosen: its bytes decide whether it is an image (server/uploads).
  featuredImage: z.instanceof(File).optional(),
});
export type PostInput = z.infer<typeof postSchema>;

export const deletePostSchema = z.object({
  intent: z.literal(DELETE_POST_INTENT),
  id: z.uuid({ error: "Unknown post." }),
});

export const seedPostsSchema = z.object({ intent: z.literal(SEED_POSTS_INTENT) });
