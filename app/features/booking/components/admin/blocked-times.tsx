// Blocked times: a form for a whole day or a range of hours (Central Time) with an optional note,
// and the upcoming blocks, each with the bookings that fall in it and a Delete that asks first
// (?deleteBlock=…: the question is a page state, so it works without scripts).
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { AlertTriangle, CalendarOff, Trash2 } from "lucide-react";
import { Form, Link } from "react-router";
import { ConfirmQuestion } from "~/components/confirm-question";
import { CheckboxField, Field, FieldShell, FormError, SubmitButton, TextareaField, VALIDATION_TIMING } from "~/components/form";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import type { SubmissionResult } from "@conform-to/react";
import { blockSchema, CREATE_BLOCK_INTENT, DELETE_BLOCK_INTENT, NOTE_MAX } from "../../admin-schema";

export type BlockItem = {
  id: string;
  note: string | null;
  when: string;
  hours: string;
  conflicts: Array<{ id: string; bookingRef: string; label: string }>;
};

export function BlockForm({
  listUrl,
  today,
  lastDate,
  lastResult,
  busy,
}: {
  /** The list's URL with its filters, so they survive the submission. */
  listUrl: string;
  today: string;
  /** The last date a block may fall on. */
  lastDate: string;
  lastResult: SubmissionResult<string[]> | undefined;
  busy: boolean;
}) {
  const [form, fields] = useForm({
    id: "block-form",
    lastResult,
    constraint: getZodConstraint(blockSchema),
    ...VALIDATION_TIMING,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: blockSchema }),
  });
  const allDay = fields.allDay.value === "on";

  return (
    <Form method="post" action={listUrl} {...getFormProps(form)} className="grid gap-4 rounded-xl border bg-card p-5 shadow-sm">
      <h3 className="text-base font-semibold">Block a day or hours</h3>
      <input type="hidden" name="intent" value={CREATE_BLOCK_INTENT} />
      <FormError id={form.errorId} errors={form.errors} />
      <Field field={fields.date} label="Date" type="date" min={today} max={lastDate} />
      <CheckboxField field={fields.allDay} label="Whole day" />
      <fieldset className="grid gap-4 sm:grid-cols-2" disabled={allDay}>
        <legend className="sr-only">Hours (Central Time)</legend>
        {(["startTime", "endTime"] as const).map((name) => {
          const { key, ...props } = getInputProps(fields[name], { type: "time" });
          return (
            <FieldShell key={name} field={fields[name]} label={name === "startTime" ? "From (CT)" : "Until (CT)"}>
              <Input {...props} key={key} step={900} />
            </FieldShell>
          );
        })}
      </fieldset>
      <TextareaField
        field={fields.note}
        label="Note (optional)"
        description={`Only you see it, e.g. "Plant visit in Wichita". Up to ${NOTE_MAX} characters.`}
        rows={2}
      />
      <div>
        <SubmitButton busy={busy} busyText="Blocking...">
          Block time
        </SubmitButton>
      </div>
    </Form>
  );
}

function DeleteConfirmation({ block, action, keepHref, busy }: { block: BlockItem; action: string; keepHref: string; busy: boolean }) {
  return (
    <ConfirmQuestion
      id={`delete-block-${block.id}`}
      question="Delete this block? Its times become bookable again."
      action={action}
      fields={{ intent: DELETE_BLOCK_INTENT, blockId: block.id }}
      confirmLabel="Delete block"
      busyText="Deleting..."
      keepLabel="Keep it"
      keepHref={keepHref}
      busy={busy}
      className="mt-3"
    />
  );
}

function NoBlocks() {
  return (
    <div className="flex flex-col items-center rounded-xl border border-dashed bg-card px-6 py-10 text-center">
      <CalendarOff className="size-8 text-muted-foreground" aria-hidden="true" />
      <p className="mt-3 font-medium">No upcoming blocked times.</p>
      <p className="mt-1 text-sm text-muted-foreground">Visitors can book any slot that is still free.</p>
    </div>
  );
}

/** The list's URL asking whether to delete this block (null: without the question), scrolled to it. */
function deleteHref(listUrl: string, blockId: string | null) {
  const url = new URL(listUrl, "http://list");
  if (blockId) url.searchParams.set("deleteBlock", blockId);
  return `${url.pathname}${url.search}#${blockId ? `block-${blockId}` : "blocked-times"}`;
}

export function BlockList({
  blocks,
  confirmDeleteId,
  listUrl,
  busyDeleteId,
}: {
  blocks: BlockItem[];
  confirmDeleteId: string | null;
  /** The list's URL with its filters: where the forms post, and what the question adds to. */
  listUrl: string;
  busyDeleteId: string | null;
}) {
  return (
    <div className="grid gap-3">
      <h3 className="text-base font-semibold">Upcoming blocks</h3>
      {blocks.length === 0 ? (
        <NoBlocks />
      ) : (
        <ul className="space-y-3">
          {blocks.map((block) => (
            <li key={block.id} id={`block-${block.id}`} className="rounded-xl border bg-card p-4 shadow-sm">
              <div className="flex items-start justify-between gap-3">
                <div className="min-w-0">
                  <p className="font-medium">{block.when}</p>
                  <p className="text-sm text-muted-foreground">{block.hours}</p>
                  {block.note ? <p className="mt-1 text-sm break-words">{block.note}</p> : null}
                </div>
                {confirmDeleteId === block.id ? null : (
                  <Button asChild variant="outline" size="sm">
                    <Link to={deleteHref(listUrl, block.id)} preventScrollReset aria-label={`Delete block: ${block.when}, ${block.hours}`}>
                      <Trash2 aria-hidden="true" />
                      Delete
                    </Link>
                  </Button>
                )}
              </div>
              {block.conflicts.length > 0 ? (
                <div className="mt-3 flex gap-2 rounded-lg border border-amber-500/40 bg-amber-50 p-3 text-sm text-amber-950">
                  <AlertTriangle className="mt-0.5 size-4 shrink-0 text-amber-700" aria-hidden="true" />
                  <div className="min-w-0">
                    <p className="font-medium">
                      {block.conflicts.length === 1 ? "A booking falls" : `${block.conflicts.length} bookings fall`} in this block:
                    </p>
                    <ul className="mt-1 space-y-0.5">
                      {block.conflicts.map((conflict) => (
                        <li key={conflict.id}>
                          <Link to={`/admin/bookings/${conflict.id}`} className="underline underline-offset-4 hover:no-underline">
                            {conflict.label}
                          </Link>
                        </li>
                      ))}
                    </ul>
                  </div>
                </div>
              ) : null}
              {confirmDeleteId === block.id ? (
                <DeleteConfirmation block={block} action={listUrl} keepHref={deleteHref(listUrl, null)} busy={busyDeleteId === block.id} />
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
