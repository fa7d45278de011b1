// What /blog and /blog/{slug} render, from the published posts. Post HTML is sanitized again here,
// on its way to the reader, with the same allow-list as on save (sanitize.ts).
import { data } from "react-router";
import { monthDate } from "~/lib/central-time";
import { getEnv } from "~/lib/env.server";
import { absoluteUrl } from "~/lib/seo";
import { cardExcerpt, postImage, postMetaDescription, postMetaTitle } from "./metadata";
import { findPublishedPost, listPublishedPosts, type PublishedPost } from "./posts.server";
import { postPlainText, sanitizePostHtml } from "~/lib/sanitize";

export async function blogIndexData() {
  const posts = await listPublishedPosts();
  return {
    posts: posts.map((post) => ({
      slug: post.slug,
      title: post.title,
      excerpt: cardExcerpt(post),
      image: postImage(post),
    })),
  };
}

export type BlogCard = Awaited<ReturnType<typeof blogIndexData>>["posts"][number];

function postView(post: PublishedPost & { publishedAt: Date }) {
  const description = postMetaDescription(post, postPlainText(post.content));
  return {
    slug: post.slug,
    title: post.title,
    url: absoluteUrl(getEnv().SITE_URL, `/blog/${encodeURIComponent(post.slug)}`),
    contentHtml: sanitizePostHtml(post.content),
    featuredImageUrl: post.featuredImageUrl,
    publishedAt: post.publishedAt.toISOString(),
    updatedAt: post.updatedAt.toISOString(),
    // The site shows dates as Central Time calendar days ("March 8, 2026").
    dateLabel: monthDate(post.publishedAt),
    meta: { title: postMetaTitle(post), description, image: postImage(post) },
  };
}

export type BlogPostView = ReturnType<typeof postView>;

export async function blogPostData(slug: string) {
  const post = await findPublishedPost(slug);
  // 'Post not found.' for a draft as for an unknown slug: a draft's existence is not public.
  if (!post?.publishedAt) return data({ post: null }, { status: 404 });
  return { post: postView({ ...post, publishedAt: post.publishedAt }) };
}
