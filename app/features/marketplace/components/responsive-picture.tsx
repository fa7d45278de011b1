import { cn } from "~/lib/utils";
import { IMAGE_FORMATS, imageSrcSet } from "../images";

type ResponsivePictureProps = {
  /** Largest WebP variant ("…-1280.webp"). */
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

/** AVIF first, WebP second, the largest WebP as the fallback; lazy unless marked as a priority. */
export function ResponsivePicture({
  src,
  alt,
  widths,
  sizes,
  width,
  height,
  className,
  imgClassName,
  priority = false,
}: ResponsivePictureProps) {
  return (
    <picture className={cn("block", className)}>
      {IMAGE_FORMATS.map((format) => (
        <source key={format} type={`image/${format}`} srcSet={imageSrcSet(src, widths, format)} sizes={sizes} />
      ))}
      <img
        src={src}
        alt={alt}
        width={width}
        height={height}
        loading={priority ? "eager" : "lazy"}
        decoding={priority ? "auto" : "async"}
        fetchPriority={priority ? "high" : "auto"}
        className={cn("block h-auto w-full", imgClassName)}
      />
    </picture>
  );
}
