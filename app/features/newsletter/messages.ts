// The newsletter's constants and every message the visitor can get (SPEC.md sections 5 and 8), as
// toasts. No zod here: the pages that only show answers (the footer's first paint, the unsubscribe
// page) load this, not the schema.
import type { Toast } from "~/lib/toast";

export const NEWSLETTER_SOURCES = ["blog_footer", "popup"] as const;
export type NewsletterSource = (typeof NEWSLETTER_SOURCES)[number];

/** The route every sign-up form posts to (app/routes/newsletter.ts). */
export const SUBSCRIBE_ACTION = "/newsletter";
/** The popup's <dialog> (components/newsletter-popup.tsx; app/enhance/newsletter.ts opens it). */
export const NEWSLETTER_POPUP_ID = "newsletter-popup";
/** The footer form's anchor: a page without JavaScript comes back to it. */
export const NEWSLETTER_FOOTER_ID = "newsletter";

export const EMAIL_REQUIRED: Toast = { kind: "error", title: "Email required", description: "Please enter your email address" };
export const INVALID_EMAIL: Toast = { kind: "error", title: "Invalid email", description: "Please enter a valid email address" };
export const ALREADY_SUBSCRIBED: Toast = {
  kind: "error",
  title: "Already subscribed",
  description: "This email is already subscribed to our newsletter",
};
export const SUBSCRIPTION_FAILED: Toast = {
  kind: "error",
  title: "Subscription failed",
  description: "There was an error subscribing to the newsletter. Please try again.",
};
export const SUBSCRIBED: Toast = {
  kind: "success",
  title: "Successfully subscribed!",
  description: "You'll receive our monthly manufacturing intelligence newsletter.",
};

/** The answers that belong under the e-mail field (the rest are about the whole form). */
const FIELD_TOASTS = [EMAIL_REQUIRED, INVALID_EMAIL, ALREADY_SUBSCRIBED];
const NEWSLETTER_TITLES = new Set([...FIELD_TOASTS, SUBSCRIPTION_FAILED, SUBSCRIBED].map((toast) => toast.title));

/** The toast for a form that failed the schema: the e-mail field's message, else the generic one. */
export function invalidFormToast(emailErrors: readonly string[] | null | undefined): Toast {
  if (!emailErrors?.length) return SUBSCRIPTION_FAILED;
  return emailErrors[0] === EMAIL_REQUIRED.description ? EMAIL_REQUIRED : INVALID_EMAIL;
}

/**
 * A toast handed over by the redirect after a plain form post, if it is the newsletter's: a page
 * without JavaScript shows it beside the footer form (no script shows toasts there).
 */
export function newsletterAnswer(toast: Toast | null | undefined): { fieldError?: string; status?: Toast } | null {
  if (!toast || !NEWSLETTER_TITLES.has(toast.title)) return null;
  return FIELD_TOASTS.some((known) => known.title === toast.title) ? { fieldError: toast.description } : { status: toast };
}

/** The unsubscribe page's button. */
export const UNSUBSCRIBE_INTENT = "unsubscribe";

/** localStorage: once set (the popup was closed, or the visitor subscribed), the popup never opens. */
export const POPUP_SHOWN_KEY = "halvorsen-newsletter-popup-shown";
/** The popup opens this long after a blog page loads (SPEC.md section 9). */
export const POPUP_DELAY_MS = 5_000;
