// The detailed affiliate application (SPEC.md section 5): payout e-mail, experience, audience and
// promotion plan required; social handles optional. A plain form post: it works before the
// scripts load, and the same schema checks it on the server.
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form } from "react-router";
import { Field, FormError, isValidationIntent, SubmitButton, TextareaField, VALIDATION_TIMING } from "~/components/form";
import { toast } from "~/components/toast";
import { applicationProblem } from "../application-problem";
import { APPLY_INTENT, applicationSchema } from "../schemas";

export function ApplicationForm({
  lastResult,
  busy,
  defaultPayoutEmail,
}: {
  lastResult: SubmissionResult<string[]> | undefined;
  busy: boolean;
  defaultPayoutEmail: string;
}) {
  const [form, fields] = useForm({
    id: "affiliate-application",
    lastResult,
    constraint: getZodConstraint(applicationSchema),
    defaultValue: { payoutEmail: defaultPayoutEmail },
    ...VALIDATION_TIMING,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: applicationSchema }),
  });
  const formProps = getFormProps(form);

  return (
    <Form
      method="post"
      {...formProps}
      onSubmit={(event) => {
        // The spec's toast when a required field is missing (the fields say which), else the
        // field's own problem. Only a real submission toasts; Conform's validation while typing
        // submits too.
        const submission = parseWithZod(new FormData(event.currentTarget), { schema: applicationSchema });
        if (!isValidationIntent(event) && submission.status !== "success") toast.error(applicationProblem(submission.error));
        formProps.onSubmit(event);
      }}
      className="grid gap-6"
    >
      <input type="hidden" name="intent" value={APPLY_INTENT} />
      <FormError id={form.errorId} errors={form.errors} />
      <Field field={fields.payoutEmail} label="Payout Email *" type="email" autoComplete="email" description="Where we send your commission payments." />
      <TextareaField field={fields.experience} label="Experience *" rows={4} placeholder="Your background in manufacturing, engineering or content creation" />
      <TextareaField field={fields.audience} label="Audience *" rows={4} placeholder="Who follows you: shop owners, machinists, plant managers..." />
      <TextareaField field={fields.promotionPlan} label="Promotion Plan *" rows={4} placeholder="How you plan to promote the bootcamp" />
      <fieldset className="grid gap-4 rounded-lg border p-4">
        <legend className="px-1 text-sm font-medium">Social handles (optional)</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field field={fields.twitter} label="X / Twitter" placeholder="@handle" />
          <Field field={fields.instagram} label="Instagram" placeholder="@handle" />
          <Field field={fields.linkedin} label="LinkedIn" placeholder="linkedin.com/in/you" />
          <Field field={fields.youtube} label="YouTube" placeholder="youtube.com/@channel" />
          <Field field={fields.website} label="Website" placeholder="https://example.com" />
        </div>
      </fieldset>
      <div>
        <SubmitButton busy={busy} busyText="Submitting..." size="lg">
          Submit Application
        </SubmitButton>
      </div>
    </Form>
  );
}
