// A post's featured image, from the editor's file to the media store: through the site's one upload
// pipeline (server/uploads), in the three widths the pages offer (featured-image.ts).
import { getEnv } from "~/lib/env.server";
import { logger } from "#server/logger.server";
import { prepareImage } from "#server/uploads/image-variants.server";
import { getMediaStore } from "#server/uploads/media-store.server";
import { NOT_AN_IMAGE } from "./admin-schema";
import { featuredImageKey, featuredImageVariant, FEATURED_IMAGE_WIDTHS, MEDIA_PATH_PREFIX } from "./featured-image";
import { FEATURED_IMAGE_SIZE } from "./metadata";

export type FeaturedImageUpload =
  | { ok: true; url: string }
  /** The file is not one the site takes: a message for the picker. */
  | { ok: false; refused: true; message: string }
  /** The store failed: the spec's 'Upload error'. */
  | { ok: false; refused: false };

const megabytes = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;

export async function storeFeaturedImage(file: File, slug: string, now: Date): Promise<FeaturedImageUpload> {
  const { UPLOAD_MAX_BYTES, UPLOAD_MAX_PIXELS } = getEnv();
  if (file.size > UPLOAD_MAX_BYTES) {
    return { ok: false, refused: true, message: `The image is larger than ${megabytes(UPLOAD_MAX_BYTES)}. Choose a smaller file.` };
  }
  const prepared = await prepareImage(
    new Uint8Array(await file.arrayBuffer()),
    { widths: FEATURED_IMAGE_WIDTHS, aspect: FEATURED_IMAGE_SIZE },
    UPLOAD_MAX_PIXELS,
  );
  if (!prepared.ok) {
    const message =
      prepared.reason === "too-many-pixels"
        ? `The image has more than ${Math.floor(UPLOAD_MAX_PIXELS / 1_000_000)} megapixels. Choose a smaller image.`
        : prepared.reason === "unreadable"
          ? "The image could not be read: the file may be damaged. Choose another file."
          : NOT_AN_IMAGE;
    return { ok: false, refused: true, message };
  }
  const url = MEDIA_PATH_PREFIX + featuredImageKey(slug, file.name, now);
  try {
    const store = getMediaStore();
    await Promise.all(
      prepared.variants.map((variant) =>
        store.put(featuredImageVariant(url, variant.forWidth).slice(MEDIA_PATH_PREFIX.length), variant.bytes, "image/webp"),
      ),
    );
  } catch (error) {
    logger.error({ err: error, url }, "storing a featured image failed");
    return { ok: false, refused: false };
  }
  return { url, ok: true };
}
