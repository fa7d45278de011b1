// The editor's Featured Image picker (SPEC: images only, a preview of the current image): a plain
// file field, so it works without JavaScript; with it, the chosen file is previewed before saving.
import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { useEffect, useState } from "react";
import { FieldShell } from "~/components/form";
import { Input } from "~/components/ui/input";
import { FEATURED_IMAGE_ACCEPT } from "../../admin-schema";
import { featuredImageSources } from "../../featured-image";

const PREVIEW_SIZES = "240px";

export function FeaturedImagePicker({ field, currentUrl }: { field: FieldMetadata<File | undefined>; currentUrl: string | null }) {
  const [chosenUrl, setChosenUrl] = useState<string | null>(null);
  // The object URL of a chosen file lives until another is chosen or the form goes.
  useEffect(() => () => void (chosenUrl && URL.revokeObjectURL(chosenUrl)), [chosenUrl]);
  const { key, ...inputProps } = getInputProps(field, { type: "file" });
  // A chosen file's preview is its object URL; the current image comes in its widths.
  const sources = chosenUrl ? { src: chosenUrl } : currentUrl ? featuredImageSources(currentUrl, PREVIEW_SIZES) : null;

  return (
    <FieldShell
      field={field}
      label="Featured Image"
      description="JPEG, PNG, WebP or GIF. Cropped to 1200×630 for the post and its shares."
    >
      <Input
        {...inputProps}
        key={key}
        accept={FEATURED_IMAGE_ACCEPT}
        className="file:mr-3 file:rounded file:bg-muted file:px-2"
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          setChosenUrl(file && file.type.startsWith("image/") ? URL.createObjectURL(file) : null);
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
        />
      ) : null}
    </FieldShell>
  );
}
