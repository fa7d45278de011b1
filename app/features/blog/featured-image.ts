// Featured images come in three widths of one aspect ratio (1200x630, the Open Graph size): the
// 1200 one at the image's address, the smaller ones beside it with the width appended
// (`name.webp`, `name-800.webp`, `name-480.webp`). Uploads (server/uploads) and the seed posts'
// images (scripts/images/build-blog-images.ts) follow it, so a page can offer the browser the width
// it needs from the address alone. Importable by the browser bundle.
import { FEATURED_IMAGE_SIZE } from "./metadata";

export const FEATURED_IMAGE_WIDTHS = [480, 800, FEATURED_IMAGE_SIZE.width] as const;

/** Where uploaded media is served (app/routes/media.ts). */
export const MEDIA_PATH_PREFIX = "/media/";

/** Addresses that have the smaller widths beside them: uploads and the seed posts' images. */
const HAS_VARIANTS = /^\/(media\/posts|images\/blog)\/[^?#]+\.webp$/;

/** The address of one width of the image at `url` (the full width is `url` itself). */
export function featuredImageVariant(url: string, width: number): string {
  return width === FEATURED_IMAGE_SIZE.width ? url : url.replace(/\.webp$/, `-${width}.webp`);
}

export type ImageSources = { src: string; srcSet?: string; sizes?: string };

/** `src`, and `srcSet`/`sizes` when the image has its widths beside it (an external URL has not). */
export function featuredImageSources(url: string, sizes: string): ImageSources {
  if (!HAS_VARIANTS.test(url)) return { src: url };
  return {
    src: url,
    srcSet: FEATURED_IMAGE_WIDTHS.map((width) => `${featuredImageVariant(url, width)} ${width}w`).join(", "),
    sizes,
  };
}

/** ASCII letters, digits and dashes of `text` (accents dropped), for a storage name. */
function storageNamePart(text: string, fallback: string, maxLength: number): string {
  const part = text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, "-")
    .replace(/-+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, maxLength)
    .replace(/-$/, "");
  return part || fallback;
}

/**
 * The storage key of an uploaded featured image (SPEC: `posts/{timestamp}-{slug}-{filename}`),
 * chosen by the server: the time, the post's slug and the uploaded file's name without its
 * extension, reduced to safe characters. The key of each width follows featuredImageVariant.
 */
export function featuredImageKey(slug: string, filename: string, now: Date): string {
  const stem = filename.replace(/\.[^.]*$/, "");
  return `posts/${now.getTime()}-${storageNamePart(slug, "post", 60)}-${storageNamePart(stem, "image", 60)}.webp`;
}
