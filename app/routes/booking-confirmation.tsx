import type { Route } from "./+types/booking-confirmation";
import { PagePlaceholder } from "~/components/page-placeholder";
import { seo } from "~/lib/seo";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Booking Confirmation",
    description: "Your manufacturing assessment booking.",
    noIndex: true,
  });

export default function BookingConfirmation() {
  return <PagePlaceholder title="Booking Confirmation" />;
}
