// Bookings, the visitor's side (this feature owns the table, decision 006): what a day still offers,
// a booking made together with its e-mails in one transaction, and the self-service cancel.
// No two non-cancelled bookings overlap: the database's exclusion constraint (bookings_no_overlap)
// decides, so two requests for one slot cannot both win, on PGlite or on several PostgreSQL clients.
import crypto from "node:crypto";
import { and, eq, gt, lt, ne, sql } from "drizzle-orm";
import { businessEventInsert } from "~/features/analytics/index.server";
import { getDb, type Executor } from "#server/db/client.server";
import { databaseError, EXCLUSION_VIOLATION, UNIQUE_VIOLATION } from "#server/db/errors.server";
import { bookingBlocks, bookings, calendarBusy } from "./schema";
import type { OutboxMessage } from "#server/email/delivery.server";
import { enqueueEmail, outboxInsert } from "#server/email/outbox.server";
import { BOOKING_CONFIRMATION_KIND } from "#server/email/transport.server";
import { getEnv } from "~/lib/env.server";
import { bookingCancelledEmail, bookingCancelledVisitorEmail, bookingConfirmationEmail } from "./email-templates.server";
import { dropReminder, reminderFor } from "./reminders.server";
import { rescheduleUrl } from "./reschedule-link.server";
import type { BookingInput, LastBooking } from "./forms";
import { centralDate, startOfCentralDay } from "~/lib/central-time";
import { isUuid } from "~/lib/list-query";
import { dayWindow, daySlots, isWithinHorizon, sessionInterval, type Interval, type SlotState } from "./slots";

export const BOOKING_CANCELLED_KIND = "booking_cancelled";
/** The visitor's copy of a cancel (the owner's notice is BOOKING_CANCELLED_KIND). */
export const BOOKING_CANCEL_CONFIRMATION_KIND = "booking_cancel_confirmation";

export type Availability = {
  date: string;
  duration: string;
  slots: SlotState[];
  /** Server time of the check: the page shows the newest answer for a date. */
  checkedAt: number;
};

/**
 * Non-cancelled bookings (but `exceptBookingId`, the one a reschedule moves: its own time does not
 * stand in its way), blocked times and the owner's calendars' busy times that overlap `window`: one
 * statement (on PGlite each costs CPU in-process).
 */
async function listBusyIntervals(window: Interval, exceptBookingId: string | undefined, executor: Executor = getDb()): Promise<Interval[]> {
  const except = exceptBookingId === undefined ? undefined : ne(bookings.id, exceptBookingId);
  return executor
    .select({ startsAt: bookings.startsAt, endsAt: bookings.endsAt })
    .from(bookings)
    .where(and(ne(bookings.status, "cancelled"), lt(bookings.startsAt, window.endsAt), gt(bookings.endsAt, window.startsAt), except))
    .unionAll(
      executor
        .select({ startsAt: bookingBlocks.startsAt, endsAt: bookingBlocks.endsAt })
        .from(bookingBlocks)
        .where(and(lt(bookingBlocks.startsAt, window.endsAt), gt(bookingBlocks.endsAt, window.startsAt))),
    )
    .unionAll(
      executor
        .select({ startsAt: calendarBusy.startsAt, endsAt: calendarBusy.endsAt })
        .from(calendarBusy)
        .where(and(lt(calendarBusy.startsAt, window.endsAt), gt(calendarBusy.endsAt, window.startsAt))),
    );
}

export async function getAvailability(
  { date, duration, horizonDays, exceptBookingId }: { date: string; duration: string; horizonDays: number; exceptBookingId?: string },
  now: Date,
  executor: Executor = getDb(),
): Promise<Availability> {
  // A day before today or past the horizon offers nothing: no query (year 9999's window does not
  // even fit PostgreSQL's timestamps as the driver writes them).
  const bookable = date >= centralDate(now) && isWithinHorizon(date, now, horizonDays);
  const busy = bookable ? await listBusyIntervals(dayWindow(date), exceptBookingId, executor) : [];
  return { date, duration, slots: daySlots({ date, durationMinutes: Number(duration), now, horizonDays, busy }), checkedAt: now.getTime() };
}

// booking_<timestamp> as the spec shows it, unique: never the same millisecond twice in this process
// (the unique constraint catches two processes, and the insert is retried).
let lastRefTimestamp = 0;
function nextBookingRef(now: Date) {
  lastRefTimestamp = Math.max(now.getTime(), lastRefTimestamp + 1);
  return `booking_${lastRefTimestamp}`;
}
const BOOKING_REF_CONSTRAINT = "bookings_booking_ref_unique";
const BOOKING_REF_ATTEMPTS = 3;

export function cancelUrl(cancelToken: string) {
  return `${getEnv().SITE_URL}/booking/cancel/${cancelToken}`;
}

/**
 * The condition "nothing of the owner's occupies [startsAt, endsAt)" for a booking's write (new or
 * moved): the one place every such rule goes, so booking and rescheduling can never disagree.
 * Other bookings are the exclusion constraint's job, not this condition's.
 */
export function slotFreeOf(startsAt: Date, endsAt: Date) {
  return sql`not exists (
    select from ${bookingBlocks} where ${bookingBlocks.startsAt} < ${endsAt}::timestamptz and ${bookingBlocks.endsAt} > ${startsAt}::timestamptz
  ) and not exists (
    select from ${calendarBusy} where ${calendarBusy.startsAt} < ${endsAt}::timestamptz and ${calendarBusy.endsAt} > ${startsAt}::timestamptz
  )`;
}

/** The confirmation comes back claimed for its first delivery (deliverClaimed), its row as written. */
export type CreatedBooking = { id: string; bookingRef: string; confirmation: OutboxMessage };
export type CreateBookingResult = { ok: true; booking: CreatedBooking } | { ok: false; reason: "unavailable" };

/**
 * Saves the booking with its confirmation (visitor, cc owner, .ics, cancel link) and, when the
 * session is at least 24 hours away, its reminder: one statement, so all three rows commit together
 * or not at all, in one round trip. A slot taken by another booking or blocked by the owner answers
 * `unavailable`.
 */
export async function createBooking(
  input: BookingInput,
  now = new Date(),
  executor: Executor = getDb(),
  /** The visitor's analytics hash, for the booking_submitted event written with the booking. */
  visitorHash: string | null = null,
): Promise<CreateBookingResult> {
  const { startsAt, endsAt } = sessionInterval(input.sessionDate, input.sessionTime, Number(input.sessionDuration));
  const cancelToken = crypto.randomBytes(24).toString("base64url");
  for (let attempt = 1; ; attempt++) {
    const record = {
      id: crypto.randomUUID(),
      bookingRef: nextBookingRef(now),
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.email,
      phone: input.phone,
      sessionDate: input.sessionDate,
      sessionTime: input.sessionTime,
      sessionDuration: Number(input.sessionDuration),
      projectType: input.projectType,
      projectDescription: input.projectDescription,
      experienceLevel: input.experienceLevel,
      specificGoals: input.specificGoals ?? null,
      additionalRequirements: input.additionalRequirements ?? null,
      startsAt,
      endsAt,
      cancelToken,
      createdAt: now,
    };
    const slotFree = sql.raw("slot_free");
    const links = { cancelUrl: cancelUrl(cancelToken), rescheduleUrl: rescheduleUrl(cancelToken, 0) };
    const confirmation = outboxInsert(
      { kind: BOOKING_CONFIRMATION_KIND, to: record.email, ...bookingConfirmationEmail({ ...record, ...links }) },
      { claimed: true, now, source: slotFree },
    );
    const reminderEmail = reminderFor({ ...record, ...links }, now);
    const reminder = reminderEmail && outboxInsert(reminderEmail, { claimed: false, now, source: slotFree });
    try {
      // Bookings of one day take turns (slot_turn): the exclusion constraint still decides, but two
      // inserts that each wait for the other's uncommitted row would otherwise end in PostgreSQL's
      // deadlock detector (a second each, in chains under a burst) instead of a quick 'taken'. Each
      // step reads the one before it, so the lock is held before anything is written.
      const result = await executor.execute(sql`
        with slot_turn as (select pg_advisory_xact_lock(hashtext(${`booking:${input.sessionDate}`}))),
        slot_free as (select from slot_turn where ${slotFreeOf(startsAt, endsAt)}),
        confirmation as (${confirmation.insert}),
        ${reminder ? sql`reminder as (${reminder.insert}),` : sql``}
        booked as (
          insert into ${bookings} (id, booking_ref, first_name, last_name, email, phone, session_date, session_time, session_duration,
            project_type, project_description, experience_level, specific_goals, additional_requirements, starts_at, ends_at,
            cancel_token, reminder_email_id, created_at)
          select ${record.id}::uuid, ${record.bookingRef}, ${record.firstName}, ${record.lastName}, ${record.email}, ${record.phone},
            ${record.sessionDate}::date, ${record.sessionTime}, ${record.sessionDuration}::integer, ${record.projectType},
            ${record.projectDescription}, ${record.experienceLevel}, ${record.specificGoals}, ${record.additionalRequirements},
            ${startsAt}::timestamptz, ${endsAt}::timestamptz, ${cancelToken}, ${reminder?.row.id ?? null}::uuid, ${now}::timestamptz
          from slot_free
          returning 1
        ),
        booked_event as (${businessEventInsert({ name: "booking_submitted", path: "/booking", visitorHash }, sql.raw("booked"))})
        select count(*)::integer as booked from booked`);
      const [{ booked }] = (result as unknown as { rows: [{ booked: number }] }).rows;
      if (booked === 0) return { ok: false, reason: "unavailable" };
      return { ok: true, booking: { id: record.id, bookingRef: record.bookingRef, confirmation: confirmation.row } };
    } catch (error) {
      const cause = databaseError(error);
      if (cause?.code === EXCLUSION_VIOLATION) return { ok: false, reason: "unavailable" };
      if (cause?.code === UNIQUE_VIOLATION && cause.constraint === BOOKING_REF_CONSTRAINT && attempt < BOOKING_REF_ATTEMPTS) continue;
      throw error;
    }
  }
}

/** The columns of what the visitor entered on the form, and the booking's reference. */
export const bookingFormColumns = {
  bookingRef: bookings.bookingRef,
  firstName: bookings.firstName,
  lastName: bookings.lastName,
  email: bookings.email,
  phone: bookings.phone,
  sessionDate: bookings.sessionDate,
  sessionTime: bookings.sessionTime,
  sessionDuration: bookings.sessionDuration,
  projectType: bookings.projectType,
  projectDescription: bookings.projectDescription,
  experienceLevel: bookings.experienceLevel,
  specificGoals: bookings.specificGoals,
  additionalRequirements: bookings.additionalRequirements,
};

/** A booking as localStorage.lastBooking keeps it (SPEC.md section 3). */
export async function findLastBooking(id: string, executor: Executor = getDb()): Promise<LastBooking | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await executor
    .select({ ...bookingFormColumns, createdAt: bookings.createdAt })
    .from(bookings)
    .where(eq(bookings.id, id));
  if (!row) return undefined;
  return {
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    // The chosen calendar day at midnight in Central Time, as ISO text.
    sessionDate: startOfCentralDay(row.sessionDate).toISOString(),
    sessionTime: row.sessionTime,
    sessionDuration: String(row.sessionDuration),
    projectType: row.projectType,
    projectDescription: row.projectDescription,
    experienceLevel: row.experienceLevel,
    specificGoals: row.specificGoals ?? "",
    additionalRequirements: row.additionalRequirements ?? "",
    bookingId: row.bookingRef,
    createdAt: row.createdAt.toISOString(),
  };
}

const cancelSummaryColumns = {
  id: bookings.id,
  bookingRef: bookings.bookingRef,
  firstName: bookings.firstName,
  lastName: bookings.lastName,
  email: bookings.email,
  phone: bookings.phone,
  sessionDuration: bookings.sessionDuration,
  projectType: bookings.projectType,
  startsAt: bookings.startsAt,
  endsAt: bookings.endsAt,
  status: bookings.status,
  cancelledAt: bookings.cancelledAt,
  sequence: bookings.sequence,
  reminderEmailId: bookings.reminderEmailId,
};
/** What the cancel page shows (never the token or the reminder's id). */
export type CancellableBooking = Pick<
  typeof bookings.$inferSelect,
  | "bookingRef"
  | "firstName"
  | "lastName"
  | "email"
  | "phone"
  | "sessionDuration"
  | "projectType"
  | "startsAt"
  | "endsAt"
  | "status"
  | "cancelledAt"
  | "sequence"
>;

// Tokens are 32 base64url characters; anything else is not worth a query.
const cancelTokenPattern = /^[A-Za-z0-9_-]{16,100}$/;

export async function findBookingByCancelToken(token: string, executor: Executor = getDb()): Promise<CancellableBooking | undefined> {
  if (!cancelTokenPattern.test(token)) return undefined;
  const [row] = await executor.select(cancelSummaryColumns).from(bookings).where(eq(bookings.cancelToken, token));
  if (!row) return undefined;
  const { id: _id, reminderEmailId: _reminder, ...booking } = row;
  return booking;
}

export type CancelResult =
  | { outcome: "not-found" }
  | { outcome: "already-cancelled" | "too-late"; booking: CancellableBooking }
  | { outcome: "cancelled"; booking: CancellableBooking; emailIds: string[] };

/**
 * The visitor's cancel: the booking becomes cancelled (which frees its slot) with its version
 * raised, its reminder is dropped, and the owner and the visitor are told (each with the .ics that
 * takes the event out of their calendar), in one transaction. A session that has begun, or was completed,
 * can no longer be cancelled here.
 */
export async function cancelBooking(token: string, now = new Date(), executor: Executor = getDb()): Promise<CancelResult> {
  if (!cancelTokenPattern.test(token)) return { outcome: "not-found" };
  return executor.transaction(async (tx): Promise<CancelResult> => {
    // Locked: a double click waits for the first cancel and then finds it cancelled.
    const [row] = await tx.select(cancelSummaryColumns).from(bookings).where(eq(bookings.cancelToken, token)).for("update");
    if (!row) return { outcome: "not-found" };
    const { id, reminderEmailId, ...booking } = row;
    if (booking.status === "cancelled") return { outcome: "already-cancelled", booking };
    if (booking.status === "completed" || booking.startsAt <= now) return { outcome: "too-late", booking };
    const sequence = booking.sequence + 1;
    await tx.update(bookings).set({ status: "cancelled", cancelledAt: now, sequence }).where(eq(bookings.id, id));
    await dropReminder(reminderEmailId, tx);
    const cancelled = { ...booking, status: "cancelled" as const, cancelledAt: now, sequence };
    const owner = await enqueueEmail({ kind: BOOKING_CANCELLED_KIND, ...bookingCancelledEmail(cancelled) }, tx);
    const visitor = await enqueueEmail({ kind: BOOKING_CANCEL_CONFIRMATION_KIND, ...bookingCancelledVisitorEmail(cancelled) }, tx);
    return { outcome: "cancelled", booking: cancelled, emailIds: [owner.id, visitor.id] };
  });
}
