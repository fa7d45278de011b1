// The create/edit form of /admin/blog, and beside the HTML field a live preview of the content
// exactly as it will be stored (the same sanitizer as the action: sanitize-html reaches this admin
// page's bundle only). The slug follows the title while creating, until the owner types one.
import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useState } from "react";
import { Form, Link } from "react-router";
import { Field, FieldShell, FormError, isValidationIntent, SubmitButton, TextareaField, VALIDATION_TIMING } from "~/components/form";
import { toast } from "~/components/toast";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { dateTime } from "~/lib/central-time";
import { cn } from "~/lib/utils";
import type { AdminPost } from "../../admin-data.server";
import { postSchema, postStatuses, postStatusLooks, SAVE_POST_INTENT, TITLE_REQUIRED, type PostStatus } from "../../admin-schema";
import { slugify } from "../../slug";
import { FeaturedImagePicker } from "./featured-image-picker";
import { SanitizedPreview } from "~/components/sanitized-preview";

export function PostForm({
  editing,
  lastResult,
  busy,
}: {
  /** The post being edited; null: a new post. */
  editing: AdminPost | null;
  lastResult: SubmissionResult<string[]> | undefined;
  busy: boolean;
}) {
  const [form, fields] = useForm({
    // A new id per post: opening another post (or Cancel) starts a fresh form.
    id: `post-form-${editing?.id ?? "new"}`,
    lastResult,
    constraint: getZodConstraint(postSchema),
    ...VALIDATION_TIMING,
    defaultValue: {
      title: editing?.title ?? "",
      slug: editing?.slug ?? "",
      excerpt: editing?.excerpt ?? "",
      content: editing?.content ?? "",
      status: editing?.status ?? "draft",
      seoTitle: editing?.seoTitle ?? "",
      seoDescription: editing?.seoDescription ?? "",
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: postSchema }),
  });
  // While creating, the slug is the title's until the owner edits the slug field.
  const [slugTouched, setSlugTouched] = useState(Boolean(editing));
  const status = (fields.status.value ?? "draft") as PostStatus;
  const { key: slugKey, ...slugProps } = getInputProps(fields.slug, { type: "text" });
  const formProps = getFormProps(form);

  return (
    <Form
      method="post"
      encType="multipart/form-data"
      // Back to the same page state: a refused edit is answered with the post still in the form.
      action={editing ? `/admin/blog?edit=${editing.id}` : "/admin/blog"}
      {...formProps}
      onSubmit={(event) => {
        // The browser stops a blank title before it is sent: the spec's toast comes from here then
        // (the action answers the same toast without scripts). Conform's checks while typing submit too.
        const title = String(new FormData(event.currentTarget).get(fields.title.name) ?? "");
        if (!isValidationIntent(event) && !title.trim()) toast.error("Title required", { description: TITLE_REQUIRED });
        formProps.onSubmit(event);
      }}
      onInput={(event) => {
        const target = event.target as HTMLInputElement;
        if (target.name === fields.slug.name) setSlugTouched(true);
        if (target.name === fields.title.name && !slugTouched) form.update({ name: fields.slug.name, value: slugify(target.value) });
      }}
      className="grid gap-5 rounded-xl border bg-card p-5 shadow-sm"
    >
      <h2 className="text-xl font-semibold">{editing ? "Edit Post" : "Create New Post"}</h2>
      <input type="hidden" name="intent" value={SAVE_POST_INTENT} />
      {editing ? <input type="hidden" name="id" value={editing.id} /> : null}
      <FormError id={form.errorId} errors={form.errors} />
      <Field field={fields.title} label="Title *" placeholder="Post title" />
      <FieldShell field={fields.slug} label="URL Slug">
        <Input {...slugProps} key={slugKey} placeholder="url-friendly-slug" />
      </FieldShell>
      <TextareaField field={fields.excerpt} label="Excerpt" rows={3} placeholder="A short summary shown on the blog's cards" />
      <div className="grid gap-4 xl:grid-cols-2">
        <TextareaField
          field={fields.content}
          label="Content (HTML)"
          rows={16}
          placeholder="<p>Write your post…</p>"
          description="Scripts, styles, frames and event attributes are removed on save."
        />
        <SanitizedPreview html={fields.content.value ?? ""} heading="Preview (as published)" testId="post-preview" />
      </div>
      <FeaturedImagePicker field={fields.featuredImage} currentUrl={editing?.featuredImageUrl ?? null} />
      <fieldset className="grid gap-2">
        <legend className="text-sm font-medium">Status</legend>
        <div className="flex gap-2">
          {postStatuses.map((value) => (
            <label
              key={value}
              className={cn(
                "inline-flex h-9 cursor-pointer items-center rounded-md border px-4 text-sm font-medium transition-colors has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50",
                status === value ? "border-primary bg-primary text-primary-foreground" : "bg-background hover:bg-accent",
              )}
            >
              <input
                type="radio"
                name={fields.status.name}
                value={value}
                defaultChecked={(editing?.status ?? "draft") === value}
                className="sr-only"
              />
              {value === "draft" ? "Draft" : "Publish"}
            </label>
          ))}
        </div>
        <p className="text-xs text-muted-foreground">
          {status === "published" ? "Saving makes the post public." : `${postStatusLooks.draft.label}: only you can see it.`}
        </p>
        {editing?.publishedAt ? (
          // Decision 015: a save keeps the first date (a typo fix does not make an old post new).
          <div className="grid gap-1">
            <p className="text-xs text-muted-foreground">
              First published {dateTime(editing.publishedAt)}. Saving keeps this date on the blog and in the feed.
            </p>
            <label className="inline-flex w-fit items-center gap-2 text-sm font-medium">
              <input type="checkbox" name={fields.publishAsNew.name} value="on" className="size-4 accent-primary" />
              Publish as new
            </label>
            <p className="text-xs text-muted-foreground">Dates it now, so it moves to the top of the blog and the feed.</p>
          </div>
        ) : null}
      </fieldset>
      <Field field={fields.seoTitle} label="SEO Title" placeholder="Title for search engines" />
      <TextareaField field={fields.seoDescription} label="SEO Description" rows={2} placeholder="Description for search engines (max 160 characters)" />
      <div className="flex flex-wrap gap-3">
        <SubmitButton busy={busy} busyText="Saving...">
          {editing ? "Update Post" : "Create Post"}
        </SubmitButton>
        {editing ? (
          <Button asChild variant="outline">
            <Link to="/admin/blog">Cancel</Link>
          </Button>
        ) : null}
      </div>
    </Form>
  );
}
