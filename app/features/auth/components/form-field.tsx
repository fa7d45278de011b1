import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";

/** A labelled input with its errors underneath (announced with the field). */
export function FormField({
  field,
  label,
  type,
  autoComplete,
  hint,
}: {
  field: FieldMetadata<string>;
  label: string;
  type: "email" | "password";
  autoComplete: string;
  hint?: string;
}) {
  const hintId = hint ? `${field.id}-hint` : undefined;
  const { key, ...inputProps } = getInputProps(field, { type });
  return (
    <div className="grid gap-2">
      <Label htmlFor={field.id}>{label}</Label>
      <Input
        {...inputProps}
        key={key}
        autoComplete={autoComplete}
        aria-describedby={[inputProps["aria-describedby"], hintId].filter(Boolean).join(" ") || undefined}
      />
      {hint ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
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

export function FormErrors({ id, errors }: { id: string; errors: string[] | undefined }) {
  if (!errors?.length) return null;
  return (
    <p id={id} role="alert" className="rounded-md border border-destructive/30 bg-destructive/5 px-3 py-2 text-sm text-destructive">
      {errors[0]}
    </p>
  );
}
