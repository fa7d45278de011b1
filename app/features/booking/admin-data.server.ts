// The owner's reads and writes of bookings (/admin/bookings): plain data-access functions that
// name their columns and take the executor. Bookings belong to this feature.
import { and, asc, count, desc, eq, gt, gte, lt, lte, ne, sql } from "drizzle-orm";
import { getDb, type Executor } from "#server/db/client.server";
import { bookings } from "./schema";
import { adminBookingStatuses, type BookingStatus } from "./admin-schema";
import { bookingFormColumns } from "./booking.server";

/** Every column the owner sees; the cancel token stays a secret between the site and the visitor. */
export const adminBookingColumns = {
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
  [K in keyof typeof adminBookingColumns]: (typeof bookings.$inferSelect)[K];
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
 * recent first), the reference breaking ties so that pages never overlap. A session in progress
 * counts as not over.
 */
export async function listBookings(
  filters: BookingFilters,
  options: { now: Date; limit: number; offset: number },
  executor: Executor = getDb(),
): Promise<AdminBooking[]> {
  const now = sql`${options.now.toISOString()}::timestamptz`;
  return executor
    .select(adminBookingColumns)
    .from(bookings)
    .where(whereFilters(filters))
    .orderBy(
      // Past bookings have no key here, so they come after every one not over yet.
      sql`case when ${bookings.endsAt} > ${now} then ${bookings.startsAt} end asc nulls last`,
      desc(bookings.startsAt),
      asc(bookings.bookingRef),
    )
    .limit(options.limit)
    .offset(options.offset);
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
  const [row] = await executor.select(adminBookingColumns).from(bookings).where(eq(bookings.id, id));
  return row;
}

/** The booking, locked until the transaction ends (two clicks on Confirm send one e-mail). */
export async function findBookingForUpdate(id: string, executor: Executor): Promise<AdminBooking | undefined> {
  const [row] = await executor.select(adminBookingColumns).from(bookings).where(eq(bookings.id, id)).for("update");
  return row;
}

export async function setBookingStatus(
  id: string,
  change: { status: BookingStatus; cancelledAt: Date | null },
  executor: Executor,
): Promise<void> {
  await executor.update(bookings).set({ status: change.status, cancelledAt: change.cancelledAt }).where(eq(bookings.id, id));
}

export type OverlappingBooking = Awaited<ReturnType<typeof listBookingsOverlapping>>[number];

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
