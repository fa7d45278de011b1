// The editor's Featured Image picker (SPEC: images only, a preview of the current image): a plain
// file field, so it works without JavaScript; with it, the chosen file is previewed before saving,
// or, when it is not an image (by its type, or the browser cannot show it), named so at once with
// the server's message (the server still decides by the bytes).
import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { useEffect, useState } from "react";
import { FieldShell } from "~/components/form";
import { Input } from "~/components/ui/input";
import { FEATURED_IMAGE_ACCEPT, NOT_AN_IMAGE } from "../../admin-schema";
import { featuredImageSources } from "../../featured-image";

const PREVIEW_SIZES = "240px";
const IMAGE_TYPES = FEATURED_IMAGE_ACCEPT.split(",");

export function FeaturedImagePicker({ field, currentUrl }: { field: FieldMetadata<File | undefined>; currentUrl: string | null }) {
  const [chosenUrl, setChosenUrl] = useState<string | null>(null);
  const [notAnImage, setNotAnImage] = useState(false);
  // The object URL of a chosen file lives until another is chosen or the form goes.
  useEffect(() => () => void (chosenUrl && URL.revokeObjectURL(chosenUrl)), [chosenUrl]);
  const { key, ...inputProps } = getInputProps(field, { type: "file" });
  // A chosen file's preview is its object URL; the current image comes in its widths.
  const sources = notAnImage ? null : chosenUrl ? { src: chosenUrl } : currentUrl ? featuredImageSources(currentUrl, PREVIEW_SIZES) : null;
  const shown = { id: field.id, errorId: field.errorId, descriptionId: field.descriptionId, errors: notAnImage ? [NOT_AN_IMAGE] : field.errors };

  return (
    <FieldShell
      field={shown}
      label="Featured Image"
      description="JPEG, PNG, WebP or GIF. Cropped to 1200×630 for the post and its shares."
    >
      <Input
        {...inputProps}
        key={key}
        accept={FEATURED_IMAGE_ACCEPT}
        aria-invalid={shown.errors?.length ? true : undefined}
        aria-describedby={shown.errors?.length ? field.errorId : inputProps["aria-describedby"]}
        className="file:mr-3 file:rounded file:bg-muted file:px-2"
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          const image = file !== undefined && IMAGE_TYPES.includes(file.type);
          setNotAnImage(file !== undefined && !image);
          setChosenUrl(image ? URL.createObjectURL(file) : null);
        }}
      />
      {sources ? (
        <img
          {...sources}
          alt={chosenUrl ? "Preview of the chosen image" : "The post's current featured image"}
          width={240}
          height={126}
          className="h-auto w-60 rounded-md border object-cover"
          data-testid="featured-image-preview"
          // Typed as an image, but the browser cannot show it (an HTML page named photo.jpg).
          onError={chosenUrl ? () => setNotAnImage(true) : undefined}
        />
      ) : null}
    </FieldShell>
  );
}
