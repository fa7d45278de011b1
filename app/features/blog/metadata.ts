// What the blog shows when a post leaves a field empty (SPEC section 2 'Blog'): the card's excerpt
// falls back to the SEO description, then nothing; the page's title to the SEO title, then the
// title; its description to the SEO description, then the first 160 characters of the post's
// text; its image to a placeholder. Plus the post's share links (SPEC section 7). Pure, importable
// by the browser bundle.
import { facebookShareUrl, linkedInShareUrl, shareHeadline, xIntentUrl } from "~/lib/share";

/** Built by scripts/images/build-blog-images.ts; 1200×630, the Open Graph shape. */
export const BLOG_PLACEHOLDER_IMAGE = "/images/blog/placeholder.webp";
export const FEATURED_IMAGE_SIZE = { width: 1200, height: 630 } as const;
export const META_DESCRIPTION_LENGTH = 160;
export const SHARE_DESCRIPTION_LENGTH = 100;

const filled = (value: string | null | undefined) => (value && value.trim() ? value.trim() : null);

export function cardExcerpt(post: { excerpt: string | null; seoDescription: string | null }): string {
  return filled(post.excerpt) ?? filled(post.seoDescription) ?? "";
}

export function postMetaTitle(post: { title: string; seoTitle: string | null }): string {
  return filled(post.seoTitle) ?? post.title;
}

/** `text` is the post's plain text (postPlainText in sanitize.ts). */
export function postMetaDescription(post: { seoDescription: string | null }, text: string): string {
  return filled(post.seoDescription) ?? Array.from(text).slice(0, META_DESCRIPTION_LENGTH).join("").trimEnd();
}

export function postImage(post: { featuredImageUrl: string | null }): string {
  return filled(post.featuredImageUrl) ?? BLOG_PLACEHOLDER_IMAGE;
}

export type ShareLinks = { x: string; facebook: string; linkedin: string };

/** X gets the title plus the first 100 characters of the description; the others the URL alone. */
export function postShareLinks(post: { title: string; description: string; url: string }): ShareLinks {
  return {
    x: xIntentUrl(shareHeadline(post.title, post.description, SHARE_DESCRIPTION_LENGTH), post.url),
    facebook: facebookShareUrl(post.url),
    linkedin: linkedInShareUrl(post.url),
  };
}
