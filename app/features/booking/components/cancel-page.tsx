// /booking/cancel/:token, reached from the link in the confirmation and reminder e-mails (no
// sign-in): the booking and a confirm button; afterwards, or on a later visit, that it is cancelled.
import { CalendarX2 } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { SubmitButton, useToast } from "~/components/form";
import { Button } from "~/components/ui/button";
import type { CancelActionResult, CancelPageBooking } from "../actions.server";
import { CANCEL_INTENT } from "../messages";
import { BookingLinks, BookingNotFound, BookingSummary, ContactLink, sessionRows } from "./booking-summary";

export function CancelPage({
  booking,
  contactEmail,
  actionResult,
}: {
  booking: CancelPageBooking | null;
  contactEmail: string;
  actionResult: CancelActionResult | null | undefined;
}) {
  useToast(actionResult?.toast);
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST";
  const contact = <ContactLink email={contactEmail} />;

  if (!booking) return <BookingNotFound link="cancel link" from="your confirmation e-mail" contactEmail={contactEmail} />;

  return (
    <div className="mx-auto grid max-w-2xl gap-6 px-4 py-16 text-center sm:py-20">
      <CalendarX2 aria-hidden="true" className="mx-auto size-12 text-primary" />
      {booking.state === "active" ? (
        <>
          <h1 className="text-3xl font-bold tracking-tight text-primary">Cancel Your Assessment</h1>
          <p className="text-lg text-muted-foreground">
            Cancel this session? Its time becomes free for someone else. To move it instead,{" "}
            <Link to={booking.reschedulePath} className="font-medium text-primary underline underline-offset-4">
              reschedule it
            </Link>
            .
          </p>
          <BookingSummary rows={sessionRows(booking)} />
          <Form method="post" className="flex flex-col justify-center gap-3 sm:flex-row">
            <input type="hidden" name="intent" value={CANCEL_INTENT} />
            <SubmitButton busy={busy} busyText="Cancelling..." variant="destructive" size="lg" className="h-12 px-6 text-base">
              Cancel Session
            </SubmitButton>
            <Button asChild variant="outline" size="lg" className="h-12 px-6 text-base">
              <Link to="/">Keep My Booking</Link>
            </Button>
          </Form>
        </>
      ) : booking.state === "cancelled" ? (
        <>
          <h1 className="text-3xl font-bold tracking-tight text-primary">Booking Cancelled</h1>
          <p role="status" className="text-lg text-muted-foreground">
            This booking was cancelled{booking.cancelledOn ? ` on ${booking.cancelledOn}` : ""}. Its time is free for
            someone else.
          </p>
          <BookingSummary rows={sessionRows(booking)} />
          <BookingLinks book="Book Another Session" />
        </>
      ) : (
        <>
          <h1 className="text-3xl font-bold tracking-tight text-primary">Session Already Held</h1>
          <p className="text-lg text-muted-foreground">
            This session has already taken place, so it can no longer be cancelled. Questions? Write to {contact}.
          </p>
          <BookingSummary rows={sessionRows(booking)} />
          <BookingLinks book="Book Another Session" />
        </>
      )}
    </div>
  );
}
