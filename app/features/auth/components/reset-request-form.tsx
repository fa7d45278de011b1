// The forgot-password panel: asks for the address, the server e-mails a link back to /admin-login.
import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useFetcher } from "react-router";
import { toast } from "~/components/toast";
import { Field, FormError, isValidationIntent, SubmitButton, VALIDATION_TIMING, useToast } from "~/components/form";
import { Button } from "~/components/ui/button";
import type { AuthActionResult } from "../action-result";
import { MISSING_EMAIL, resetRequestSchema } from "../forms";

export function ResetRequestForm({ id, action, onCancel }: { id: string; action: string; onCancel: () => void }) {
  const fetcher = useFetcher<AuthActionResult>();
  const result = fetcher.data?.intent === "request-reset" ? fetcher.data : undefined;
  const [form, fields] = useForm({
    id,
    lastResult: result?.reply,
    constraint: getZodConstraint(resetRequestSchema),
    ...VALIDATION_TIMING,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: resetRequestSchema }),
  });
  useToast(result?.toast);
  const submitting = fetcher.state !== "idle";
  const formProps = getFormProps(form);

  return (
    <fetcher.Form
      method="post"
      action={action}
      {...formProps}
      onSubmit={(event) => {
        // Only a real submission toasts; Conform's validation while typing submits too.
        if (!isValidationIntent(event) && !String(new FormData(event.currentTarget).get("email") ?? "").trim()) {
          toast.error("Missing email", { description: MISSING_EMAIL });
        }
        formProps.onSubmit(event);
      }}
      className="grid gap-4"
    >
      <input type="hidden" name="intent" value="request-reset" />
      <FormError id={form.errorId} errors={form.errors} />
      {result?.ok ? (
        <p role="status" className="rounded-md border border-primary/20 bg-secondary px-3 py-2 text-sm">
          If an account exists for that address, a reset link is on its way. Check your email for password
          reset instructions.
        </p>
      ) : null}
      <Field field={fields.email} label="Email" type="email" autoComplete="email" />
      <div className="flex flex-wrap gap-3">
        <SubmitButton busy={submitting} busyText="Sending...">
          Send Reset Email
        </SubmitButton>
        <Button type="button" variant="outline" onClick={onCancel}>
          Back to Sign In
        </Button>
      </div>
    </fetcher.Form>
  );
}
