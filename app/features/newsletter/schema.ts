// The newsletter sign-up's one schema (SPEC.md section 5), shared by the footer form, the popup and
// the /newsletter action. Importable by the browser bundle.
import { z } from "~/lib/zod";
import { plainText } from "~/lib/plain-text";
import { EMAIL_REQUIRED, INVALID_EMAIL, NEWSLETTER_SOURCES } from "./messages";

/** Text, an at sign, text, a dot, text, and no spaces (SPEC.md section 5). */
const BASIC_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MAX_EMAIL_LENGTH = 254;

export const newsletterSchema = z.object({
  email: plainText({ error: EMAIL_REQUIRED.description })
    .trim()
    .min(1, { error: EMAIL_REQUIRED.description })
    .max(MAX_EMAIL_LENGTH, { error: INVALID_EMAIL.description })
    .regex(BASIC_EMAIL, { error: INVALID_EMAIL.description })
    .toLowerCase(),
  source: z.enum(NEWSLETTER_SOURCES),
  /** Sent by the plain form (no JavaScript): where the answer returns to. */
  returnTo: z.string().max(2048).optional(),
});

