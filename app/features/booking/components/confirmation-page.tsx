// /booking/confirmation (SPEC.md section 2): the last saved booking, what happens next, where to
// go, and (right after booking, when the server knows which booking it is) Reschedule and Cancel.
// 'Loading...' until the saved booking is found; none saved sends the visitor to /booking.
import { CalendarCheck, CheckCircle2, Mail, Phone } from "lucide-react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { monthDate } from "~/lib/central-time";
import type { LastBooking } from "../forms";
import { slotLabel } from "../slots";
import { BookingSummary, type SummaryRow } from "./booking-summary";
import { EmailFailureBanner } from "./email-failure-banner";
import { useLastBooking } from "./last-booking";

/** The first step says what happened to the confirmation e-mail: sent, or not sent yet (the banner says why). */
const nextSteps = (emailFailed: boolean) => [
  {
    icon: Mail,
    title: "Confirmation email",
    text: emailFailed
      ? "Your confirmation email could not be sent yet. We keep trying, and our team contacts you either way."
      : "You'll receive a confirmation email within minutes.",
  },
  { icon: Phone, title: "Schedule confirmation", text: "Our team will contact you within 24 hours to confirm the schedule." },
  {
    icon: CalendarCheck,
    title: "Session preparation",
    text: "You'll receive preparation materials and meeting details 24 hours before your session.",
  },
];

function details(booking: LastBooking): SummaryRow[] {
  return [
    ["Booking ID", booking.bookingId],
    ["Name", `${booking.firstName} ${booking.lastName}`],
    ["Email", booking.email],
    ["Phone", booking.phone],
    // sessionDate is the chosen day at midnight Central Time: read it in that zone, wherever the browser is.
    ["Session Date", monthDate(new Date(booking.sessionDate))],
    ["Session Time", slotLabel(booking.sessionTime)],
    ["Duration", `${booking.sessionDuration} minutes`],
    ["Project Type", booking.projectType],
  ];
}

export function ConfirmationPage({
  booking: handedOver,
  emailError,
  contactEmail,
  changeLinks = null,
}: {
  booking: LastBooking | null;
  emailError: string | null;
  contactEmail: string;
  /** The booking's reschedule and cancel pages, when the page was reached right after booking it. */
  changeLinks?: { reschedule: string; cancel: string } | null;
}) {
  const booking = useLastBooking(handedOver);
  if (!booking) {
    return (
      <div className="mx-auto max-w-2xl px-4 py-24 text-center">
        <p role="status" className="text-lg text-muted-foreground">
          Loading...
        </p>
        <noscript>
          <p className="mt-4">
            <Link to="/booking" className="font-medium text-primary underline">
              Book a session
            </Link>
          </p>
        </noscript>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <div className="text-center">
        <span className="inline-flex size-16 items-center justify-center rounded-full bg-emerald-100 text-emerald-800">
          <CheckCircle2 aria-hidden="true" className="size-8" />
        </span>
        <h1 className="mt-6 text-3xl font-bold tracking-tight text-primary sm:text-4xl">Booking Confirmed!</h1>
        <p className="mt-3 text-lg text-muted-foreground">
          Thank you, {booking.firstName}. Your free manufacturing assessment is booked.
        </p>
      </div>

      {emailError ? (
        <div className="mt-8">
          <EmailFailureBanner reason={emailError} />
        </div>
      ) : null}

      <BookingSummary rows={details(booking)} heading="Booking Details" className="mt-8" />

      <section aria-labelledby="next-steps" className="mt-6 rounded-xl border bg-card p-6 shadow-sm">
        <h2 id="next-steps" className="text-lg font-semibold text-primary">
          What Happens Next?
        </h2>
        <ol className="mt-4 grid gap-4">
          {nextSteps(Boolean(emailError)).map(({ icon: Icon, title, text }, index) => (
            <li key={title} className="flex gap-4">
              <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-secondary text-primary">
                <Icon aria-hidden="true" className="size-4" />
              </span>
              <div>
                <p className="font-medium">
                  {index + 1}. {title}
                </p>
                <p className="text-sm text-muted-foreground">{text}</p>
              </div>
            </li>
          ))}
        </ol>
      </section>

      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        <Button asChild variant="outline" size="lg" className="h-12 px-6 text-base">
          <Link to="/">Back to Home</Link>
        </Button>
        <Button asChild variant="brand" size="lg" className="h-12 px-6 text-base">
          <Link to="/booking">Book Another Session</Link>
        </Button>
      </div>
      {changeLinks && booking.bookingId === handedOver?.bookingId ? (
        <section aria-labelledby="change-booking" className="mt-6 rounded-xl border bg-card p-6 text-center shadow-sm">
          <h2 id="change-booking" className="text-lg font-semibold text-primary">
            Need Another Time?
          </h2>
          <p className="mt-2 text-sm text-muted-foreground">
            You can move or cancel this session yourself. The links are in your confirmation email too.
          </p>
          <div className="mt-4 flex flex-col justify-center gap-3 sm:flex-row">
            <Button asChild variant="outline" size="lg" className="h-12 px-6 text-base">
              <Link to={changeLinks.reschedule}>Reschedule</Link>
            </Button>
            <Button asChild variant="outline" size="lg" className="h-12 px-6 text-base">
              <Link to={changeLinks.cancel}>Cancel</Link>
            </Button>
          </div>
        </section>
      ) : null}
      <p className="mt-6 text-center text-sm text-muted-foreground">
        Need to make changes? Contact us at{" "}
        <a href={`mailto:${contactEmail}`} className="font-medium text-primary underline-offset-4 hover:underline">
          {contactEmail}
        </a>
        .
      </p>
    </div>
  );
}
