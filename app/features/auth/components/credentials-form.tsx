// E-mail + password, in sign-in or sign-up mode, for /admin-login and /auth (SPEC.md section 2).
import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useFetcher } from "react-router";
import { toast } from "~/components/toast";
import { Field, FormError, isValidationIntent, SubmitButton, VALIDATION_TIMING } from "~/components/form";
import type { AuthActionResult } from "../action-result";
import { credentialsSchema, MISSING_CREDENTIALS } from "../forms";
import { AuthPending } from "./auth-states";

export type CredentialsMode = "sign-in" | "sign-up";

export type CredentialsLabels = Record<
  CredentialsMode,
  { submit: string; busy: string; toggleQuestion: string; toggleAction: string }
>;

export function CredentialsForm({
  id,
  action,
  mode,
  labels,
  onModeChange,
  onForgotPassword,
}: {
  id: string;
  /** The page's own URL (with its query, e.g. /auth?redirect=…). */
  action: string;
  mode: CredentialsMode;
  labels: CredentialsLabels;
  onModeChange: (mode: CredentialsMode) => void;
  onForgotPassword: () => void;
}) {
  // Keyed: the page reads the same fetcher (useAuthResult) for toasts and navigation.
  const fetcher = useFetcher<AuthActionResult>({ key: id });
  const result = fetcher.data?.intent === "sign-in" || fetcher.data?.intent === "sign-up" ? fetcher.data : undefined;
  const [form, fields] = useForm({
    id,
    lastResult: result?.reply,
    constraint: getZodConstraint(credentialsSchema),
    ...VALIDATION_TIMING,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: credentialsSchema }),
  });

  const submitting = fetcher.state === "submitting";
  // After a successful sign-in the root loader re-reads the session and roles.
  const loadingPermissions = fetcher.state === "loading" && fetcher.formData?.get("intent") === "sign-in";
  const text = labels[mode];
  const formProps = getFormProps(form);

  return (
    <fetcher.Form
      method="post"
      action={action}
      {...formProps}
      onSubmit={(event) => {
        const data = new FormData(event.currentTarget);
        // Only a real submission toasts; Conform's validation while typing submits too.
        const missing = !String(data.get("email") ?? "").trim() || !String(data.get("password") ?? "");
        if (!isValidationIntent(event) && missing) {
          toast.error("Missing information", { description: MISSING_CREDENTIALS });
        }
        formProps.onSubmit(event);
      }}
      className="grid gap-4"
    >
      <input type="hidden" name="intent" value={mode} />
      <FormError id={form.errorId} errors={form.errors} />
      <Field field={fields.email} label="Email" type="email" autoComplete="email" />
      <Field
        field={fields.password}
        label="Password"
        type="password"
        autoComplete={mode === "sign-in" ? "current-password" : "new-password"}
        description={mode === "sign-up" ? "At least 8 characters." : undefined}
      />
      {mode === "sign-in" ? (
        <button
          type="button"
          className="justify-self-start text-sm font-medium text-primary underline-offset-4 hover:underline"
          onClick={onForgotPassword}
        >
          Forgot password?
        </button>
      ) : null}
      <SubmitButton className="w-full" busy={submitting} busyText={text.busy} disabled={loadingPermissions}>
        {text.submit}
      </SubmitButton>
      {loadingPermissions ? <AuthPending message="Loading permissions..." /> : null}
      <p className="text-center text-sm text-muted-foreground">
        {text.toggleQuestion}{" "}
        <button
          type="button"
          className="font-medium text-primary underline-offset-4 hover:underline"
          onClick={() => onModeChange(mode === "sign-in" ? "sign-up" : "sign-in")}
        >
          {text.toggleAction}
        </button>
      </p>
    </fetcher.Form>
  );
}
