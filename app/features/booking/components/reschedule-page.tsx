// /booking/reschedule/:token, reached from the link in the booking's e-mails and from the
// confirmation page (no sign-in): the session as booked and a new date and time to pick, with the
// booking page's calendar and its slot answers. A plain <Form method="post">: without JavaScript,
// "Show times" asks the server for the chosen date's times. After a move, or on a later visit, the
// page says what the link can still do.
import { getFormProps, useForm } from "@conform-to/react";
import { CalendarClock } from "lucide-react";
import { useEffect } from "react";
import { Form, Link, useFetcher, useLocation, useNavigation } from "react-router";
import { FormError, SelectField, SubmitButton, useToast } from "~/components/form";
import { Button } from "~/components/ui/button";
import { isCalendarDate } from "~/lib/central-time";
import type { Availability } from "../booking.server";
import { RESCHEDULE_INTENT } from "../messages";
import type { RescheduleActionResult, ReschedulePageBooking } from "../reschedule-actions.server";
import { SLOT_DATE_PARAM, type RescheduleFormValues } from "../reschedule-forms";
import { SLOT_TIMES, slotLabel, slotOptions, type SlotState } from "../slots";
import { BookingLinks, BookingNotFound, BookingSummary, ContactLink, sessionRows } from "./booking-summary";
import { SessionDateField } from "./session-date-field";

const slotsBeforeADateIsChosen: SlotState[] = SLOT_TIMES.map((time) => ({ time, label: slotLabel(time), available: true }));

/** The newest answer about this date, wherever it came from. */
function newestAvailability(date: string, duration: string, answers: Array<Availability | null | undefined>) {
  return answers
    .filter((answer): answer is Availability => answer?.date === date && answer.duration === duration)
    .sort((a, b) => b.checkedAt - a.checkedAt)[0];
}

function RescheduleForm({
  booking,
  today,
  lastDate,
  actionResult,
}: {
  booking: ReschedulePageBooking;
  today: string;
  lastDate: string;
  actionResult: RescheduleActionResult | null | undefined;
}) {
  // The server checks every submit (the rules and the slot); the time list offers only free slots.
  const [form, fields] = useForm<RescheduleFormValues>({ id: "reschedule", lastResult: actionResult?.reply });
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST";

  const date = fields.sessionDate.value ?? "";
  const duration = booking.durationMinutes;
  // This page's loader answers with the booking's own time free (the move lets go of it), where
  // /booking's would show it taken.
  const { pathname } = useLocation();
  const availabilityFetcher = useFetcher<{ availability: Availability | null }>();
  useEffect(() => {
    if (!isCalendarDate(date)) return;
    void availabilityFetcher.load(`${pathname}?${new URLSearchParams({ [SLOT_DATE_PARAM]: date })}`);
    // `load` is stable; the fetcher object itself changes on every state change.
  }, [date, pathname]);
  const fetched = availabilityFetcher.data?.availability;
  const slots = newestAvailability(date, duration, [fetched, actionResult?.availability])?.slots ?? slotsBeforeADateIsChosen;
  // A time chosen for another date that this one has taken is cleared.
  const chosenTime = fields.sessionTime.value;
  useEffect(() => {
    if (!chosenTime || fetched?.date !== date) return;
    if (fetched.slots.some((slot) => slot.time === chosenTime && !slot.available)) {
      form.update({ name: fields.sessionTime.name, value: "" });
    }
  }, [fetched]);
  const checking = availabilityFetcher.state === "loading";

  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-6 rounded-xl border bg-card p-5 text-left shadow-sm sm:p-6">
      <h2 className="text-lg font-semibold text-primary">Choose a New Time</h2>
      <FormError id={form.errorId} errors={form.errors} />
      <div className="grid items-start gap-6 md:grid-cols-[auto_1fr]">
        <SessionDateField field={fields.sessionDate} today={today} lastDate={lastDate} />
        <div className="grid content-start gap-5">
          <SelectField
            field={fields.sessionTime}
            label="Preferred Time"
            description={
              checking
                ? "Times shown in Central Time. Checking availability..."
                : `Times shown in Central Time, for your ${booking.duration} session`
            }
            placeholder="Select a time"
            options={slotOptions(slots)}
          />
        </div>
      </div>
      <div className="flex flex-col gap-3 sm:flex-row">
        <SubmitButton
          name="intent"
          value={RESCHEDULE_INTENT}
          busy={busy}
          busyText="Rescheduling..."
          variant="brand"
          size="lg"
          className="h-12 px-6 text-base"
        >
          Reschedule Session
        </SubmitButton>
        <Button asChild variant="outline" size="lg" className="h-12 px-6 text-base">
          <Link to="/">Keep Current Time</Link>
        </Button>
      </div>
    </Form>
  );
}

export function ReschedulePage({
  booking,
  contactEmail,
  today,
  lastDate,
  rescheduled,
  actionResult,
}: {
  booking: ReschedulePageBooking | null;
  contactEmail: string;
  today: string;
  lastDate: string;
  rescheduled: boolean;
  actionResult: RescheduleActionResult | null | undefined;
}) {
  useToast(actionResult?.toast);
  const contact = <ContactLink email={contactEmail} />;

  if (!booking) return <BookingNotFound link="reschedule link" from="your e-mail" contactEmail={contactEmail} />;

  const icon = <CalendarClock aria-hidden="true" className="mx-auto size-12 text-primary" />;
  if (booking.state === "active" && rescheduled) {
    return (
      <div className="mx-auto grid max-w-2xl gap-6 px-4 py-16 text-center sm:py-20">
        {icon}
        <h1 className="text-3xl font-bold tracking-tight text-primary">Session Rescheduled</h1>
        <p role="status" className="text-lg text-muted-foreground">
          Your session is now on {booking.date}, {booking.time}. We sent the updated calendar invitation to {booking.email};
          your earlier time is free again.
        </p>
        <BookingSummary rows={sessionRows(booking)} heading="Your Session" />
        <p className="text-muted-foreground">
          Need another time after all?{" "}
          <Link to="." className="font-medium text-primary underline-offset-4 hover:underline">
            Reschedule again
          </Link>
          .
        </p>
        <BookingLinks book="Book Another Session" />
      </div>
    );
  }
  if (booking.state === "active") {
    return (
      <div className="mx-auto grid max-w-3xl gap-6 px-4 py-16 text-center sm:py-20">
        {icon}
        <h1 className="text-3xl font-bold tracking-tight text-primary">Reschedule Your Assessment</h1>
        <p className="text-lg text-muted-foreground">
          Pick a new date and time for this session. Your current time stays booked until the new one is confirmed.
        </p>
        <BookingSummary rows={sessionRows(booking)} heading="Current Booking" />
        <RescheduleForm booking={booking} today={today} lastDate={lastDate} actionResult={actionResult} />
      </div>
    );
  }
  const [title, text, book] =
    booking.state === "moved"
      ? [
          "This Link Has Expired",
          `This session was rescheduled after this link was sent, so the link no longer works. Your session is now on ${booking.date}, ${booking.time}. To change it again, use the link in the newest e-mail from us.`,
          "Book Another Session",
        ]
      : booking.state === "cancelled"
        ? ["Booking Cancelled", "This booking was cancelled, so it can no longer be rescheduled.", "Book a New Session"]
        : ["Session Already Held", "This session has already taken place, so it can no longer be rescheduled.", "Book Another Session"];
  return (
    <div className="mx-auto grid max-w-2xl gap-6 px-4 py-16 text-center sm:py-20">
      {icon}
      <h1 className="text-3xl font-bold tracking-tight text-primary">{title}</h1>
      <p role="status" className="text-lg text-muted-foreground">
        {text} Questions? Write to {contact}.
      </p>
      <BookingSummary rows={sessionRows(booking)} heading={booking.state === "cancelled" ? "Cancelled Booking" : "Your Session"} />
      <BookingLinks book={book} />
    </div>
  );
}
