// The reschedule form: a new date and start time for a booking, under the booking form's rules
// (the horizon, the start slots, the 3-hour lead) and with its messages. The duration stays.
// Importable by the browser bundle.
import { z } from "~/lib/zod";
import { centralInstant, isCalendarDate } from "~/lib/central-time";
import { BOOKING_MESSAGES, type BookingRules } from "./forms";
import { isSlotTime, isWithinHorizon, meetsLeadTime } from "./slots";

/** The query of the page's fetcher for a day's times, answered by the page's own loader. */
export const SLOT_DATE_PARAM = "date";

export function rescheduleSchema({ now, horizonDays }: BookingRules) {
  return z
    .object({
      sessionDate: z
        .string({ error: BOOKING_MESSAGES.sessionDate })
        .refine(isCalendarDate, { error: BOOKING_MESSAGES.sessionDate, abort: true })
        .refine((date) => isWithinHorizon(date, now(), horizonDays), { error: BOOKING_MESSAGES.horizon(horizonDays) }),
      sessionTime: z.string({ error: BOOKING_MESSAGES.sessionTime }).refine(isSlotTime, { error: BOOKING_MESSAGES.sessionTime }),
    })
    .refine((value) => meetsLeadTime(centralInstant(value.sessionDate, value.sessionTime), now()), {
      path: ["sessionTime"],
      error: BOOKING_MESSAGES.leadTime,
    });
}

export type RescheduleFormValues = z.input<ReturnType<typeof rescheduleSchema>>;
