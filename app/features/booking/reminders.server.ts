// The reminder: an outbox row queued with the booking, due 24 hours before the session (the worker
// sends it then), and dropped when the booking is cancelled.
import { getDb, type Executor } from "#server/db/client.server";
import { dropPendingEmail, type NewEmail } from "#server/email/outbox.server";
import { bookingReminderEmail, type BookingReminderInput } from "./email-templates.server";
import { reminderSendTime } from "./slots";

export const BOOKING_REMINDER_KIND = "booking_reminder";
export const REMINDER_DROPPED_REASON = "Not sent: the booking was cancelled";

/** The reminder of a booking made at `now`; null when the session is less than 24 hours away. */
export function reminderFor(booking: BookingReminderInput, now: Date): NewEmail | null {
  const sendAt = reminderSendTime(booking.startsAt, now);
  if (!sendAt) return null;
  return { kind: BOOKING_REMINDER_KIND, to: booking.email, ...bookingReminderEmail(booking), sendAt };
}

/** Keeps a cancelled booking's reminder from going out (false when there was none left to drop). */
export async function dropReminder(reminderEmailId: string | null, executor: Executor = getDb()): Promise<boolean> {
  if (!reminderEmailId) return false;
  return dropPendingEmail(reminderEmailId, REMINDER_DROPPED_REASON, executor);
}
