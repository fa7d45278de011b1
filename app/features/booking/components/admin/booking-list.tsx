// The bookings list: status filter, session-date range (a GET form: works without scripts), the
// list as a table on wide screens and as cards on small ones, split into upcoming and past.
import { CalendarX2 } from "lucide-react";
import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { StatusFilter as SharedStatusFilter, statusFilterOptions } from "~/components/status-filter";
import { Pagination } from "~/components/pagination";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { cn } from "~/lib/utils";
import { adminBookingStatuses, bookingListSearch, bookingStatusLabels, type BookingStatus } from "../../admin-schema";
import { BookingStatusBadge } from "./booking-status-badge";

export type BookingListItem = {
  id: string;
  bookingRef: string;
  name: string;
  email: string;
  phone: string;
  date: string;
  time: string;
  duration: number;
  projectType: string;
  status: BookingStatus;
  upcoming: boolean;
};

export type ListFilters = { status: BookingStatus | null; from: string | null; to: string | null };

export function StatusFilter({ filters, countByStatus }: { filters: ListFilters; countByStatus: Record<BookingStatus, number> }) {
  const options = statusFilterOptions({
    statuses: adminBookingStatuses,
    labels: bookingStatusLabels,
    countByStatus,
    current: filters.status,
    href: (status) => `/admin/bookings${bookingListSearch({ ...filters, status })}`,
  });
  return <SharedStatusFilter options={options} />;
}

/** Session dates from–to (Central Time, both included); the status filter rides along. */
export function DateRangeFilter({ filters, rangeError, busy }: { filters: ListFilters; rangeError: string | null; busy: boolean }) {
  const filtered = Boolean(filters.from || filters.to);
  return (
    <Form method="get" action="/admin/bookings" className="flex flex-wrap items-end gap-3" aria-label="Filter by session date">
      {filters.status ? <input type="hidden" name="status" value={filters.status} /> : null}
      <div className="grid gap-2">
        <Label htmlFor="filter-from">From</Label>
        <Input id="filter-from" name="from" type="date" defaultValue={filters.from ?? ""} className="w-40" />
      </div>
      <div className="grid gap-2">
        <Label htmlFor="filter-to">To</Label>
        <Input
          id="filter-to"
          name="to"
          type="date"
          defaultValue={filters.to ?? ""}
          className="w-40"
          aria-invalid={rangeError ? true : undefined}
          aria-describedby={rangeError ? "filter-range-error" : undefined}
        />
      </div>
      <Button type="submit" variant="outline" disabled={busy} aria-busy={busy}>
        {busy ? "Filtering..." : "Apply dates"}
      </Button>
      {filtered ? (
        <Button asChild variant="ghost">
          <Link to={`/admin/bookings${bookingListSearch({ status: filters.status })}`}>Clear dates</Link>
        </Button>
      ) : null}
      {rangeError ? (
        <p id="filter-range-error" role="alert" className="basis-full text-sm text-destructive">
          {rangeError} Showing every date.
        </p>
      ) : null}
    </Form>
  );
}

function BookingLink({ booking, className }: { booking: BookingListItem; className?: string }) {
  return (
    <Link
      to={`/admin/bookings/${booking.id}`}
      className={cn("font-medium text-primary underline-offset-4 hover:underline focus-visible:underline", className)}
    >
      {booking.name}
    </Link>
  );
}

function BookingsTable({ bookings, caption }: { bookings: BookingListItem[]; caption: string }) {
  return (
    <div className="hidden rounded-xl border bg-card shadow-sm md:block">
      <Table>
        <caption className="sr-only">{caption}</caption>
        <TableHeader>
          <TableRow>
            <TableHead className="w-56">Session (CT)</TableHead>
            <TableHead>Visitor</TableHead>
            <TableHead className="w-36">Phone</TableHead>
            <TableHead className="w-56">Focus area</TableHead>
            <TableHead className="w-28">Status</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {bookings.map((booking) => (
            <TableRow key={booking.id}>
              <TableCell className="align-top">
                <span className="block font-medium">{booking.date}</span>
                <span className="block text-muted-foreground">
                  {booking.time} · {booking.duration} min
                </span>
              </TableCell>
              <TableCell className="max-w-0 align-top whitespace-normal">
                <BookingLink booking={booking} className="block truncate" />
                <span className="block truncate text-muted-foreground">{booking.email}</span>
              </TableCell>
              <TableCell className="align-top">{booking.phone}</TableCell>
              <TableCell className="align-top whitespace-normal">{booking.projectType}</TableCell>
              <TableCell className="align-top">
                <BookingStatusBadge status={booking.status} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

function BookingCards({ bookings }: { bookings: BookingListItem[] }) {
  return (
    <ul className="space-y-3 md:hidden">
      {bookings.map((booking) => (
        <li key={booking.id} className="rounded-xl border bg-card p-4 shadow-sm">
          <div className="flex items-start justify-between gap-3">
            <BookingLink booking={booking} className="min-w-0 break-words" />
            <BookingStatusBadge status={booking.status} />
          </div>
          <p className="mt-1 text-sm">
            {booking.date} · {booking.time}
          </p>
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-muted-foreground">Focus</dt>
            <dd className="min-w-0 break-words">{booking.projectType}</dd>
            <dt className="text-muted-foreground">Duration</dt>
            <dd>{booking.duration} minutes</dd>
            <dt className="text-muted-foreground">Email</dt>
            <dd className="min-w-0 break-all">{booking.email}</dd>
            <dt className="text-muted-foreground">Phone</dt>
            <dd>{booking.phone}</dd>
          </dl>
        </li>
      ))}
    </ul>
  );
}

/** Upcoming sessions (and those in progress) first, then past ones, each under its heading. */
export function BookingGroups({ bookings }: { bookings: BookingListItem[] }) {
  const groups = [
    { id: "upcoming-bookings", title: "Upcoming", items: bookings.filter((booking) => booking.upcoming) },
    { id: "past-bookings", title: "Past", items: bookings.filter((booking) => !booking.upcoming) },
  ].filter((group) => group.items.length > 0);
  return groups.map((group) => (
    <section key={group.id} aria-labelledby={group.id} className="space-y-3">
      <h3 id={group.id} className="text-base font-semibold text-muted-foreground">
        {group.title}
      </h3>
      <BookingsTable bookings={group.items} caption={`${group.title} bookings`} />
      <BookingCards bookings={group.items} />
    </section>
  ));
}

export function BookingsEmpty({ filters }: { filters: ListFilters }) {
  const filtered = Boolean(filters.status || filters.from || filters.to);
  return (
    <div className="flex flex-col items-center rounded-xl border border-dashed bg-card px-6 py-16 text-center">
      <CalendarX2 className="size-10 text-muted-foreground" aria-hidden="true" />
      <p className="mt-4 font-medium">{filtered ? "No bookings match these filters." : "No bookings yet."}</p>
      <p className="mt-1 text-sm text-muted-foreground">
        {filtered ? (
          <Link to="/admin/bookings" className="text-primary underline-offset-4 hover:underline">
            Show all bookings
          </Link>
        ) : (
          "Assessment requests from the booking page appear here as soon as visitors send them."
        )}
      </p>
    </div>
  );
}

export function BookingsPagination({ filters, page, pageCount }: { filters: ListFilters; page: number; pageCount: number }) {
  return (
    <Pagination
      page={page}
      pageCount={pageCount}
      hrefFor={(target) => `/admin/bookings${bookingListSearch({ ...filters, page: target })}`}
      labels={{ previous: "Previous", next: "Next" }}
    />
  );
}
