// The affiliate program's forms, one Zod schema each, shared by the pages and their actions.
// Browser-safe.
import { z } from "~/lib/zod";
import { emailAddressField } from "~/lib/email-address";
import { plainText } from "~/lib/plain-text";
import { dollarsToCents } from "~/lib/money";
import { STATUS_ACTION_NAMES } from "./status";
import { checkLinkTarget, TARGET_REQUIRED_MESSAGE } from "./link-target";

export const REQUIRED_FIELDS_MESSAGE = "Please fill in all required fields";
const EMAIL_MESSAGE = "Please enter a valid email address";

const required = (max: number) =>
  plainText({ error: REQUIRED_FIELDS_MESSAGE }).trim().min(1, { error: REQUIRED_FIELDS_MESSAGE }).max(max, { error: `Please keep this under ${max} characters.` });
const optionalHandle = plainText().trim().max(200, { error: "Please keep this under 200 characters." }).optional();

export const APPLY_INTENT = "apply";
export const QUICK_APPLY_INTENT = "quick-apply";

/** The detailed application (/affiliate-application, SPEC.md section 5). */
export const applicationSchema = z.object({
  intent: z.literal(APPLY_INTENT),
  payoutEmail: emailAddressField({ required: REQUIRED_FIELDS_MESSAGE, invalid: EMAIL_MESSAGE }),
  experience: required(5000),
  audience: required(5000),
  promotionPlan: required(5000),
  twitter: optionalHandle,
  instagram: optionalHandle,
  linkedin: optionalHandle,
  website: optionalHandle,
  youtube: optionalHandle,
});

/** 'Apply to Become an Affiliate' on the dashboard: nothing to fill in. */
export const quickApplySchema = z.object({ intent: z.literal(QUICK_APPLY_INTENT) });

export const CREATE_LINK_INTENT = "create-link";
export const DEACTIVATE_LINK_INTENT = "deactivate-link";

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const SLUG_MESSAGE = "Use 3 to 48 lower-case letters, digits and single hyphens, like spring-promo.";

/** 'Create Custom Link': name and target required (the field starts at /bootcamp), slug optional. */
export const createLinkSchema = z.object({
  intent: z.literal(CREATE_LINK_INTENT),
  name: plainText({ error: "Please enter a link name." }).trim().min(1, { error: "Please enter a link name." }).max(100, { error: "Please keep the name under 100 characters." }),
  targetUrl: plainText({ error: TARGET_REQUIRED_MESSAGE })
    .trim()
    .max(500, { error: "Please keep the target under 500 characters." })
    .transform((value, ctx) => {
      const checked = checkLinkTarget(value);
      if ("problem" in checked) ctx.addIssue({ code: "custom", message: checked.problem });
      return "path" in checked ? checked.path : z.NEVER;
    }),
  customSlug: plainText()
    .trim()
    .toLowerCase()
    .refine((value) => value.length >= 3 && value.length <= 48 && SLUG_PATTERN.test(value), { error: SLUG_MESSAGE })
    .optional(),
});

export const deactivateLinkSchema = z.object({
  intent: z.literal(DEACTIVATE_LINK_INTENT),
  linkId: z.uuid({ error: "Unknown link." }),
});

export const STATUS_INTENT = "status";
export const EDIT_INTENT = "edit";
export const PAYOUT_INTENT = "payout";

/** Approve, Reject, Suspend, Reactivate (the server checks the transition). */
export const statusActionSchema = z.object({
  intent: z.literal(STATUS_INTENT),
  affiliateId: z.uuid({ error: "Unknown affiliate." }),
  action: z.enum(STATUS_ACTION_NAMES, { error: "Unknown action." }),
});

/** The edit dialog: Commission Rate (%) 0-100 step 0.1, stored as a fraction; Payout Email. */
export const editAffiliateSchema = z.object({
  intent: z.literal(EDIT_INTENT),
  affiliateId: z.uuid({ error: "Unknown affiliate." }),
  commissionPercent: z.coerce
    .number<string>({ error: "Enter a rate between 0 and 100." })
    .min(0, { error: "Enter a rate between 0 and 100." })
    .max(100, { error: "Enter a rate between 0 and 100." })
    .refine((value) => Math.abs(value * 10 - Math.round(value * 10)) < 1e-9, { error: "Use at most one decimal, like 12.5." }),
  payoutEmail: emailAddressField({ required: EMAIL_MESSAGE, invalid: EMAIL_MESSAGE }).optional(),
});

/** Recording a payout: what was sent, when, how, and its reference. */
export const payoutSchema = z.object({
  intent: z.literal(PAYOUT_INTENT),
  affiliateId: z.uuid({ error: "Unknown affiliate." }),
  amount: plainText({ error: "Enter the amount paid, like 1125.00." }).transform((value, ctx) => {
    const cents = dollarsToCents(value);
    if (cents === null || cents <= 0) ctx.addIssue({ code: "custom", message: "Enter the amount paid, like 1125.00." });
    return cents ?? z.NEVER;
  }),
  paidOn: z.iso.date({ error: "Enter the day it was paid." }),
  method: plainText().trim().max(100, { error: "Please keep this under 100 characters." }).optional(),
  reference: plainText().trim().max(200, { error: "Please keep this under 200 characters." }).optional(),
  note: plainText().trim().max(1000, { error: "Please keep the note under 1000 characters." }).optional(),
});
