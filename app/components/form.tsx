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
import { getInputProps, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import type { Toast } from "~/lib/toast";

// Part of the kit; it lives with the lazily loaded toasts (sonner is not on first paint).
export { useToast } from "~/components/toast";

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
    </div>
  );
}

type InputType = "text" | "email" | "password" | "tel" | "url" | "number" | "date";

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
} & Pick<React.ComponentProps<"input">, "autoComplete" | "placeholder" | "inputMode" | "min" | "max">) {
  const { key, ...conformProps } = getInputProps(field, { type, ariaDescribedBy: description ? field.descriptionId : undefined });
  return (
    <FieldShell field={field} label={label} description={description}>
      <Input {...conformProps} {...inputProps} key={key} />
    </FieldShell>
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
