// One upload pipeline for the site's images (decision 016). What arrives is trusted for nothing: the
// bytes decide the format (magic numbers, never the name or the declared type), only JPEG, PNG,
// WebP and GIF pass (no SVG: it can carry script), the pixel count is bounded before decoding (a
// small file can unpack into gigabytes), and what is kept is a fresh WebP encoding (metadata such
// as GPS position dropped, the camera's orientation applied) at fixed widths of one aspect ratio.
import { fileTypeFromBuffer } from "file-type";
import sharp, { type Metadata } from "sharp";

export const ACCEPTED_IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp", "image/gif"] as const;

export type ImageVariantSpec = { widths: readonly number[]; aspect: { width: number; height: number } };

/** `forWidth`: the spec's width it stands for (its file's name); `width` x `height`: its real size. */
export type ImageVariant = { forWidth: number; width: number; height: number; bytes: Buffer };

export type PreparedImage =
  | { ok: true; variants: ImageVariant[] }
  | { ok: false; reason: "not-an-image" | "too-many-pixels" | "unreadable" };

/**
 * The variants of `bytes` at each width of `spec`, cropped to its aspect ratio (the centre of
 * attention kept), as WebP. Never enlarged: a width the source cannot fill is the largest crop of
 * that shape it holds (800x800 gives 800x420 for 1200x630). `maxPixels` bounds the decoded size.
 */
export async function prepareImage(bytes: Uint8Array, spec: ImageVariantSpec, maxPixels: number): Promise<PreparedImage> {
  const type = await fileTypeFromBuffer(bytes);
  if (!type || !(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(type.mime)) return { ok: false, reason: "not-an-image" };
  let metadata: Metadata;
  try {
    // Reads the header only: the pixel count is known before anything is decoded.
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    return { ok: false, reason: "unreadable" };
  }
  if (!metadata.width || !metadata.height) return { ok: false, reason: "unreadable" };
  if (metadata.width * metadata.height > maxPixels) return { ok: false, reason: "too-many-pixels" };
  // As shown: orientations 5 to 8 turn the stored image a quarter.
  const [shownWidth, shownHeight] = (metadata.orientation ?? 1) >= 5 ? [metadata.height, metadata.width] : [metadata.width, metadata.height];
  const largestWidth = Math.floor(Math.min(shownWidth, (shownHeight * spec.aspect.width) / spec.aspect.height));
  try {
    const variants = await Promise.all(
      spec.widths.map(async (forWidth) => {
        const width = Math.min(forWidth, largestWidth);
        const height = Math.round((width * spec.aspect.height) / spec.aspect.width);
        const output = await sharp(bytes, { limitInputPixels: maxPixels, animated: false })
          .rotate() // the EXIF orientation, applied; the output carries no metadata
          .resize(width, height, { fit: "cover", position: sharp.strategy.attention, withoutEnlargement: true })
          .webp({ quality: 80 })
          .toBuffer();
        return { forWidth, width, height, bytes: output };
      }),
    );
    return { ok: true, variants };
  } catch {
    // Truncated or corrupt data past the header.
    return { ok: false, reason: "unreadable" };
  }
}
