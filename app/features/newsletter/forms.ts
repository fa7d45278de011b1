// The newsletter sign-up's one schema (SPEC.md section 5), shared by the footer form, the popup and
// the /newsletter action. Importable by the browser bundle.
import { z } from "~/lib/zod";
import { emailAddressField } from "~/lib/email-address";
import { EMAIL_REQUIRED, INVALID_EMAIL, NEWSLETTER_SOURCES } from "./messages";

export const newsletterSchema = z.object({
  // A plain address only, stricter than the spec's basic pattern (which let "a<v@x.com>" through
  // as a second subscription of v@x.com), and lower-cased whole as the spec stores it.
  email: emailAddressField({ required: EMAIL_REQUIRED.description!, invalid: INVALID_EMAIL.description! }).toLowerCase(),
  source: z.enum(NEWSLETTER_SOURCES),
  /** Sent by the plain form (no JavaScript): where the answer returns to. */
  returnTo: z.string().max(2048).optional(),
});

