// The bookings list of /admin/bookings, with the same filters and order, as a CSV download
// (app/lib/csv.server.ts: formula-safe cells, BOM, CRLF, streamed a page of rows at a time).
import { csvResponse, pagesOf } from "~/lib/csv.server";
import { listBookings, type AdminBooking } from "./admin-data.server";
import { readBookingFilters } from "./admin-pages.server";
import { bookingStatusLabels } from "./admin-schema";
import { csvDateTime } from "~/lib/central-time";
import { EXPERIENCE_LEVEL_LABELS } from "./form-options";

const header = [
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

const toRow = (booking: AdminBooking) => [
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
  booking.cancelledAt ? csvDateTime(booking.cancelledAt) : "",
];

/**
 * Every page of the filtered list. Pages are read one after another, not in one snapshot: a
 * booking made or changed during a long download may be missed or appear twice.
 */
export function bookingsCsvResponse(url: URL, now = new Date(), pageSize?: number) {
  const { filters } = readBookingFilters(url);
  const filename = ["bookings", filters.status, filters.from && `from-${filters.from}`, filters.to && `to-${filters.to}`]
    .filter(Boolean)
    .join("-");
  return csvResponse({
    filename,
    header,
    pages: pagesOf((page) => listBookings(filters, { now, ...page }), pageSize),
    toRow,
  });
}
