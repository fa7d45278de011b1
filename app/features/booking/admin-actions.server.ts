// What the owner does to bookings (/admin/bookings): status changes (confirming e-mails the visitor
// in the same transaction; cancelling frees the slot) and blocked times. Each answers the page's
// ActionResult with a toast; bad input is a field message or a 400, never a 500.
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { ActionResult } from "~/components/form";
import { NO_STORE } from "~/lib/cache-headers";
import { readFormData } from "~/lib/form-data.server";
import { isUuid } from "~/lib/list-query";
import type { Toast } from "~/lib/toast";
import { getDb, type Database } from "#server/db/client.server";
import { deliverNow, enqueueEmail, type DeliveryResult } from "#server/email/outbox.server";
import { logger } from "#server/logger.server";
import { findBookingForUpdate, listBookingsOverlapping, setBookingStatus, type AdminBooking, type OverlappingBooking } from "./admin-data.server";
import { BOOKING_CONFIRMED_KIND, bookingConfirmedEmail } from "./admin-email-templates.server";
import {
  blockSchema,
  bookingStatusLabels,
  CREATE_BLOCK_INTENT,
  DELETE_BLOCK_INTENT,
  deleteBlockSchema,
  statusChangeSchema,
  type BookingStatus,
} from "./admin-schema";
import { addDays, CENTRAL_ABBREVIATION, centralDate, clockTime, shortDate, startOfCentralDay } from "~/lib/central-time";
import { describeBlock, existingCentralInstant } from "./admin-time.server";
import { createBlock, deleteBlock } from "./blocks.server";
import { dropReminder } from "./reminders.server";

// ---------------------------------------------------------------------------------------------
// Status changes
// ---------------------------------------------------------------------------------------------

/**
 * Why a booking may not move from `current` to `next` (null when it may). Cancelled is final: its
 * time may have been booked again since. Completed needs the session to have started.
 */
export function statusChangeRefusal(current: BookingStatus, next: BookingStatus, started: boolean): string | null {
  if (current === next) return `This booking is already ${bookingStatusLabels[current].toLowerCase()}.`;
  if (current === "cancelled") {
    return "A cancelled booking stays cancelled: its time may have been booked again. Ask the visitor to book a new session.";
  }
  if (current === "completed" && next !== "confirmed") return "A completed booking can only go back to confirmed.";
  if (next === "completed" && !started) return "A session can be marked completed once it has started.";
  return null;
}

export type StatusChange =
  | { ok: true; booking: AdminBooking; previous: BookingStatus; email: DeliveryResult | null }
  | { ok: false; reason: "not-found" }
  | { ok: false; reason: "refused"; message: string };

/**
 * Moves a booking to `next`. Confirming a pending booking queues the 'your assessment is
 * confirmed' e-mail in the same transaction (both happen or neither), then makes its first
 * delivery after the commit. Cancelling records when; the exclusion constraint only covers
 * bookings that are not cancelled, so the time can be booked again at once.
 */
export async function changeBookingStatus(
  id: string,
  next: BookingStatus,
  now: Date = new Date(),
  db: Database = getDb(),
): Promise<StatusChange> {
  const outcome = await db.transaction(async (tx) => {
    const current = await findBookingForUpdate(id, tx);
    if (!current) return { ok: false as const, reason: "not-found" as const };
    const refusal = statusChangeRefusal(current.status, next, current.startsAt <= now);
    if (refusal) return { ok: false as const, reason: "refused" as const, message: refusal };

    const cancelledAt = next === "cancelled" ? now : current.cancelledAt;
    await setBookingStatus(id, { status: next, cancelledAt }, tx);
    if (next === "cancelled") await dropReminder(current.reminderEmailId, tx);
    const emailId =
      next === "confirmed" && current.status === "pending"
        ? (await enqueueEmail({ kind: BOOKING_CONFIRMED_KIND, to: current.email, ...bookingConfirmedEmail(current) }, tx)).id
        : null;
    return { ok: true as const, booking: { ...current, status: next, cancelledAt }, previous: current.status, emailId };
  });
  if (!outcome.ok) return outcome;
  const { emailId, ...change } = outcome;
  logger.info({ bookingId: id, from: change.previous, to: next }, "booking status changed by an admin");
  return { ...change, email: emailId ? await deliverNow(emailId) : null };
}

export type StatusActionResult = ActionResult & { toast: Toast };

function statusToast(change: Extract<StatusChange, { ok: true }>): Toast {
  const status = change.booking.status;
  if (status === "confirmed" && change.email) {
    return change.email.ok
      ? { kind: "success", title: "Booking confirmed", description: `${change.booking.email} was e-mailed that the assessment is confirmed.` }
      : {
          kind: "error",
          title: "Booking confirmed, e-mail not sent yet",
          description: `The confirmation e-mail failed (${change.email.error}). It is retried automatically; its status is on the E-mails page.`,
        };
  }
  if (status === "cancelled") return { kind: "success", title: "Booking cancelled", description: "The time is free to be booked again." };
  if (status === "completed") return { kind: "success", title: "Marked as completed" };
  return { kind: "success", title: `Status set to ${bookingStatusLabels[status].toLowerCase()}` };
}

export async function changeStatusFromAdmin(request: Request, id: string, now = new Date()) {
  if (!isUuid(id)) throw data(null, { status: 404, headers: NO_STORE });
  const submission = parseWithZod(await readFormData(request, { schema: statusChangeSchema }), { schema: statusChangeSchema });
  if (submission.status !== "success") throw data("Bad request: unknown form.", { status: 400, headers: NO_STORE });
  const change = await changeBookingStatus(id, submission.value.status, now);
  if (!change.ok && change.reason === "not-found") throw data(null, { status: 404, headers: NO_STORE });
  const result: StatusActionResult = change.ok
    ? { ok: true, toast: statusToast(change) }
    : { ok: false, toast: { kind: "error", title: "Status not changed", description: change.message } };
  // A refusal answers 200 all the same: the page reloads its data, which shows why (another tab
  // or the visitor changed the booking meanwhile). React Router skips that after a 4xx.
  return data(result, { headers: NO_STORE });
}

// ---------------------------------------------------------------------------------------------
// Blocked times
// ---------------------------------------------------------------------------------------------

/** How far ahead a block may be set: past that, a date is a typo (9999-12-31), not a plan. */
export const BLOCK_HORIZON_YEARS = 2;

/** The last date a block may fall on, `BLOCK_HORIZON_YEARS` from today (Central Time). */
export function lastBlockableDate(now: Date): string {
  const today = centralDate(now);
  return `${Number(today.slice(0, 4)) + BLOCK_HORIZON_YEARS}${today.slice(4)}`;
}

/** The bookings of `candidates` that fall in the block, labelled for the owner. */
export function conflictsOf(block: { startsAt: Date; endsAt: Date }, candidates: OverlappingBooking[]) {
  return candidates
    .filter((booking) => booking.startsAt < block.endsAt && booking.endsAt > block.startsAt)
    .map((booking) => ({
      id: booking.id,
      bookingRef: booking.bookingRef,
      label: `${booking.firstName} ${booking.lastName}, ${shortDate(booking.startsAt)} ${clockTime(booking.startsAt)} ${CENTRAL_ABBREVIATION}`,
    }));
}

export type BlockActionResult = ActionResult & { intent: typeof CREATE_BLOCK_INTENT | typeof DELETE_BLOCK_INTENT; toast: Toast };

function respond(result: BlockActionResult, status = 200) {
  return data(result, { status, headers: NO_STORE });
}

/** A time that does not exist in Central Time: the hour skipped when daylight saving time begins. */
function skippedTimeMessage(time: string) {
  return `${time} does not exist that day: clocks jump from 2:00 to 3:00 AM when daylight saving time begins. Choose 3:00 or later.`;
}

/** When the block starts and ends, or the field messages that say why it cannot be saved. */
function blockInterval(
  input: { date: string; allDay?: "on"; startTime?: string; endTime?: string },
  now: Date,
): { startsAt: Date; endsAt: Date } | { fieldErrors: Record<string, string[]> } {
  if (input.date > lastBlockableDate(now)) {
    return { fieldErrors: { date: [`Choose a date within the next ${BLOCK_HORIZON_YEARS} years.`] } };
  }
  if (input.allDay) {
    const startsAt = existingCentralInstant(input.date, "00:00")!;
    const endsAt = startOfCentralDay(addDays(input.date, 1));
    return endsAt <= now ? { fieldErrors: { date: ["That time has already passed."] } } : { startsAt, endsAt };
  }
  const startsAt = existingCentralInstant(input.date, input.startTime!);
  const endsAt = existingCentralInstant(input.date, input.endTime!);
  if (!startsAt || !endsAt) {
    const fieldErrors: Record<string, string[]> = {};
    if (!startsAt) fieldErrors.startTime = [skippedTimeMessage(input.startTime!)];
    if (!endsAt) fieldErrors.endTime = [skippedTimeMessage(input.endTime!)];
    return { fieldErrors };
  }
  return endsAt <= now ? { fieldErrors: { endTime: ["That time has already passed."] } } : { startsAt, endsAt };
}

/**
 * A block may cover existing bookings: it is saved anyway (the owner's trip happens either way),
 * and the answer and the blocks list name the bookings that fall in it, so the owner can cancel
 * or move them deliberately.
 */
async function createBlockAction(formData: FormData, now: Date) {
  const submission = parseWithZod(formData, { schema: blockSchema });
  const interval = submission.status === "success" ? blockInterval(submission.value, now) : null;
  if (submission.status !== "success" || !interval || "fieldErrors" in interval) {
    const fieldErrors = interval && "fieldErrors" in interval ? interval.fieldErrors : undefined;
    return respond(
      {
        intent: CREATE_BLOCK_INTENT,
        ok: false,
        toast: {
          kind: "error",
          title: "Block not saved",
          description: fieldErrors ? Object.values(fieldErrors)[0]![0] : "Please check the highlighted fields.",
        },
        reply: submission.reply(fieldErrors ? { fieldErrors } : undefined),
      },
      400,
    );
  }
  const block = await createBlock({ ...interval, note: submission.value.note || null });
  const conflicts = conflictsOf(block, await listBookingsOverlapping(block.startsAt, block.endsAt));
  const { when, hours } = describeBlock(block);
  const toast: Toast =
    conflicts.length === 0
      ? { kind: "success", title: "Time blocked", description: `${when} · ${hours}: no new bookings.` }
      : {
          kind: "error",
          title: `Time blocked — ${conflicts.length} booking${conflicts.length === 1 ? "" : "s"} fall${conflicts.length === 1 ? "s" : ""} in it`,
          description: `${conflicts.map((conflict) => `${conflict.bookingRef} (${conflict.label})`).join("; ")}. Cancel or reschedule ${conflicts.length === 1 ? "it" : "them"} with the visitor.`,
        };
  return respond({ intent: CREATE_BLOCK_INTENT, ok: true, toast, reply: submission.reply({ resetForm: true }) });
}

async function deleteBlockAction(formData: FormData) {
  const submission = parseWithZod(formData, { schema: deleteBlockSchema });
  if (submission.status !== "success") throw data("Bad request: unknown block.", { status: 400, headers: NO_STORE });
  if (!(await deleteBlock(submission.value.blockId))) {
    // Answered 200 so the page reloads the list without it.
    return respond({
      intent: DELETE_BLOCK_INTENT,
      ok: false,
      toast: { kind: "error", title: "Block not found", description: "It was deleted already." },
    });
  }
  return respond({ intent: DELETE_BLOCK_INTENT, ok: true, toast: { kind: "success", title: "Block deleted", description: "Those times can be booked again." } });
}

export async function blockActionFromAdmin(request: Request, now = new Date()) {
  const formData = await readFormData(request, { schema: [blockSchema, deleteBlockSchema] });
  const intent = formData.get("intent");
  if (intent === CREATE_BLOCK_INTENT) return createBlockAction(formData, now);
  if (intent === DELETE_BLOCK_INTENT) return deleteBlockAction(formData);
  throw data("Bad request: unknown form.", { status: 400, headers: NO_STORE });
}
