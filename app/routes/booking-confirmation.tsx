import type { Route } from "./+types/booking-confirmation";
import { confirmationPageData } from "~/features/booking/actions.server";
import { ConfirmationPage } from "~/features/booking/components/confirmation-page";
import { seo } from "~/lib/seo";
import { loaderOrActionHeaders } from "~/lib/cache-headers";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Booking Confirmation",
    description: "Your manufacturing assessment booking.",
    noIndex: true,
  });

export async function loader({ request }: Route.LoaderArgs) {
  return confirmationPageData(request);
}

export const headers = loaderOrActionHeaders;

export default function BookingConfirmation({ loaderData }: Route.ComponentProps) {
  return <ConfirmationPage {...loaderData} />;
}
