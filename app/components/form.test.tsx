// The form kit's controls give exactly the props Conform's own helpers give for the same field
// (they read each property once, and only the constraints a control can carry): the same HTML,
// valid and invalid, with and without descriptions, for every kind of control and constraint.
import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { CheckboxField, Field, FieldShell, SelectField, TextareaField } from "./form";
import { Input } from "./ui/input";
import { NativeSelect } from "./ui/native-select";
import { Textarea } from "./ui/textarea";

const schema = z.object({
  name: z.string().min(2).max(40),
  nickname: z.string().max(20).optional(),
  email: z.email(),
  code: z.string().regex(/^[A-Z]{3}\d{3}$/),
  percent: z.coerce.number().min(0).max(100).multipleOf(0.5),
  day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  size: z.enum(["small", "large"]),
  notes: z.string().min(10).max(500),
  agree: z.literal("on").optional(),
});
// Zod's constraints as Conform reads them (required, multiple), with the rest a form may state by hand.
const constraint = {
  ...getZodConstraint(schema),
  name: { required: true, minLength: 2, maxLength: 40 },
  code: { required: true, pattern: "^[A-Z]{3}\\d{3}$" },
  percent: { required: true, min: 0, max: 100, step: 0.5 },
  day: { required: true, min: "2026-01-01", max: "2026-12-31" },
  notes: { required: true, minLength: 10, maxLength: 500 },
};
const options = [
  { value: "small", label: "Small" },
  { value: "large", label: "Large" },
];

/** What the kit drew before: Conform's helpers on the field itself. */
function ConformField({ field, type, description }: { field: FieldMetadata<string>; type: string; description?: string }) {
  const { key, ...props } = getInputProps(field, { type: type as "text", ariaDescribedBy: description ? field.descriptionId : undefined });
  return (
    <FieldShell field={field} label="Label" description={description}>
      <Input {...props} key={key} />
    </FieldShell>
  );
}

function TheForm({ kit, lastResult, described }: { kit: boolean; lastResult?: SubmissionResult<string[]>; described: boolean }) {
  const [form, fields] = useForm({
    id: "kit",
    lastResult,
    constraint,
    defaultValue: { name: "Ada", size: "large", notes: "", agree: "on" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const description = described ? "A few words" : undefined;
  const textFields = [
    [fields.name, "text"],
    [fields.nickname, "text"],
    [fields.email, "email"],
    [fields.code, "text"],
    [fields.percent, "number"],
    [fields.day, "date"],
  ] as const;
  return (
    <form {...getFormProps(form)}>
      {textFields.map(([field, type]) =>
        kit ? (
          <Field key={field.name} field={field as FieldMetadata<string>} label="Label" type={type} description={description} />
        ) : (
          <ConformField key={field.name} field={field as FieldMetadata<string>} type={type} description={description} />
        ),
      )}
      {kit ? (
        <SelectField field={fields.size} label="Label" options={options} description={description} />
      ) : (
        <FieldShell field={fields.size} label="Label" description={description}>
          <NativeSelect {...getSelectProps(fields.size, { ariaDescribedBy: description ? fields.size.descriptionId : undefined })} key={undefined}>
            {options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </NativeSelect>
        </FieldShell>
      )}
      {kit ? (
        <TextareaField field={fields.notes} label="Label" description={description} />
      ) : (
        <FieldShell field={fields.notes} label="Label" description={description}>
          <Textarea {...getTextareaProps(fields.notes, { ariaDescribedBy: description ? fields.notes.descriptionId : undefined })} key={undefined} />
        </FieldShell>
      )}
      {kit ? <CheckboxField field={fields.agree} label="Label" /> : <input {...getInputProps(fields.agree, { type: "checkbox" })} key={undefined} className="size-4 accent-primary" />}
    </form>
  );
}

function invalidSubmission() {
  const formData = new FormData();
  for (const [name, value] of Object.entries({ name: "A", email: "not-an-address", code: "abc", percent: "101", day: "soon", size: "medium", notes: "short" })) {
    formData.set(name, value);
  }
  return parseWithZod(formData, { schema }).reply();
}

describe("the form kit's controls", () => {
  it.each([
    ["as first drawn", undefined, false],
    ["as first drawn, with descriptions", undefined, true],
    ["after an invalid submission", invalidSubmission(), false],
    ["after an invalid submission, with descriptions", invalidSubmission(), true],
  ])("draw what Conform's helpers draw, %s", (_, lastResult, described) => {
    const kit = renderToStaticMarkup(<TheForm kit lastResult={lastResult} described={described} />);
    const conform = renderToStaticMarkup(<TheForm kit={false} lastResult={lastResult} described={described} />);
    // The checkbox's label and notes are the kit's own; compare the controls and the fields' shells.
    const withoutCheckboxLabel = (html: string) => html.replace(/<div class="grid gap-1">.*?(<input[^>]*type="checkbox"[^>]*>).*<\/form>/s, "$1</form>");
    expect(withoutCheckboxLabel(kit)).toBe(withoutCheckboxLabel(conform));
    // Each constraint reached its control.
    expect(kit).toContain('minLength="2" maxLength="40"');
    expect(kit).toContain('pattern="^[A-Z]{3}\\d{3}$"');
    expect(kit).toContain('min="0" max="100" step="0.5"');
    expect(kit).toContain('min="2026-01-01" max="2026-12-31"');
    expect(kit).toContain('minLength="10" maxLength="500"');
    if (lastResult) expect(kit).toContain('aria-invalid="true"');
  });
});
