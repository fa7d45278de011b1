// The built-in test checkout's page: a card form in the hosted checkout's shape, saying plainly that
// it is a test (no card is charged, nothing is stored but the buyer's details).
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { CreditCard, FlaskConical, Lock } from "lucide-react";
import { Form } from "react-router";
import { Field, FormError, SubmitButton, VALIDATION_TIMING } from "~/components/form";
import { Button } from "~/components/ui/button";
import { bootcamp } from "~/content/bootcamp";
import { formatCents } from "~/lib/money";
import { CANCEL_INTENT, PAY_INTENT, testPaymentSchema } from "../forms";

export function TestCheckoutForm({
  amountCents,
  email,
  lastResult,
  busy,
}: {
  amountCents: number;
  email: string;
  lastResult: SubmissionResult<string[]> | undefined;
  busy: boolean;
}) {
  const [form, fields] = useForm({
    id: "test-checkout",
    lastResult,
    constraint: getZodConstraint(testPaymentSchema),
    defaultValue: { email, cardNumber: "4242 4242 4242 4242" },
    ...VALIDATION_TIMING,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: testPaymentSchema }),
  });
  const amount = formatCents(amountCents);
  return (
    // Inside the root layout's <main>: one main landmark per page.
    <div className="mx-auto grid max-w-4xl gap-8 px-4 py-10 sm:px-6 md:grid-cols-2">
      <section aria-labelledby="summary-heading" className="space-y-4">
        <p role="note" className="flex items-center gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm font-medium text-amber-950">
          <FlaskConical aria-hidden="true" className="size-4" />
          Test mode: no card is charged. This site has no payment provider configured.
        </p>
        <h1 id="summary-heading" className="text-lg text-muted-foreground">
          Pay Halvorsen Manufacturing Advisory
        </h1>
        <p className="text-4xl font-bold tabular-nums">{amount}</p>
        <div className="rounded-lg border bg-card p-4">
          <p className="font-medium">{bootcamp.name}</p>
          <p className="text-sm text-muted-foreground">{bootcamp.length.display} on-site · qty 1</p>
        </div>
      </section>
      <section aria-label="Payment details" className="rounded-xl border bg-card p-6 shadow-sm">
        <Form method="post" {...getFormProps(form)} className="grid gap-4">
          <FormError id={form.errorId} errors={form.errors} />
          <Field field={fields.email} label="Email" type="email" autoComplete="email" />
          <Field field={fields.cardNumber} label="Card information" inputMode="numeric" autoComplete="off" description="Use the test card 4242 4242 4242 4242." />
          <Field field={fields.name} label="Name on card" autoComplete="cc-name" />
          <Field field={fields.companyName} label="Company name" autoComplete="organization" />
          <Field field={fields.phone} label="Phone number" type="tel" autoComplete="tel" />
          <SubmitButton name="intent" value={PAY_INTENT} busy={busy} busyText="Processing..." size="lg" className="mt-2 w-full">
            <Lock aria-hidden="true" />
            Pay {amount}
          </SubmitButton>
        </Form>
        <Form method="post" className="mt-3">
          <Button type="submit" name="intent" value={CANCEL_INTENT} variant="ghost" className="w-full" formNoValidate>
            Cancel and return to the site
          </Button>
        </Form>
        <p className="mt-4 flex items-center justify-center gap-1 text-xs text-muted-foreground">
          <CreditCard aria-hidden="true" className="size-3" /> The card number is checked for shape only and never stored.
        </p>
      </section>
    </div>
  );
}
