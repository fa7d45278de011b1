// The checkout's forms, shared by the pages and their actions. Browser-safe.
import { z } from "~/lib/zod";
import { emailAddressField } from "~/lib/email-address";
import { formatCents } from "~/lib/money";
import { plainText } from "~/lib/plain-text";

/** 'Enroll Now': the affiliate reference the page kept (SPEC.md section 4), if any. */
export const createPaymentSchema = z.object({
  affiliateRef: plainText().trim().max(100).optional(),
});

export const PAY_INTENT = "pay";
export const CANCEL_INTENT = "cancel";

const required = (message: string, max = 200) => plainText({ error: message }).trim().min(1, { error: message }).max(max, { error: `Please keep this under ${max} characters.` });

/** The built-in test checkout's card form: the details Stripe's page collects, and a test card. */
export const testPaymentSchema = z.object({
  intent: z.literal(PAY_INTENT),
  email: emailAddressField({ required: "Please enter a valid email address", invalid: "Please enter a valid email address" }),
  name: required("Please enter the name on the card."),
  companyName: required("Please enter your company name."),
  phone: required("Please enter a valid phone number", 40).refine((value) => value.replace(/\D/g, "").length >= 10, { error: "Please enter a valid phone number" }),
  // Never stored: the test checkout only checks that it looks like a card number.
  cardNumber: plainText({ error: "Use the test card 4242 4242 4242 4242." })
    .transform((value) => value.replace(/[\s-]/g, ""))
    .refine((value) => /^\d{12,19}$/.test(value), { error: "Use the test card 4242 4242 4242 4242." }),
});

export const cancelPaymentSchema = z.object({ intent: z.literal(CANCEL_INTENT) });

export const REFUND_INTENT = "refund";

const REFUND_AMOUNT_FORMAT = "Enter the amount to refund, like 7500.00.";

/**
 * The admin's refund (test checkout only): an amount in dollars, the whole remainder by default,
 * from a cent to `refundableCents` when that is known (the page knows it, so the amount is checked
 * before the refund is asked for; the action checks it again on the locked order).
 */
export function refundSchema(refundableCents?: number) {
  const range = refundableCents === undefined ? "Refund at least $0.01." : `Refund between $0.01 and ${formatCents(refundableCents)}.`;
  return z.object({
    intent: z.literal(REFUND_INTENT),
    amount: plainText({ error: REFUND_AMOUNT_FORMAT })
      .trim()
      .regex(/^\d{1,7}(\.\d{1,2})?$/, { error: REFUND_AMOUNT_FORMAT, abort: true })
      .refine((value) => refundCents(value) >= 1 && refundCents(value) <= (refundableCents ?? Number.POSITIVE_INFINITY), { error: range }),
  });
}

export const refundCents = (amount: string) => Math.round(Number(amount) * 100);
