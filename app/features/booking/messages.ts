// What the booking pages tell the visitor after a submission (SPEC.md sections 4 and 8), shared by
// the server (toasts in answers) and the pages (the e-mail banner).
import type { Toast } from "~/lib/toast";

export const BOOKING_CONFIRMED: Toast = { kind: "success", title: "Booking confirmed!" };

export const BOOKING_SAVED: Toast = {
  kind: "error",
  title: "Booking saved",
  description: "Your booking was saved but we couldn't send the confirmation email. We'll contact you manually.",
};

export const BOOKING_FAILED: Toast = {
  kind: "error",
  title: "Booking failed",
  description: "Something went wrong. Please try again.",
};

/** The banner shown when the confirmation's first delivery failed. */
export function emailFailureBanner(reason: string) {
  // The reason is a sentence of its own at times ("… EACCES."): one full stop is enough.
  return `Email sending failed: ${reason.replace(/\.+$/, "")}. Your booking will still be saved and we'll contact you manually.`;
}

/** The fallback when the delivery itself threw, as the spec's e-mail helper words it. */
export function unexpectedEmailError(error: unknown) {
  return `Unexpected error: ${(error instanceof Error && error.message) || "Unknown error"}`;
}

export const CANCEL_TOASTS = {
  cancelled: {
    kind: "success",
    title: "Booking cancelled",
    description: "Your session is cancelled and its time is free for someone else.",
  },
  "already-cancelled": { kind: "success", title: "Already cancelled", description: "This booking was already cancelled." },
  "too-late": {
    kind: "error",
    title: "Cannot cancel",
    description: "This session has already taken place. Please contact us instead.",
  },
} as const satisfies Record<string, Toast>;

export const CANCEL_INTENT = "cancel";

export const RESCHEDULE_TOASTS = {
  rescheduled: {
    kind: "success",
    title: "Session rescheduled",
    description: "Your session has its new time. We sent you the updated calendar invitation.",
  },
  moved: {
    kind: "error",
    title: "Link expired",
    description: "This session was rescheduled after this link was sent. Use the link in the newest e-mail from us.",
  },
  cancelled: { kind: "error", title: "Booking cancelled", description: "This booking was cancelled, so it cannot be rescheduled." },
  past: {
    kind: "error",
    title: "Cannot reschedule",
    description: "This session has already taken place. Please contact us instead.",
  },
} as const satisfies Record<string, Toast>;

/** The chosen time is the session's time already. */
export const SAME_TIME_MESSAGE = "This is your session's current time. Please choose another time.";
export const RESCHEDULE_INTENT = "reschedule";
/** The no-JavaScript form's "Show times" button: the chosen date's times, nothing booked. */
export const SHOW_TIMES_INTENT = "show-times";
