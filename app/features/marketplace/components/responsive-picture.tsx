import { ResponsiveImage } from "~/components/responsive-image";
import { cn } from "~/lib/utils";
import { imageBase, LOGO_WIDTHS } from "../images";

type ResponsivePictureProps = {
  /** Largest WebP variant ("…-1280.webp"), as the marketplace content names it. */
  src: string;
  alt: string;
  /** Widths that exist on disk for this image. */
  widths: readonly number[];
  sizes: string;
  /** Intrinsic size of the largest variant, so the browser reserves space (no layout shift). */
  width: number;
  height: number;
  className?: string;
  imgClassName?: string;
  /** Above the fold on first paint: load at once, with high priority. */
  priority?: boolean;
};

/** The site's <ResponsiveImage> for images named by their largest WebP file. */
export function ResponsivePicture({ src, alt, widths, sizes, width, height, className, imgClassName, priority }: ResponsivePictureProps) {
  return (
    <ResponsiveImage
      image={{ base: imageBase(src), widths, width, height, alt }}
      sizes={sizes}
      priority={priority}
      pictureClassName={cn("block", className)}
      className={cn("block h-auto w-full", imgClassName)}
    />
  );
}

/** A square, decorative product logo drawn `size` CSS pixels wide. */
export function ResponsiveLogo({ src, size, className, imgClassName }: { src: string; size: number; className?: string; imgClassName?: string }) {
  const largest = LOGO_WIDTHS[LOGO_WIDTHS.length - 1];
  return (
    <ResponsivePicture
      src={src}
      alt=""
      widths={LOGO_WIDTHS}
      sizes={`${size}px`}
      width={largest}
      height={largest}
      className={cn("shrink-0", className)}
      imgClassName={imgClassName}
    />
  );
}
