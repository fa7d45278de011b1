// The booking as the visitor's pages show it (confirmation, cancel, reschedule): one card of label
// and value rows, the way back home or to a new booking, the owner's address, and the answer to a
// link that matches no booking.
import { SearchX } from "lucide-react";
import { useId } from "react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";

export type SummaryRow = readonly [label: string, value: string];

/** The session's rows as the cancel and reschedule pages name them, from their server-formatted booking. */
export function sessionRows(booking: { bookingRef: string; name: string; date: string; time: string; duration: string; projectType: string }): SummaryRow[] {
  return [
    ["Booking ID", booking.bookingRef],
    ["Name", booking.name],
    ["Date", booking.date],
    ["Time", booking.time],
    ["Duration", booking.duration],
    ["Focus Area", booking.projectType],
  ];
}

/** A card of rows, under `heading` when it has one (the section is then named by it). */
export function BookingSummary({ rows, heading, className = "" }: { rows: readonly SummaryRow[]; heading?: string; className?: string }) {
  const headingId = useId();
  const list = (
    <dl className={`grid gap-x-6 gap-y-3 sm:grid-cols-2 ${heading ? "mt-4" : ""}`}>
      {rows.map(([label, value]) => (
        <div key={label} className="min-w-0">
          <dt className="text-sm text-muted-foreground">{label}</dt>
          <dd className="font-medium break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
  const card = `rounded-xl border bg-card p-6 text-left shadow-sm ${className}`;
  if (!heading) return <div className={card}>{list}</div>;
  return (
    <section aria-labelledby={headingId} className={card}>
      <h2 id={headingId} className="text-lg font-semibold text-primary">
        {heading}
      </h2>
      {list}
    </section>
  );
}

/** Back to Home, and `book` (Book a Session, Book Another Session...) to /booking. */
export function BookingLinks({ book }: { book: string }) {
  return (
    <div className="flex flex-col justify-center gap-3 sm:flex-row">
      <Button asChild variant="outline" size="lg" className="h-12 px-6 text-base">
        <Link to="/">Back to Home</Link>
      </Button>
      <Button asChild variant="brand" size="lg" className="h-12 px-6 text-base">
        <Link to="/booking">{book}</Link>
      </Button>
    </div>
  );
}

/** The owner's address as a mail link, in the pages' sentences. */
export function ContactLink({ email }: { email: string }) {
  return (
    <a href={`mailto:${email}`} className="font-medium text-primary underline-offset-4 hover:underline">
      {email}
    </a>
  );
}

/** A cancel or reschedule link that matches no booking: `link` names which ("cancel link"), `from` which e-mail. */
export function BookingNotFound({ link, from, contactEmail }: { link: string; from: string; contactEmail: string }) {
  return (
    <div className="mx-auto grid max-w-2xl gap-6 px-4 py-16 text-center sm:py-24">
      <SearchX aria-hidden="true" className="mx-auto size-12 text-muted-foreground" />
      <h1 className="text-3xl font-bold tracking-tight text-primary">Booking Not Found</h1>
      <p className="text-lg text-muted-foreground">
        This {link} does not match any booking. Check that you opened the whole link from {from}, or write to{" "}
        <ContactLink email={contactEmail} />.
      </p>
      <BookingLinks book="Book a Session" />
    </div>
  );
}
