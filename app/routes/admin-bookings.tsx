import { Download } from "lucide-react";
import { useNavigation } from "react-router";
import type { Route } from "./+types/admin-bookings";
import { AdminPageHeader } from "~/components/admin-page-header";
import { useToast } from "~/components/form";
import { Button } from "~/components/ui/button";
import { requireAdmin } from "~/features/auth/guards.server";
import { blockActionFromAdmin } from "~/features/booking/admin-actions.server";
import { getBookingsPage } from "~/features/booking/admin-pages.server";
import { calendarActionFromAdmin, getCalendarsView, isCalendarForm } from "~/features/booking/calendar-admin.server";
import { ADD_CALENDAR_INTENT, REMOVE_CALENDAR_INTENT, ROTATE_FEED_INTENT } from "~/features/booking/calendar-forms";
import { bookingListSearch, CREATE_BLOCK_INTENT, DELETE_BLOCK_INTENT } from "~/features/booking/admin-schema";
import { BlockForm, BlockList } from "~/features/booking/components/admin/blocked-times";
import { AddCalendarForm, CalendarSourceList, FeedAddress } from "~/features/booking/components/admin/calendars";
import {
  BookingGroups,
  BookingsEmpty,
  BookingsPagination,
  DateRangeFilter,
  StatusFilter,
} from "~/features/booking/components/admin/booking-list";
import { seo } from "~/lib/seo";

export const meta: Route.MetaFunction = (args) =>
  seo(args, { title: "Bookings", description: "Assessment bookings and blocked times.", noIndex: true });

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  const url = new URL(args.request.url);
  const [page, calendars] = await Promise.all([getBookingsPage(url), getCalendarsView(url)]);
  return { ...page, calendars };
}

export async function action(args: Route.ActionArgs) {
  await requireAdmin(args);
  return (await isCalendarForm(args.request)) ? calendarActionFromAdmin(args.request) : blockActionFromAdmin(args.request);
}

export default function AdminBookings({ loaderData, actionData }: Route.ComponentProps) {
  const { filters, rangeError, bookings, page, pageCount, total, countByStatus, blocks, confirmDeleteBlockId, today, lastBlockableDate, calendars } =
    loaderData;
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" ? navigation.formData : undefined;
  // A new list on its way (a filter, a page), not the reload after a form or the delete question.
  const filtering =
    navigation.state === "loading" &&
    navigation.formMethod !== "POST" &&
    navigation.location.pathname === "/admin/bookings" &&
    !navigation.location.search.includes("deleteBlock=");
  useToast(actionData?.toast);

  const listUrl = `/admin/bookings${bookingListSearch({ ...filters, page })}`;

  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
      <AdminPageHeader
        title="Bookings"
        description="Free assessment requests: confirm them, mark them completed or cancel them. Times are Central Time (CT)."
        actions={
          <Button asChild variant="outline">
            {/* A file download, not a page: the browser fetches it directly. */}
            <a href={`/admin/bookings/export.csv${bookingListSearch(filters)}`} download>
              <Download aria-hidden="true" />
              Export CSV
            </a>
          </Button>
        }
      />

      <div className="mt-8 space-y-4">
        <StatusFilter filters={filters} countByStatus={countByStatus} />
        <DateRangeFilter filters={filters} rangeError={rangeError} busy={filtering} />
      </div>

      <section aria-labelledby="bookings-heading" aria-busy={filtering} className="mt-8 space-y-6">
        <h2 id="bookings-heading" className="sr-only">
          Bookings ({total})
        </h2>
        {bookings.length === 0 ? <BookingsEmpty filters={filters} /> : <BookingGroups bookings={bookings} />}
        <BookingsPagination filters={filters} page={page} pageCount={pageCount} />
      </section>

      <section id="blocked-times" aria-labelledby="blocked-times-heading" className="mt-14 scroll-mt-6">
        <h2 id="blocked-times-heading" className="text-xl font-semibold">
          Blocked times
        </h2>
        <p className="mt-1 max-w-2xl text-sm text-muted-foreground">
          Days or hours when no one can book, such as travel to a client&rsquo;s plant. Bookings already in that time stay
          as they are and are listed with the block, so you can cancel or move them.
        </p>
        <div className="mt-6 grid items-start gap-6 lg:grid-cols-[minmax(0,26rem)_1fr]">
          <BlockForm
            listUrl={listUrl}
            today={today}
            lastDate={lastBlockableDate}
            lastResult={actionData?.intent === CREATE_BLOCK_INTENT ? actionData.reply : undefined}
            busy={submitting?.get("intent") === CREATE_BLOCK_INTENT}
          />
          <BlockList
            blocks={blocks}
            confirmDeleteId={confirmDeleteBlockId}
            listUrl={listUrl}
            busyDeleteId={submitting?.get("intent") === DELETE_BLOCK_INTENT ? String(submitting.get("blockId")) : null}
          />
        </div>
      </section>

      <section id="calendars" aria-labelledby="calendars-heading" className="mt-14 scroll-mt-6">
        <h2 id="calendars-heading" className="text-xl font-semibold">
          Calendars
        </h2>
        <p className="mt-1 max-w-2xl text-sm text-muted-foreground">
          Your bookings in your own calendar app, and your calendar&rsquo;s busy times kept off the booking page.
        </p>
        <div className="mt-6 grid items-start gap-6 lg:grid-cols-2">
          <FeedAddress
            feedUrl={calendars.feedUrl}
            listUrl={listUrl}
            confirmRotate={calendars.confirmRotateFeed}
            busy={submitting?.get("intent") === ROTATE_FEED_INTENT}
          />
          <div className="grid gap-6">
            <AddCalendarForm
              listUrl={listUrl}
              lastResult={actionData?.intent === ADD_CALENDAR_INTENT ? actionData.reply : undefined}
            />
            <CalendarSourceList
              sources={calendars.sources}
              listUrl={listUrl}
              confirmRemoveId={calendars.confirmRemoveCalendarId}
              busyRemoveId={submitting?.get("intent") === REMOVE_CALENDAR_INTENT ? String(submitting.get("sourceId")) : null}
            />
          </div>
        </div>
      </section>
    </div>
  );
}
