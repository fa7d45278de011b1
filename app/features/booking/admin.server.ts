// The owner's side of bookings (/admin/bookings): the list (upcoming first, filtered by status and
// session date), one booking, status changes (confirming e-mails the visitor in the same
// transaction; cancelling frees the slot), blocked times and the CSV export. Times are shown in
// Central Time, the business's zone, so server and browser render the same text.
import { parseWithZod } from "@conform-to/zod/v4";
import { TZDate } from "@date-fns/tz";
import { addDays, format } from "date-fns";
import { and, asc, count, desc, eq, gt, gte, lt, lte, ne, sql } from "drizzle-orm";
import { data } from "react-router";
import type { ActionResult } from "~/components/form";
import { site } from "~/content/site";
import { readFormData } from "~/lib/form-data.server";
import type { Toast } from "~/lib/toast";
import { getDb, type Database, type Executor } from "#server/db/client.server";
import { bookings } from "#server/db/schema";
import { deliverNow, enqueueEmail, type DeliveryResult } from "#server/email/outbox.server";
import { logger } from "#server/logger.server";
import { BOOKING_CONFIRMED_KIND, bookingConfirmedEmail } from "./admin-email-templates.server";
import {
  adminBookingStatuses,
  blockSchema,
  bookingListQuerySchema,
  bookingStatusLabels,
  CREATE_BLOCK_INTENT,
  DELETE_BLOCK_INTENT,
  deleteBlockSchema,
  RANGE_ERROR,
  statusChangeSchema,
  type BookingStatus,
} from "./admin-schema";
import { createBlock, deleteBlock, listUpcomingBlocks, type BookingBlock } from "./blocks.server";
import { bookingFormColumns, uuidPattern } from "./booking.server";
import { toCsv } from "./csv";
import { dropReminder } from "./reminders.server";
import { EXPERIENCE_LEVEL_LABELS } from "./schema";
import { centralDate, centralDay, centralInstant } from "./slots";

const zone = site.location.timeZone;
const zoneAbbreviation = site.location.timeZoneAbbreviation;
export const BOOKINGS_PAGE_SIZE = 50;

const noStore = { "Cache-Control": "no-store" } as const;

// ---------------------------------------------------------------------------------------------
// Data access (bookings belong to this feature)
// ---------------------------------------------------------------------------------------------

/** Every column the owner sees; the cancel token stays a secret between the site and the visitor. */
const bookingColumns = {
  id: bookings.id,
  ...bookingFormColumns,
  startsAt: bookings.startsAt,
  endsAt: bookings.endsAt,
  status: bookings.status,
  reminderEmailId: bookings.reminderEmailId,
  cancelledAt: bookings.cancelledAt,
  createdAt: bookings.createdAt,
};

export type AdminBooking = {
  [K in keyof typeof bookingColumns]: (typeof bookings.$inferSelect)[K];
};

/** Session dates (Central Time, as the visitor chose them) from `from` to `to`, both included. */
export type BookingFilters = { status?: BookingStatus; from?: string; to?: string };

function whereFilters(filters: BookingFilters) {
  return and(
    filters.status ? eq(bookings.status, filters.status) : undefined,
    filters.from ? gte(bookings.sessionDate, filters.from) : undefined,
    filters.to ? lte(bookings.sessionDate, filters.to) : undefined,
  );
}

/**
 * Bookings matching the filters: those not over yet first (soonest first), then past ones (most
 * recent first). A session in progress counts as not over.
 */
export async function listBookings(
  filters: BookingFilters,
  options: { now: Date; limit?: number; offset?: number },
  executor: Executor = getDb(),
): Promise<AdminBooking[]> {
  const now = sql`${options.now.toISOString()}::timestamptz`;
  const query = executor
    .select(bookingColumns)
    .from(bookings)
    .where(whereFilters(filters))
    .orderBy(
      // Past bookings have no key here, so they come after every one not over yet.
      sql`case when ${bookings.endsAt} > ${now} then ${bookings.startsAt} end asc nulls last`,
      desc(bookings.startsAt),
      asc(bookings.bookingRef),
    );
  if (options.limit === undefined) return query;
  return query.limit(options.limit).offset(options.offset ?? 0);
}

/** How many bookings of each status match the date range. */
export async function countBookingsByStatus(
  filters: Omit<BookingFilters, "status">,
  executor: Executor = getDb(),
): Promise<Record<BookingStatus, number>> {
  const rows = await executor
    .select({ status: bookings.status, value: count() })
    .from(bookings)
    .where(whereFilters(filters))
    .groupBy(bookings.status);
  const counts = Object.fromEntries(adminBookingStatuses.map((status) => [status, 0])) as Record<BookingStatus, number>;
  for (const row of rows) counts[row.status] = Number(row.value);
  return counts;
}

/** Bookings still to come: not cancelled, starting after `now` (the dashboard's overview). */
export async function countUpcomingBookings(now: Date, executor: Executor = getDb()): Promise<number> {
  const [row] = await executor
    .select({ value: count() })
    .from(bookings)
    .where(and(ne(bookings.status, "cancelled"), gt(bookings.startsAt, now)));
  return Number(row?.value ?? 0);
}

export async function findBooking(id: string, executor: Executor = getDb()): Promise<AdminBooking | undefined> {
  const [row] = await executor.select(bookingColumns).from(bookings).where(eq(bookings.id, id));
  return row;
}

/** Bookings that hold time in [from, to) (cancelled ones hold none), earliest first. */
export async function listBookingsOverlapping(from: Date, to: Date, executor: Executor = getDb()) {
  return executor
    .select({
      id: bookings.id,
      bookingRef: bookings.bookingRef,
      firstName: bookings.firstName,
      lastName: bookings.lastName,
      startsAt: bookings.startsAt,
      endsAt: bookings.endsAt,
    })
    .from(bookings)
    .where(and(ne(bookings.status, "cancelled"), lt(bookings.startsAt, to), gt(bookings.endsAt, from)))
    .orderBy(asc(bookings.startsAt));
}

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
    // Locked, so two clicks on Confirm send one e-mail.
    const [current] = await tx.select(bookingColumns).from(bookings).where(eq(bookings.id, id)).for("update");
    if (!current) return { ok: false as const, reason: "not-found" as const };
    const refusal = statusChangeRefusal(current.status, next, current.startsAt <= now);
    if (refusal) return { ok: false as const, reason: "refused" as const, message: refusal };

    const cancelledAt = next === "cancelled" ? now : current.cancelledAt;
    await tx.update(bookings).set({ status: next, cancelledAt }).where(eq(bookings.id, id));
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

// ---------------------------------------------------------------------------------------------
// Central Time
// ---------------------------------------------------------------------------------------------

const central = (date: Date) => new TZDate(date, zone);

const longDate = (date: Date) => format(central(date), "EEE, MMM d, yyyy");
const clock = (date: Date) => format(central(date), "h:mm a");
const dateTime = (date: Date) => `${format(central(date), "MMM d, yyyy, h:mm a")} ${zoneAbbreviation}`;

function sessionTimes(booking: Pick<AdminBooking, "startsAt" | "endsAt">) {
  return { date: longDate(booking.startsAt), time: `${clock(booking.startsAt)} – ${clock(booking.endsAt)} ${zoneAbbreviation}` };
}

// ---------------------------------------------------------------------------------------------
// The list page
// ---------------------------------------------------------------------------------------------

/** The query string's filters; a range whose end comes before its start is set aside, and said so. */
export function readBookingFilters(url: URL) {
  const query = bookingListQuerySchema.parse(Object.fromEntries(url.searchParams));
  const rangeError = query.from && query.to && query.to < query.from ? RANGE_ERROR : null;
  const filters: BookingFilters = {
    status: query.status,
    from: rangeError ? undefined : query.from,
    to: rangeError ? undefined : query.to,
  };
  return { query, filters, rangeError };
}

/** "Tue, Nov 24, 2026" + "Whole day" or "9:00 AM – 1:00 PM CT" (a block made elsewhere may span days). */
function describeBlock(block: BookingBlock) {
  const start = central(block.startsAt);
  const end = central(block.endsAt);
  const wholeDays = format(start, "HH:mm") === "00:00" && format(end, "HH:mm") === "00:00";
  const lastDay = new Date(block.endsAt.getTime() - 1);
  if (wholeDays) {
    const sameDay = format(start, "yyyy-MM-dd") === format(central(lastDay), "yyyy-MM-dd");
    return sameDay
      ? { when: longDate(block.startsAt), hours: "Whole day" }
      : { when: `${longDate(block.startsAt)} – ${longDate(lastDay)}`, hours: "Whole days" };
  }
  if (format(start, "yyyy-MM-dd") === format(end, "yyyy-MM-dd")) {
    return { when: longDate(block.startsAt), hours: `${clock(block.startsAt)} – ${clock(block.endsAt)} ${zoneAbbreviation}` };
  }
  return { when: `${dateTime(block.startsAt)} –`, hours: dateTime(block.endsAt) };
}

type Overlapping = Awaited<ReturnType<typeof listBookingsOverlapping>>[number];

function conflictsOf(block: Pick<BookingBlock, "startsAt" | "endsAt">, candidates: Overlapping[]) {
  return candidates
    .filter((booking) => booking.startsAt < block.endsAt && booking.endsAt > block.startsAt)
    .map((booking) => ({
      id: booking.id,
      bookingRef: booking.bookingRef,
      label: `${booking.firstName} ${booking.lastName}, ${longDate(booking.startsAt)} ${clock(booking.startsAt)} ${zoneAbbreviation}`,
    }));
}

/** Upcoming blocks, each with the bookings that fall in it (the owner decides what to do with them). */
async function upcomingBlocksView(now: Date) {
  const blocks = await listUpcomingBlocks(now);
  if (blocks.length === 0) return [];
  const span = await listBookingsOverlapping(
    blocks[0]!.startsAt,
    new Date(Math.max(...blocks.map((block) => block.endsAt.getTime()))),
  );
  return blocks.map((block) => ({ id: block.id, note: block.note, ...describeBlock(block), conflicts: conflictsOf(block, span) }));
}

export async function getBookingsPage(url: URL, now = new Date()) {
  const { query, filters, rangeError } = readBookingFilters(url);
  const [countByStatus, blocks] = await Promise.all([
    countBookingsByStatus({ from: filters.from, to: filters.to }),
    upcomingBlocksView(now),
  ]);
  const total = filters.status
    ? countByStatus[filters.status]
    : Object.values(countByStatus).reduce((sum, value) => sum + value, 0);
  const pageCount = Math.max(1, Math.ceil(total / BOOKINGS_PAGE_SIZE));
  const page = Math.min(query.page, pageCount);
  const rows = await listBookings(filters, { now, limit: BOOKINGS_PAGE_SIZE, offset: (page - 1) * BOOKINGS_PAGE_SIZE });
  const deleteBlockId = url.searchParams.get("deleteBlock");
  return {
    filters: { status: filters.status ?? null, from: query.from ?? null, to: query.to ?? null },
    rangeError,
    page,
    pageCount,
    total,
    countByStatus,
    today: centralDate(now),
    bookings: rows.map((booking) => ({
      id: booking.id,
      bookingRef: booking.bookingRef,
      name: `${booking.firstName} ${booking.lastName}`,
      email: booking.email,
      phone: booking.phone,
      ...sessionTimes(booking),
      duration: booking.sessionDuration,
      projectType: booking.projectType,
      status: booking.status,
      upcoming: booking.endsAt > now,
    })),
    blocks,
    // The block whose deletion waits for a yes (?deleteBlock=…, so it works without scripts).
    confirmDeleteBlockId: blocks.some((block) => block.id === deleteBlockId) ? deleteBlockId : null,
  };
}

// ---------------------------------------------------------------------------------------------
// One booking
// ---------------------------------------------------------------------------------------------

export async function getBookingView(id: string, url: URL, now = new Date()) {
  const booking = uuidPattern.test(id) ? await findBooking(id) : undefined;
  if (!booking) throw data(null, { status: 404, headers: noStore });
  const started = booking.startsAt <= now;
  const changes = adminBookingStatuses.filter((status) => !statusChangeRefusal(booking.status, status, started));
  return {
    id: booking.id,
    bookingRef: booking.bookingRef,
    status: booking.status,
    name: `${booking.firstName} ${booking.lastName}`,
    firstName: booking.firstName,
    lastName: booking.lastName,
    email: booking.email,
    phone: booking.phone,
    ...sessionTimes(booking),
    requested: `${booking.sessionDate} at ${booking.sessionTime} ${zoneAbbreviation}`,
    duration: booking.sessionDuration,
    projectType: booking.projectType,
    projectDescription: booking.projectDescription,
    experienceLevel: EXPERIENCE_LEVEL_LABELS[booking.experienceLevel],
    specificGoals: booking.specificGoals?.trim() || null,
    additionalRequirements: booking.additionalRequirements?.trim() || null,
    createdAt: dateTime(booking.createdAt),
    cancelledAt: booking.cancelledAt ? dateTime(booking.cancelledAt) : null,
    reminderEmailId: booking.reminderEmailId,
    upcoming: booking.endsAt > now,
    changes,
    // Cancelling asks first (?confirm=cancel, so it works without scripts).
    confirmCancel: url.searchParams.get("confirm") === "cancel" && changes.includes("cancelled"),
  };
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
  if (!uuidPattern.test(id)) throw data(null, { status: 404, headers: noStore });
  const submission = parseWithZod(await readFormData(request, { schema: statusChangeSchema }), { schema: statusChangeSchema });
  if (submission.status !== "success") throw data("Bad request: unknown form.", { status: 400, headers: noStore });
  const change = await changeBookingStatus(id, submission.value.status, now);
  if (!change.ok && change.reason === "not-found") throw data(null, { status: 404, headers: noStore });
  const result: StatusActionResult = change.ok
    ? { ok: true, toast: statusToast(change) }
    : { ok: false, toast: { kind: "error", title: "Status not changed", description: change.message } };
  // A refusal answers 200 all the same: the page reloads its data, which shows why (another tab
  // or the visitor changed the booking meanwhile). React Router skips that after a 4xx.
  return data(result, { headers: noStore });
}

// ---------------------------------------------------------------------------------------------
// Blocked times
// ---------------------------------------------------------------------------------------------

export type BlockActionResult = ActionResult & { intent: typeof CREATE_BLOCK_INTENT | typeof DELETE_BLOCK_INTENT; toast: Toast };

function respond(result: BlockActionResult, status = 200) {
  return data(result, { status, headers: noStore });
}

/**
 * A block may cover existing bookings: it is saved anyway (the owner's trip happens either way),
 * and the answer and the blocks list name the bookings that fall in it, so the owner can cancel
 * or move them deliberately.
 */
async function createBlockAction(formData: FormData, now: Date) {
  const submission = parseWithZod(formData, { schema: blockSchema });
  if (submission.status !== "success") {
    return respond(
      {
        intent: CREATE_BLOCK_INTENT,
        ok: false,
        toast: { kind: "error", title: "Block not saved", description: "Please check the highlighted fields." },
        reply: submission.reply(),
      },
      400,
    );
  }
  const { date, allDay, startTime, endTime, note } = submission.value;
  const startsAt = centralInstant(date, allDay ? "00:00" : startTime!);
  const endsAt = allDay ? new Date(addDays(centralDay(date), 1).getTime()) : centralInstant(date, endTime!);
  if (endsAt <= now) {
    const message = "That time has already passed.";
    return respond(
      {
        intent: CREATE_BLOCK_INTENT,
        ok: false,
        toast: { kind: "error", title: "Block not saved", description: message },
        reply: submission.reply({ fieldErrors: { [allDay ? "date" : "endTime"]: [message] } }),
      },
      400,
    );
  }
  const block = await createBlock({ startsAt, endsAt, note: note || null });
  const conflicts = conflictsOf(block, await listBookingsOverlapping(startsAt, endsAt));
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
  if (submission.status !== "success") throw data("Bad request: unknown block.", { status: 400, headers: noStore });
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
  throw data("Bad request: unknown form.", { status: 400, headers: noStore });
}

// ---------------------------------------------------------------------------------------------
// CSV export
// ---------------------------------------------------------------------------------------------

const csvHeader = [
  "Booking ID",
  "Status",
  "Session date (CT)",
  "Session time (CT)",
  "Duration (minutes)",
  "First name",
  "Last name",
  "Email",
  "Phone",
  "Focus area",
  "Manufacturing scale",
  "Project description",
  "Specific goals",
  "Additional requirements",
  "Booked at (CT)",
  "Cancelled at (CT)",
];

const csvDateTime = (date: Date | null) => (date ? format(central(date), "yyyy-MM-dd HH:mm") : "");

/** The filtered list (every page, in the list's order) as a CSV download. */
export async function bookingsCsvResponse(url: URL, now = new Date()) {
  const { filters } = readBookingFilters(url);
  const rows = await listBookings(filters, { now });
  const csv = toCsv([
    csvHeader,
    ...rows.map((booking) => [
      booking.bookingRef,
      bookingStatusLabels[booking.status],
      booking.sessionDate,
      booking.sessionTime,
      booking.sessionDuration,
      booking.firstName,
      booking.lastName,
      booking.email,
      booking.phone,
      booking.projectType,
      EXPERIENCE_LEVEL_LABELS[booking.experienceLevel],
      booking.projectDescription,
      booking.specificGoals,
      booking.additionalRequirements,
      csvDateTime(booking.createdAt),
      csvDateTime(booking.cancelledAt),
    ]),
  ]);
  const name = ["bookings", filters.status, filters.from && `from-${filters.from}`, filters.to && `to-${filters.to}`]
    .filter(Boolean)
    .join("-");
  // The byte-order mark makes spreadsheet programs read the file as UTF-8 (names with accents).
  return new Response(`\uFEFF${csv}`, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}.csv"`,
      ...noStore,
    },
  });
}
