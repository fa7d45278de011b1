// Where the password-reset e-mail's link lands (/admin-login?token=…): choose a new password.
import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import type { AuthActionResult } from "../action-result";
import { newPasswordSchema } from "../schema";
import { FormErrors, FormField } from "./form-field";

export const NEW_PASSWORD_FORM = "new-password";

export function NewPasswordForm({ token }: { token: string }) {
  // Keyed: the page reads the same fetcher (useAuthResult) for toasts and navigation.
  const fetcher = useFetcher<AuthActionResult>({ key: NEW_PASSWORD_FORM });
  const result = fetcher.data?.intent === "reset-password" ? fetcher.data : undefined;
  const [form, fields] = useForm({
    id: NEW_PASSWORD_FORM,
    lastResult: result?.reply,
    constraint: getZodConstraint(newPasswordSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: newPasswordSchema }),
  });
  const submitting = fetcher.state !== "idle";

  return (
    <fetcher.Form method="post" action="/admin-login" {...getFormProps(form)} className="grid gap-4">
      <input type="hidden" name="intent" value="reset-password" />
      <input type="hidden" name="token" value={token} />
      <FormErrors id={form.errorId} errors={form.errors} />
      <FormField
        field={fields.password}
        label="New password"
        type="password"
        autoComplete="new-password"
        hint="At least 8 characters."
      />
      <FormField field={fields.confirmPassword} label="Repeat new password" type="password" autoComplete="new-password" />
      <Button type="submit" disabled={submitting} aria-busy={submitting}>
        {submitting ? "Updating..." : "Update Password"}
      </Button>
    </fetcher.Form>
  );
}
