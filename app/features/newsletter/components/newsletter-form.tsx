// The sign-up form of the footer and the popup, once the page runs its scripts: a fetcher form
// posting to /newsletter (the schema checks first; every answer is a toast, and the field's message
// under the field). Without JavaScript the footer's plain form stands in (newsletter-footer.tsx).
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useEffect } from "react";
import { useFetcher } from "react-router";
import { Field, FormError, isValidationIntent, SubmitButton, useToast, VALIDATION_TIMING, type ActionResult } from "~/components/form";
import { toast } from "~/components/toast";
import { cn } from "~/lib/utils";
import { invalidFormToast, SUBSCRIBE_ACTION, type NewsletterSource } from "../messages";
import { markPopupShown } from "../popup-flag";
import { newsletterSchema } from "../forms";

export function NewsletterForm({
  id,
  source,
  redirectedFieldError,
  onSubscribed,
  className,
}: {
  id: string;
  source: NewsletterSource;
  /** The field's message a plain form post came back with (posted before the scripts ran). */
  redirectedFieldError?: string;
  onSubscribed?: () => void;
  className?: string;
}) {
  const fetcher = useFetcher<ActionResult>();
  const redirectedReply: SubmissionResult<string[]> | undefined = redirectedFieldError
    ? { status: "error", error: { email: [redirectedFieldError] } }
    : undefined;
  const [form, fields] = useForm({
    id,
    lastResult: fetcher.data?.reply ?? redirectedReply,
    constraint: getZodConstraint(newsletterSchema),
    ...VALIDATION_TIMING,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: newsletterSchema }),
  });
  useToast(fetcher.data?.toast);
  useEffect(() => {
    if (!fetcher.data?.ok) return;
    // Subscribed (here or in the popup): the popup has nothing left to offer, on this page or later.
    markPopupShown();
    onSubscribed?.();
    // Once per answer.
  }, [fetcher.data]);

  const formProps = getFormProps(form);
  return (
    <fetcher.Form
      method="post"
      action={SUBSCRIBE_ACTION}
      {...formProps}
      onSubmit={(event) => {
        // The schema's message as a toast too; Conform's checks while typing submit as well.
        if (!isValidationIntent(event)) {
          const checked = parseWithZod(new FormData(event.currentTarget), { schema: newsletterSchema });
          if (checked.status !== "success") {
            const answer = invalidFormToast(checked.error?.email);
            toast.error(answer.title, { description: answer.description });
          }
        }
        formProps.onSubmit(event);
      }}
      className={cn("grid gap-3", className)}
    >
      <input type="hidden" name="source" value={source} />
      <FormError id={form.errorId} errors={form.errors} />
      <div className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-start">
        <Field
          field={fields.email}
          label={<span className="sr-only">Email address</span>}
          type="email"
          autoComplete="email"
          placeholder="Enter your email"
        />
        {/* Level with the input: the field's (visually hidden) label row takes its gap above it. */}
        <SubmitButton busy={fetcher.state !== "idle"} busyText="Subscribing..." variant="brand" className="h-9 sm:mt-2">
          Subscribe
        </SubmitButton>
      </div>
    </fetcher.Form>
  );
}
