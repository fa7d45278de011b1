// The house form kit (Conform + Zod): one schema per form, shared by the component (instant
// feedback) and the action (the decision). Every form on the site builds on these pieces:
//
//   const [form, fields] = useForm({ id, lastResult: result?.reply, constraint: getZodConstraint(schema),
//     ...VALIDATION_TIMING, onValidate: ({ formData }) => parseWithZod(formData, { schema }) });
//   <Form method="post" {...getFormProps(form)}>
//     <FormError id={form.errorId} errors={form.errors} />
//     <Field field={fields.email} label="Email" type="email" autoComplete="email" />
//     <SubmitButton busy={busy} busyText="Sending...">Send</SubmitButton>
//   </Form>
//   useToast(result?.toast);   // the action's answer, once per answer
//
// Beside Field: SelectField, TextareaField and CheckboxField, bound the same way. A fetcher form
// (a button that changes one thing in place) answers the same ActionResult and shows it with
// useFetcherToast(fetcher). Mutations are form posts, never JSON (decision 010): they work
// before the scripts load, and the same schema checks them on both sides.
import { getInputProps, getSelectProps, getTextareaProps, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { useToast } from "~/components/toast";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/native-select";
import { Textarea } from "~/components/ui/textarea";
import type { Toast } from "~/lib/toast";

// Part of the kit; it lives with the lazily loaded toasts (sonner is not on first paint).
export { useToast };

/**
 * When the browser checks a form: first on submit, then as the visitor corrects each field. Not on
 * blur: a message appearing under the field being left moves the submit button away from the
 * pointer between press and release, and the click is lost.
 */
export const VALIDATION_TIMING = { shouldValidate: "onSubmit", shouldRevalidate: "onInput" } as const;

/** What a form's action answers: Conform's reply (field and form errors) and a toast. */
export type ActionResult = {
  ok: boolean;
  toast?: Toast;
  reply?: SubmissionResult<string[]>;
  /** After success, where the page goes (it navigates on the client once the toast is up). */
  navigateTo?: string;
};

/**
 * A fetcher form's answer (an ActionResult), its toast shown once per answer: only when the
 * fetcher is idle again, so a new submission's answer is a new toast.
 */
export function useFetcherToast(fetcher: { state: "idle" | "loading" | "submitting"; data?: ActionResult }) {
  useToast(fetcher.state === "idle" ? fetcher.data?.toast : undefined);
}

/**
 * A label, the control, an optional description and the field's first error, wired together
 * for assistive technology (the error is announced with the field).
 */
export function FieldShell({
  field,
  label,
  description,
  children,
}: {
  field: Pick<FieldMetadata<unknown>, "id" | "errorId" | "descriptionId" | "errors">;
  label: React.ReactNode;
  description?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={field.id}>{label}</Label>
      {children}
      <FieldNotes field={field} description={description} />
    </div>
  );
}

/** A field's description and its first error, under the control (ids for aria-describedby). */
function FieldNotes({
  field,
  description,
}: {
  field: Pick<FieldMetadata<unknown>, "errorId" | "descriptionId" | "errors">;
  description?: React.ReactNode;
}) {
  return (
    <>
      {description ? (
        <p id={field.descriptionId} className="text-xs text-muted-foreground">
          {description}
        </p>
      ) : null}
      {field.errors?.length ? (
        <p id={field.errorId} className="text-sm text-destructive">
          {field.errors[0]}
        </p>
      ) : null}
    </>
  );
}

type InputType = "text" | "email" | "password" | "tel" | "url" | "number" | "date";

type Constraint = "minLength" | "maxLength" | "pattern" | "min" | "max" | "step" | "multiple" | "accept";
const TEXT_CONSTRAINTS: readonly Constraint[] = ["minLength", "maxLength", "pattern", "multiple"];
const ALL_CONSTRAINTS: readonly Constraint[] = ["minLength", "maxLength", "pattern", "min", "max", "step", "multiple", "accept"];
/** The constraints a text-like input can carry (min, max and step are for numbers and dates; accept for files). */
const constraintsOf = (type: InputType | "checkbox") =>
  type === "number" || type === "date" ? ALL_CONSTRAINTS : type === "checkbox" ? [] : TEXT_CONSTRAINTS;

/**
 * The field as Conform's prop helpers read it, each property read once. Conform builds a new
 * metadata object and Proxy for every property read of a field, and its helpers read all eight
 * constraints of every control: about twenty reads a field, a tenth of /booking's render. This
 * reads the ones the control can have (the rest are undefined, as Conform would say), and the
 * error and description ids only when they are used.
 */
function readField(field: FieldMetadata<unknown>, constraints: readonly Constraint[]): FieldMetadata<unknown> {
  const read: Record<string, unknown> = {
    id: field.id,
    name: field.name,
    formId: field.formId,
    errors: field.errors,
    required: field.required,
    initialValue: field.initialValue,
    get errorId() {
      return field.errorId;
    },
    get descriptionId() {
      return field.descriptionId;
    },
  };
  for (const constraint of constraints) read[constraint] = field[constraint];
  return read as unknown as FieldMetadata<unknown>;
}

/** A labelled text input bound to a Conform field. */
export function Field({
  field,
  label,
  description,
  type = "text",
  ...inputProps
}: {
  field: FieldMetadata<string>;
  label: React.ReactNode;
  description?: React.ReactNode;
  type?: InputType;
} & Pick<React.ComponentProps<"input">, "autoComplete" | "placeholder" | "inputMode" | "min" | "max" | "step">) {
  const read = readField(field, constraintsOf(type));
  const { key, ...conformProps } = getInputProps(read, { type, ariaDescribedBy: description ? read.descriptionId : undefined });
  return (
    <FieldShell field={read} label={label} description={description}>
      <Input {...conformProps} {...inputProps} key={key} />
    </FieldShell>
  );
}

/** A labelled native <select> bound to a Conform field; `options` in the order shown. */
export function SelectField({
  field,
  label,
  description,
  options,
  placeholder,
  ...selectProps
}: {
  field: FieldMetadata<string>;
  label: React.ReactNode;
  description?: React.ReactNode;
  options: ReadonlyArray<{ value: string; label: string; disabled?: boolean }>;
  /** A first, empty choice ("Choose…"): the field stays unanswered until one is picked. */
  placeholder?: string;
} & Pick<React.ComponentProps<"select">, "autoComplete">) {
  const read = readField(field, ["multiple"]);
  const { key, ...conformProps } = getSelectProps(read, { ariaDescribedBy: description ? read.descriptionId : undefined });
  return (
    <FieldShell field={read} label={label} description={description}>
      <NativeSelect {...conformProps} {...selectProps} key={key}>
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
      </NativeSelect>
    </FieldShell>
  );
}

/** A labelled textarea bound to a Conform field. */
export function TextareaField({
  field,
  label,
  description,
  ...textareaProps
}: {
  field: FieldMetadata<string>;
  label: React.ReactNode;
  description?: React.ReactNode;
} & Pick<React.ComponentProps<"textarea">, "rows" | "placeholder">) {
  const read = readField(field, ["minLength", "maxLength"]);
  const { key, ...conformProps } = getTextareaProps(read, { ariaDescribedBy: description ? read.descriptionId : undefined });
  return (
    <FieldShell field={read} label={label} description={description}>
      <Textarea {...conformProps} {...textareaProps} key={key} />
    </FieldShell>
  );
}

/**
 * A checkbox with its label beside it, bound to a Conform field. It posts "on" when ticked and
 * nothing otherwise: its schema reads `z.literal("on").optional()`.
 */
export function CheckboxField({
  field,
  label,
  description,
}: {
  field: FieldMetadata<string | boolean>;
  label: React.ReactNode;
  description?: React.ReactNode;
}) {
  const read = readField(field, constraintsOf("checkbox"));
  const { key, ...conformProps } = getInputProps(read, { type: "checkbox", ariaDescribedBy: description ? read.descriptionId : undefined });
  return (
    <div className="grid gap-1">
      <div className="flex items-center gap-2">
        <input {...conformProps} key={key} className="size-4 accent-primary" />
        <Label htmlFor={read.id}>{label}</Label>
      </div>
      <FieldNotes field={read} description={description} />
    </div>
  );
}

/** The form-level error (a failure that belongs to no single field), announced when it appears. */
export function FormError({ id, errors }: { id: string; errors: string[] | undefined }) {
  if (!errors?.length) return null;
  return (
    <p id={id} role="alert" className="rounded-md border border-destructive/30 bg-destructive/5 px-3 py-2 text-sm text-destructive">
      {errors[0]}
    </p>
  );
}

/** The submit button: disabled and saying `busyText` while the form is in flight. */
export function SubmitButton({
  busy,
  busyText,
  children,
  ...props
}: { busy: boolean; busyText: string } & Omit<React.ComponentProps<typeof Button>, "type">) {
  return (
    <Button type="submit" disabled={busy || props.disabled} aria-busy={busy} {...props}>
      {busy ? busyText : children}
    </Button>
  );
}

/**
 * True when a submit event is Conform validating a field (as the visitor types), not the visitor
 * submitting: handlers that react to a real submission (a 'Missing information' toast) skip it.
 */
export function isValidationIntent(event: React.FormEvent<HTMLFormElement>): boolean {
  const submitter = (event.nativeEvent as SubmitEvent).submitter;
  return submitter?.getAttribute("name") === "__intent__";
}
