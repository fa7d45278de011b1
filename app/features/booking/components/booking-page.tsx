// /booking: the page around the form. The form's code (Conform, the form kit, the calendar) loads
// with React.lazy, so the page starts on the JavaScript every public page shares (decision 037):
// the server renders the form whole, and in the browser React keeps that HTML, which a visitor can
// already type into, and makes it work once the code has loaded (a click meanwhile is replayed).
import { ArrowLeft } from "lucide-react";
import { lazy, Suspense } from "react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import type { BookingActionResult } from "../actions.server";
import type { Availability } from "../booking.server";
import type { bookingFormConstraint } from "../form-validation";

type FormModule = typeof import("./booking-form");
let loadedForm: FormModule | undefined;

/** The form's code: React.lazy's, and the route's clientLoader's (a navigation waits for it). */
export const loadBookingForm = () => import("./booking-form").then((module) => (loadedForm = module));

// The server renders the whole document before sending it (app/entry.server.tsx), so the form is
// in the page even when its code is still loading on the server's first render.
const BookingForm = lazy(() => {
  const module = loadedForm;
  if (!module) return loadBookingForm().then(({ BookingForm }) => ({ default: BookingForm }));
  // Already loaded (the clientLoader waited for it): a thenable that answers at once, so React
  // renders the form without showing its fallback for a moment.
  const now = { then: (resolve: (value: { default: FormModule["BookingForm"] }) => void) => resolve({ default: module.BookingForm }) };
  return now as unknown as Promise<{ default: FormModule["BookingForm"] }>;
});

export function BookingPage(props: {
  today: string;
  lastDate: string;
  horizonDays: number;
  constraint: ReturnType<typeof bookingFormConstraint>;
  availability: Availability | null;
  actionResult: BookingActionResult | undefined;
}) {
  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6 sm:py-14 lg:px-8">
      <Button asChild variant="outline">
        <Link to="/">
          <ArrowLeft aria-hidden="true" />
          Back to Home
        </Link>
      </Button>
      <header className="mt-8 text-center">
        <h1 className="text-3xl font-bold tracking-tight text-primary sm:text-4xl">Book a Free Manufacturing Assessment</h1>
        <p className="mx-auto mt-3 max-w-2xl text-lg text-muted-foreground">
          Tell us about your operation and choose a time. A senior CNC and aerospace manufacturing consultant reviews your
          challenge with you and shows where the quickest gains are.
        </p>
      </header>
      <div className="mt-10">
        {/* Never shown in practice: the server renders the form, and a navigation waits for its code. */}
        <Suspense fallback={<p className="py-24 text-center text-muted-foreground">Loading the booking form...</p>}>
          <BookingForm {...props} />
        </Suspense>
      </div>
    </div>
  );
}
