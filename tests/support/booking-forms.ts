// What the booking and reschedule route tests share: dates ahead on the real clock, a valid booking
// form, and the route answers read back (a redirect with its cookies, or data with its status).
import type { BookingInput } from "~/features/booking/forms";
import { centralDate } from "~/lib/central-time";
import { getEnv } from "~/lib/env.server";
import { takeFlashToast } from "~/lib/flash-toast.server";
import { cookieHeader } from "./auth";

const DAY = 24 * 60 * 60_000;

/** A Central Time date `days` from now (the route actions run on the real clock). */
export const daysAhead = (days: number) => centralDate(new Date(Date.now() + days * DAY));

let nextEmail = 0;
/** A booking that passes validation, ten days ahead at 10:00 for 60 minutes, each with its own e-mail address. */
export function bookingInput(overrides: Partial<BookingInput> = {}): BookingInput {
  nextEmail += 1;
  return {
    firstName: "Ada",
    lastName: "Lovelace",
    email: `ada-${nextEmail}@example.com`,
    phone: "316-555-0100",
    sessionDate: daysAhead(10),
    sessionTime: "10:00",
    sessionDuration: "60",
    projectType: "Process Optimization",
    projectDescription: "Spindle utilisation on second shift is low.",
    experienceLevel: "beginner",
    specificGoals: "Shorter setups",
    additionalRequirements: undefined,
    ...overrides,
  };
}

/** The same booking as the form posts it (its fields as text, the empty ones left out). */
export function bookingFields(overrides: Record<string, string> = {}): Record<string, string> {
  const fields = Object.entries(bookingInput()).filter((entry): entry is [string, string] => entry[1] !== undefined);
  return { ...Object.fromEntries(fields), ...overrides };
}

export type Answer =
  | { kind: "redirect"; status: number; location: string; setCookies: string[] }
  | { kind: "data"; status: number; data: Record<string, any> };

/** A route module's answer: a redirect Response, or data() with its status. */
export function answerOf(value: unknown): Answer {
  if (value instanceof Response) {
    return { kind: "redirect", status: value.status, location: value.headers.get("location") ?? "", setCookies: value.headers.getSetCookie() };
  }
  const { data, init } = value as { data: Record<string, any>; init?: { status?: number } | null };
  return { kind: "data", status: init?.status ?? 200, data };
}

/** The toast a redirect carries in its flash cookie. */
export async function flashToastOf(answer: Answer) {
  if (answer.kind !== "redirect") throw new Error(`expected a redirect, got ${answer.status}: ${JSON.stringify(answer.data)}`);
  const request = new Request(getEnv().SITE_URL, { headers: { cookie: cookieHeader(answer.setCookies) } });
  return (await takeFlashToast(request)).toast;
}

export function fieldErrors(answer: Answer) {
  if (answer.kind !== "data") throw new Error(`expected an answer with data, got a redirect to ${answer.location}`);
  return answer.data.reply?.error ?? {};
}
