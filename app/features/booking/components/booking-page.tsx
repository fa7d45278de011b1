import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import type { BookingActionResult } from "../actions.server";
import type { Availability } from "../booking.server";
import { BookingForm } from "./booking-form";

export function BookingPage(props: {
  today: string;
  lastDate: string;
  horizonDays: number;
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
        <BookingForm {...props} />
      </div>
    </div>
  );
}
