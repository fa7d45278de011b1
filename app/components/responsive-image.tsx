import { preload } from "react-dom";
import type { ImageAsset } from "~/content/types";

type ResponsiveImageProps = {
  image: ImageAsset;
  /** The `sizes` attribute: how wide the image is drawn at each breakpoint. */
  sizes: string;
  /** Above-the-fold images load eagerly with high priority; everything else waits for the scroll. */
  priority?: boolean;
  /** Classes of the <img>. */
  className?: string;
  pictureClassName?: string;
};

const srcSet = (image: ImageAsset, format: "avif" | "webp") =>
  image.widths.map((width) => `${image.base}-${width}.${format} ${width}w`).join(", ");

/** AVIF with a WebP fallback, at every width the image build produced (scripts/images/*.ts). */
export function ResponsiveImage({
  image,
  sizes,
  priority = false,
  className,
  pictureClassName,
}: ResponsiveImageProps) {
  const fallbackWidth = image.widths[Math.floor(image.widths.length / 2)];
  // The browser finds an <img> in a <picture> only once it parses the body: a preload in <head>
  // starts the above-the-fold image with the stylesheet, at the width `sizes` picks. Browsers
  // without AVIF skip it (type) and take the WebP source as before.
  if (priority) {
    preload(`${image.base}-${fallbackWidth}.avif`, {
      as: "image",
      type: "image/avif",
      imageSrcSet: srcSet(image, "avif"),
      imageSizes: sizes,
      fetchPriority: "high",
    });
  }
  return (
    <picture className={pictureClassName}>
      <source type="image/avif" srcSet={srcSet(image, "avif")} sizes={sizes} />
      <source type="image/webp" srcSet={srcSet(image, "webp")} sizes={sizes} />
      <img
        src={`${image.base}-${fallbackWidth}.webp`}
        alt={image.alt}
        width={image.width}
        height={image.height}
        loading={priority ? "eager" : "lazy"}
        decoding={priority ? "auto" : "async"}
        fetchPriority={priority ? "high" : "auto"}
        className={className}
      />
    </picture>
  );
}
