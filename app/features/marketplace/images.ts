// Responsive variants of the marketplace artwork. Content names the largest WebP file
// ("…/name-1280.webp"); scripts/images/build-marketplace-images.ts writes every width in AVIF and
// WebP next to it, and <ResponsivePicture> offers them through srcset.
export const SCREENSHOT_WIDTHS = [720, 1280] as const;
/** Screenshots are 16:10. */
export const SCREENSHOT_RATIO = 10 / 16;
export const LOGO_WIDTHS = [64, 128] as const;

export const IMAGE_FORMATS = ["avif", "webp"] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

const VARIANT_PATTERN = /-\d+\.webp$/;

/** "/images/x-1280.webp" → "/images/x-640.avif". */
export function imageVariant(src: string, width: number, format: ImageFormat): string {
  if (!VARIANT_PATTERN.test(src)) {
    throw new Error(`Image path must end in -<width>.webp: ${src}`);
  }
  return src.replace(VARIANT_PATTERN, `-${width}.${format}`);
}

/** "/images/x-1280.webp" → "/images/x" (the base <ResponsiveImage> adds widths and formats to). */
export function imageBase(src: string): string {
  if (!VARIANT_PATTERN.test(src)) {
    throw new Error(`Image path must end in -<width>.webp: ${src}`);
  }
  return src.replace(VARIANT_PATTERN, "");
}
