// The owner's calendar forms on /admin/bookings (one schema each, shared by the page and the
// action): add a busy-time calendar address, remove one, and give the bookings feed a new secret.
// Importable by the browser bundle.
import { z } from "~/lib/zod";

export const ADD_CALENDAR_INTENT = "add-calendar";
export const REMOVE_CALENDAR_INTENT = "remove-calendar";
export const ROTATE_FEED_INTENT = "rotate-feed";
export const CALENDAR_INTENTS: readonly string[] = [ADD_CALENDAR_INTENT, REMOVE_CALENDAR_INTENT, ROTATE_FEED_INTENT];
export const CALENDAR_URL_MAX = 2000;
/**
 * How long adding a calendar waits for its first fetch: long enough for any calendar app's server,
 * short enough to wait for on the page. A slower one is added anyway and fetched by the job.
 */
export const FIRST_FETCH_TIMEOUT_SECONDS = 8;

/** http, https or webcal (Apple's and Outlook's links); the fetch checks the rest (public address, size). */
export function isCalendarAddress(value: string) {
  try {
    return ["http:", "https:", "webcal:", "webcals:"].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

export const addCalendarSchema = z.object({
  intent: z.literal(ADD_CALENDAR_INTENT),
  url: z
    .string({ error: "Paste your calendar's address." })
    .trim()
    .max(CALENDAR_URL_MAX, { error: `An address is at most ${CALENDAR_URL_MAX} characters.` })
    .refine(isCalendarAddress, { error: "Enter the full address, starting with https:// or webcal://." }),
});

export const removeCalendarSchema = z.object({
  intent: z.literal(REMOVE_CALENDAR_INTENT),
  sourceId: z.uuid({ error: "Unknown calendar." }),
});

export const rotateFeedSchema = z.object({ intent: z.literal(ROTATE_FEED_INTENT) });
