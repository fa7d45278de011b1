// The booking form (SPEC.md sections 2, 3 and 5): one schema for the page (instant feedback, the
// visitor's clock) and the action (the decision, the server's clock), built with the clock and the
// booking horizon it checks against. Also the shape kept in localStorage.lastBooking.
// Importable by the browser bundle.
import { z } from "~/lib/zod";
import { emailAddressField } from "~/lib/email-address";
import { plainText } from "~/lib/plain-text";
import { centralInstant, isCalendarDate } from "~/lib/central-time";
import { EXPERIENCE_LEVELS, FOCUS_AREAS } from "./form-options";
import { isSlotTime, isWithinHorizon, meetsLeadTime, SESSION_DURATIONS } from "./slots";

export const BOOKING_MESSAGES = {
  firstName: "First name must be at least 2 characters",
  lastName: "Last name must be at least 2 characters",
  email: "Please enter a valid email address",
  phone: "Please enter a valid phone number",
  sessionDate: "Please select a preferred date",
  sessionTime: "Please select a preferred time",
  sessionDuration: "Please select session duration",
  projectType: "Please select a project type",
  projectDescription: "Please provide more details about your project",
  experienceLevel: "Please select your experience level",
  leadTime: "Bookings must be scheduled at least 3 hours in advance",
  /** The slot overlaps another booking or a time the owner blocked. */
  unavailable: "This time is no longer available. Please choose another time.",
  horizon: (days: number) => `Please choose a date within the next ${days} days`,
  tooLong: (max: number) => `Please keep this under ${max.toLocaleString("en-US")} characters`,
} as const;

/** Upper bounds: what a person types, not what a script can post. */
export const MAX_LENGTHS = {
  name: 100,
  phone: 40,
  projectDescription: 5_000,
  optionalText: 2_000,
} as const;

// Free text goes through plainText: a NUL, which PostgreSQL cannot store, is stripped before the
// checks instead of failing the insert.
const text = (missing: string, min: number, max: number) =>
  plainText({ error: missing })
    .trim()
    .min(min, { error: missing })
    .max(max, { error: BOOKING_MESSAGES.tooLong(max) });

const optionalText = plainText()
  .trim()
  .max(MAX_LENGTHS.optionalText, { error: BOOKING_MESSAGES.tooLong(MAX_LENGTHS.optionalText) })
  .optional();

export type BookingRules = {
  /** The clock the 3-hour rule and the horizon are checked against. */
  now: () => Date;
  horizonDays: number;
};

export function bookingSchema({ now, horizonDays }: BookingRules) {
  const sessionDate = z
    .string({ error: BOOKING_MESSAGES.sessionDate })
    .refine(isCalendarDate, { error: BOOKING_MESSAGES.sessionDate, abort: true })
    .refine((date) => isWithinHorizon(date, now(), horizonDays), { error: BOOKING_MESSAGES.horizon(horizonDays) });
  const sessionTime = z.string({ error: BOOKING_MESSAGES.sessionTime }).refine(isSlotTime, { error: BOOKING_MESSAGES.sessionTime });
  return z
    .object({
      firstName: text(BOOKING_MESSAGES.firstName, 2, MAX_LENGTHS.name),
      lastName: text(BOOKING_MESSAGES.lastName, 2, MAX_LENGTHS.name),
      email: emailAddressField({ required: BOOKING_MESSAGES.email, invalid: BOOKING_MESSAGES.email }),
      phone: text(BOOKING_MESSAGES.phone, 10, MAX_LENGTHS.phone),
      sessionDate,
      sessionTime,
      sessionDuration: z.enum(SESSION_DURATIONS, { error: BOOKING_MESSAGES.sessionDuration }),
      projectType: z.enum(FOCUS_AREAS, { error: BOOKING_MESSAGES.projectType }),
      projectDescription: text(BOOKING_MESSAGES.projectDescription, 10, MAX_LENGTHS.projectDescription),
      experienceLevel: z.enum(EXPERIENCE_LEVELS, { error: BOOKING_MESSAGES.experienceLevel }),
      specificGoals: optionalText,
      additionalRequirements: optionalText,
    })
    .refine((booking) => meetsLeadTime(centralInstant(booking.sessionDate, booking.sessionTime), now()), {
      path: ["sessionTime"],
      error: BOOKING_MESSAGES.leadTime,
      // Checked as soon as the date and the time are valid, whatever the other fields say, so the
      // visitor sees every message at once.
      when: (payload) => {
        const value = payload.value as Record<string, unknown>;
        return sessionDate.safeParse(value?.sessionDate).success && sessionTime.safeParse(value?.sessionTime).success;
      },
    });
}

export type BookingFormValues = z.input<ReturnType<typeof bookingSchema>>;
export type BookingInput = z.output<ReturnType<typeof bookingSchema>>;

/**
 * localStorage.lastBooking, as the spec keeps it (SPEC.md section 3): the form's fields as text,
 * sessionDate as ISO text, bookingId `booking_<timestamp>` and createdAt.
 */
export const lastBookingSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  sessionDate: z.iso.datetime(),
  sessionTime: z.string(),
  sessionDuration: z.string(),
  projectType: z.string(),
  projectDescription: z.string(),
  experienceLevel: z.string(),
  specificGoals: z.string(),
  additionalRequirements: z.string(),
  bookingId: z.string(),
  createdAt: z.iso.datetime(),
});
export type LastBooking = z.infer<typeof lastBookingSchema>;

export const LAST_BOOKING_KEY = "lastBooking";
