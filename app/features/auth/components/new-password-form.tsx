// Where the password-reset e-mail's link lands (/admin-login?token=…): choose a new password.
import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useFetcher } from "react-router";
import { Field, FormError, SubmitButton, VALIDATION_TIMING } from "~/components/form";
import type { AuthActionResult } from "../action-result";
import { newPasswordSchema } from "../forms";

export const NEW_PASSWORD_FORM = "new-password";

export function NewPasswordForm({ token }: { token: string }) {
  // Keyed: the page reads the same fetcher (useAuthResult) for toasts and navigation.
  const fetcher = useFetcher<AuthActionResult>({ key: NEW_PASSWORD_FORM });
  const result = fetcher.data?.intent === "reset-password" ? fetcher.data : undefined;
  const [form, fields] = useForm({
    id: NEW_PASSWORD_FORM,
    lastResult: result?.reply,
    constraint: getZodConstraint(newPasswordSchema),
    ...VALIDATION_TIMING,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: newPasswordSchema }),
  });
  const submitting = fetcher.state !== "idle";

  return (
    <fetcher.Form method="post" action="/admin-login" {...getFormProps(form)} className="grid gap-4">
      <input type="hidden" name="intent" value="reset-password" />
      <input type="hidden" name="token" value={token} />
      <FormError id={form.errorId} errors={form.errors} />
      <Field
        field={fields.password}
        label="New password"
        type="password"
        autoComplete="new-password"
        description="At least 8 characters."
      />
      <Field field={fields.confirmPassword} label="Repeat new password" type="password" autoComplete="new-password" />
      <SubmitButton busy={submitting} busyText="Updating...">
        Update Password
      </SubmitButton>
    </fetcher.Form>
  );
}
