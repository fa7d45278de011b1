// What the owner's booking pages show (/admin/bookings and /admin/bookings/:id): the list
// (upcoming first, filtered by status and session date, paged), the upcoming blocked times with
// the bookings in them, and one booking with the status changes it allows.
import { data } from "react-router";
import { NO_STORE } from "~/lib/cache-headers";
import { dateRange, isUuid, pageWindow, readListQuery } from "~/lib/list-query";
import { lastBlockableDate, conflictsOf, statusChangeRefusal } from "./admin-actions.server";
import { countBookingsByStatus, findBooking, listBookings, listBookingsOverlapping, type BookingFilters } from "./admin-data.server";
import { adminBookingStatuses, bookingListQuerySchema } from "./admin-schema";
import { CENTRAL_ABBREVIATION, centralDate, dateTime } from "~/lib/central-time";
import { describeBlock, sessionTimes } from "./admin-time.server";
import { listUpcomingBlocks } from "./blocks.server";
import { EXPERIENCE_LEVEL_LABELS } from "./form-options";

export const BOOKINGS_PAGE_SIZE = 50;

/** The query string's filters (the list's and the CSV export's); a backwards date range is set aside, and said so. */
export function readBookingFilters(url: URL) {
  const query = readListQuery(bookingListQuerySchema, url);
  const { from, to, rangeError } = dateRange(query);
  const filters: BookingFilters = { status: query.status, from, to };
  return { query, filters, rangeError };
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
  const { page, pageCount, limit, offset } = pageWindow(query.page, total, BOOKINGS_PAGE_SIZE);
  const rows = await listBookings(filters, { now, limit, offset });
  const deleteBlockId = url.searchParams.get("deleteBlock");
  return {
    filters: { status: filters.status ?? null, from: query.from ?? null, to: query.to ?? null },
    rangeError,
    page,
    pageCount,
    total,
    countByStatus,
    today: centralDate(now),
    lastBlockableDate: lastBlockableDate(now),
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

export async function getBookingView(id: string, url: URL, now = new Date()) {
  const booking = isUuid(id) ? await findBooking(id) : undefined;
  if (!booking) throw data(null, { status: 404, headers: NO_STORE });
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
    requested: `${booking.sessionDate} at ${booking.sessionTime} ${CENTRAL_ABBREVIATION}`,
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
