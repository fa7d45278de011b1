// The booking form's select and textarea fields, on the form kit's FieldShell (label, control,
// description and error wired together).
import { getSelectProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import { FieldShell } from "~/components/form";
import { NativeSelect } from "~/components/ui/native-select";
import { Textarea } from "~/components/ui/textarea";

export type SelectOption = { value: string; label: string; disabled?: boolean };

export function SelectField({
  field,
  label,
  description,
  placeholder,
  options,
}: {
  field: FieldMetadata<string>;
  label: React.ReactNode;
  description?: React.ReactNode;
  /** A first, empty choice ("Select a time"): the field stays empty until the visitor chooses. */
  placeholder?: string;
  options: readonly SelectOption[];
}) {
  const { key, ...selectProps } = getSelectProps(field, { ariaDescribedBy: description ? field.descriptionId : undefined });
  return (
    <FieldShell field={field} label={label} description={description}>
      <NativeSelect {...selectProps} key={key}>
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

export function TextareaField({
  field,
  label,
  placeholder,
  rows = 4,
}: {
  field: FieldMetadata<string>;
  label: React.ReactNode;
  placeholder?: string;
  rows?: number;
}) {
  const { key, ...textareaProps } = getTextareaProps(field);
  return (
    <FieldShell field={field} label={label}>
      <Textarea {...textareaProps} key={key} placeholder={placeholder} rows={rows} />
    </FieldShell>
  );
}
