// The owner's side of bookings (/admin/bookings): the list's query string, and one schema per
// form (status change, new block, delete block). Importable by the browser bundle, so it only
// takes types from the database schema.
import { z } from "~/lib/zod";
import { dateParam, listSearch, pageParam, statusParam } from "~/lib/list-query";
import { plainText } from "~/lib/plain-text";
import type { bookingStatuses } from "./schema";
import { isCalendarDate } from "~/lib/central-time";

export type BookingStatus = (typeof bookingStatuses)[number];

// In the order the filter shows them.
export const adminBookingStatuses = ["pending", "confirmed", "completed", "cancelled"] as const satisfies ReadonlyArray<BookingStatus>;

export const bookingStatusLabels: Record<BookingStatus, string> = {
  pending: "Pending",
  confirmed: "Confirmed",
  completed: "Completed",
  cancelled: "Cancelled",
};

/**
 * The list's filters, from the query string (the CSV export reads the same). A value that makes
 * no sense is dropped rather than refused: the page still answers. `from`/`to` are session dates
 * in Central Time, both included.
 */
export const bookingListQuerySchema = z.object({
  status: statusParam(adminBookingStatuses),
  from: dateParam,
  to: dateParam,
  page: pageParam,
});

/** The query string of a list (or export) with these filters. */
export function bookingListSearch(filters: { status?: BookingStatus | null; from?: string | null; to?: string | null; page?: number }) {
  return listSearch({ status: filters.status, from: filters.from, to: filters.to, page: filters.page });
}

// ---------------------------------------------------------------------------------------------
// Forms
// ---------------------------------------------------------------------------------------------

export const STATUS_INTENT = "set-status";
export const CREATE_BLOCK_INTENT = "create-block";
export const DELETE_BLOCK_INTENT = "delete-block";

/** One booking's status buttons (the detail page): the status it should get. */
export const statusChangeSchema = z.object({
  intent: z.literal(STATUS_INTENT),
  status: z.enum(adminBookingStatuses, { error: "Choose a status." }),
});

const time = /^([01]\d|2[0-3]):[0-5]\d$/;
export const NOTE_MAX = 200;

/**
 * A blocked time: a whole day, or a range of hours on one date, in Central Time. The times are
 * required unless the whole day is blocked. The note is plain text (control characters, which the
 * database cannot store, are stripped). The action, which knows the time and the zone's rules,
 * also refuses a block that has already ended, a date more than two years ahead and a time
 * that daylight saving skips (2:00–2:59 AM on its Sunday in March).
 */
export const blockSchema = z
  .object({
    intent: z.literal(CREATE_BLOCK_INTENT),
    date: z
      .string({ error: "Choose the date to block." })
      .refine(isCalendarDate, { error: "Enter a date like 2026-12-24." }),
    allDay: z.literal("on").optional(),
    startTime: z.string().regex(time, { error: "Enter a time like 09:00." }).optional(),
    endTime: z.string().regex(time, { error: "Enter a time like 13:00." }).optional(),
    note: plainText().trim().max(NOTE_MAX, { error: `Keep the note to ${NOTE_MAX} characters or fewer.` }).optional(),
  })
  // Checked whatever the other fields say, so every message shows at once.
  .refine((value) => value.allDay || value.startTime, {
    path: ["startTime"],
    error: "Choose when the block starts, or block the whole day.",
    when: () => true,
  })
  .refine((value) => value.allDay || value.endTime, {
    path: ["endTime"],
    error: "Choose when the block ends, or block the whole day.",
    when: () => true,
  })
  .refine((value) => value.allDay || !value.startTime || !value.endTime || value.endTime > value.startTime, {
    path: ["endTime"],
    error: "The end time must be after the start time.",
    when: () => true,
  });
export type BlockInput = z.infer<typeof blockSchema>;

export const deleteBlockSchema = z.object({
  intent: z.literal(DELETE_BLOCK_INTENT),
  blockId: z.uuid({ error: "Unknown block." }),
});
