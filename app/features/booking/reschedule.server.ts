// The visitor's own move of a booking to another date and time, from the link in its e-mails. The
// link is the booking's cancel token (its secret) and its version (bookings.sequence): every move
// raises the version, so a link works once, and an older one finds the booking but says it moved.
// The move itself is one UPDATE of the booking's times: the new slot is held (the exclusion
// constraint, slotFreeOf) in the same instant the old one is let go, so no booking is ever without
// a slot and two visitors cannot both take one.
import { eq, sql } from "drizzle-orm";
import { getDb, type Executor } from "#server/db/client.server";
import { databaseError, EXCLUSION_VIOLATION } from "#server/db/errors.server";
import { emailOutbox } from "#server/db/schema";
import type { OutboxMessage } from "#server/email/delivery.server";
import { outboxInsert } from "#server/email/outbox.server";
import { bookingFormColumns, cancelUrl, slotFreeOf } from "./booking.server";
import { bookingRescheduledEmail } from "./email-templates.server";
import { reminderFor } from "./reminders.server";
import { parseRescheduleToken, rescheduleToken, rescheduleUrl } from "./reschedule-link.server";
import { bookings } from "./schema";
import { sessionInterval } from "./slots";

export const BOOKING_RESCHEDULED_KIND = "booking_rescheduled";
export const REMINDER_MOVED_REASON = "Not sent: the booking was rescheduled";

const rescheduleColumns = {
  ...bookingFormColumns,
  id: bookings.id,
  startsAt: bookings.startsAt,
  endsAt: bookings.endsAt,
  status: bookings.status,
  sequence: bookings.sequence,
  cancelToken: bookings.cancelToken,
  reminderEmailId: bookings.reminderEmailId,
  createdAt: bookings.createdAt,
};
type RescheduleRow = NonNullable<Awaited<ReturnType<typeof findRow>>>;

/** What the reschedule page shows (never the token or the reminder's id). */
export type ReschedulableBooking = Pick<
  RescheduleRow,
  "bookingRef" | "firstName" | "lastName" | "email" | "sessionDate" | "sessionTime" | "sessionDuration" | "projectType" | "startsAt" | "endsAt" | "status"
>;

/**
 * `active`: the link is the newest and the session can still move. `moved`: the link is older than
 * the booking's last move. `cancelled`, `past`: nothing to move.
 */
export type RescheduleLinkState = "active" | "moved" | "cancelled" | "past";

function shown(row: RescheduleRow): ReschedulableBooking {
  const { bookingRef, firstName, lastName, email, sessionDate, sessionTime, sessionDuration, projectType, startsAt, endsAt, status } = row;
  return { bookingRef, firstName, lastName, email, sessionDate, sessionTime, sessionDuration, projectType, startsAt, endsAt, status };
}

function stateOf(row: RescheduleRow, linkSequence: number, now: Date): RescheduleLinkState {
  if (row.status === "cancelled") return "cancelled";
  if (row.status === "completed" || row.startsAt <= now) return "past";
  return row.sequence === linkSequence ? "active" : "moved";
}

async function findRow(cancelToken: string, executor: Executor) {
  const [row] = await executor.select(rescheduleColumns).from(bookings).where(eq(bookings.cancelToken, cancelToken));
  return row;
}

export async function findBookingByRescheduleToken(
  token: string,
  now = new Date(),
  executor: Executor = getDb(),
): Promise<{ booking: ReschedulableBooking; state: RescheduleLinkState; bookingId: string } | undefined> {
  const link = parseRescheduleToken(token);
  const row = link && (await findRow(link.cancelToken, executor));
  if (!link || !row) return undefined;
  return { booking: shown(row), state: stateOf(row, link.sequence, now), bookingId: row.id };
}

/** The confirmation page's links for a booking that can still change (paths; none once cancelled). */
export async function changeLinksOf(id: string, executor: Executor = getDb()): Promise<{ cancel: string; reschedule: string } | null> {
  const [row] = await executor
    .select({ cancelToken: bookings.cancelToken, sequence: bookings.sequence, status: bookings.status })
    .from(bookings)
    .where(eq(bookings.id, id));
  if (!row || row.status === "cancelled" || row.status === "completed") return null;
  return { cancel: `/booking/cancel/${row.cancelToken}`, reschedule: `/booking/reschedule/${rescheduleToken(row.cancelToken, row.sequence)}` };
}

export type RescheduleResult =
  | { outcome: "not-found" }
  | { outcome: Exclude<RescheduleLinkState, "active"> | "same-time" | "unavailable"; booking: ReschedulableBooking }
  | { outcome: "rescheduled"; booking: ReschedulableBooking; token: string; notice: OutboxMessage };

/**
 * Moves the booking of `token` to `sessionDate` at `sessionTime` (its duration stays), with its
 * e-mails: the notice (visitor, cc owner, the .ics with SEQUENCE raised), the old reminder dropped
 * and the new one queued. The caller has checked the date and time against the rules (lead time,
 * horizon, business hours); taken or blocked slots answer `unavailable`. The notice comes back
 * claimed for its first delivery (deliverClaimed).
 */
export async function rescheduleBooking(
  token: string,
  { sessionDate, sessionTime }: { sessionDate: string; sessionTime: string },
  now = new Date(),
  executor: Executor = getDb(),
): Promise<RescheduleResult> {
  const link = parseRescheduleToken(token);
  const row = link && (await findRow(link.cancelToken, executor));
  if (!link || !row) return { outcome: "not-found" };
  const state = stateOf(row, link.sequence, now);
  if (state !== "active") return { outcome: state, booking: shown(row) };
  const { startsAt, endsAt } = sessionInterval(sessionDate, sessionTime, row.sessionDuration);
  if (startsAt.getTime() === row.startsAt.getTime()) return { outcome: "same-time", booking: shown(row) };

  const sequence = row.sequence + 1;
  const moved = { ...row, sessionDate, sessionTime, startsAt, endsAt, sequence };
  const links = { cancelUrl: cancelUrl(row.cancelToken), rescheduleUrl: rescheduleUrl(row.cancelToken, sequence) };
  const movedRow = sql.raw("moved");
  const notice = outboxInsert(
    {
      kind: BOOKING_RESCHEDULED_KIND,
      to: row.email,
      ...bookingRescheduledEmail({ ...moved, ...links, previous: row, movedAt: now }),
    },
    { claimed: true, now, source: movedRow },
  );
  const reminderEmail = reminderFor({ ...moved, ...links }, now);
  const reminder = reminderEmail && outboxInsert(reminderEmail, { claimed: false, now, source: movedRow });
  // Both days' turns (a new booking takes its day's, createBooking), always the earlier day first,
  // so two moves between the same two days cannot each hold the turn the other waits for.
  const [firstDay, secondDay] = [row.sessionDate, sessionDate].sort();
  try {
    const result = await executor.execute(sql`
      with first_turn as (select pg_advisory_xact_lock(hashtext(${`booking:${firstDay}`}))),
      second_turn as (select pg_advisory_xact_lock(hashtext(${`booking:${secondDay}`})) from first_turn),
      slot_free as (select from second_turn where ${slotFreeOf(startsAt, endsAt)}),
      moved as (
        update ${bookings}
        set starts_at = ${startsAt}::timestamptz, ends_at = ${endsAt}::timestamptz, session_date = ${sessionDate}::date,
          session_time = ${sessionTime}, "sequence" = ${sequence}::integer, reminder_email_id = ${reminder?.row.id ?? null}::uuid
        where ${bookings.id} = ${row.id}::uuid and ${bookings.sequence} = ${row.sequence}::integer
          and ${bookings.status} in ('pending', 'confirmed') and ${bookings.startsAt} > ${now}::timestamptz
          and exists (select from slot_free)
        returning 1
      ),
      old_reminder as (
        update ${emailOutbox} set status = 'dropped', last_error = ${REMINDER_MOVED_REASON}
        where ${emailOutbox.id} = ${row.reminderEmailId}::uuid and ${emailOutbox.status} = 'pending' and exists (select from moved)
      ),
      ${reminder ? sql`reminder as (${reminder.insert}),` : sql``}
      notice as (${notice.insert})
      select count(*)::integer as moved from moved`);
    const [{ moved: count }] = (result as unknown as { rows: [{ moved: number }] }).rows;
    if (count === 0) {
      // Lost to another move of this booking, a cancel, or the owner's blocked time: say which.
      const current = await findRow(link.cancelToken, executor);
      const after = current ? stateOf(current, link.sequence, now) : "cancelled";
      return { outcome: after === "active" ? "unavailable" : after, booking: shown(current ?? row) };
    }
    return { outcome: "rescheduled", booking: shown(moved), token: rescheduleToken(row.cancelToken, sequence), notice: notice.row };
  } catch (error) {
    if (databaseError(error)?.code === EXCLUSION_VIOLATION) return { outcome: "unavailable", booking: shown(row) };
    throw error;
  }
}
