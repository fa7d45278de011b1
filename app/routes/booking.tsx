import type { Route } from "./+types/booking";
import { bookingPageData, submitBooking } from "~/features/booking/actions.server";
import { submitOrSayBookingFailed } from "~/features/booking/client-action";
import { BookingPage, loadBookingForm } from "~/features/booking/components/booking-page";
import { clientIpContext } from "~/lib/request-context";
import { seo } from "~/lib/seo";
import { loaderOrActionHeaders } from "~/lib/cache-headers";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Book a Free Manufacturing Assessment",
    description: "Schedule a free 30-minute manufacturing assessment with a senior CNC and aerospace consultant.",
  });

export async function loader({ request }: Route.LoaderArgs) {
  return bookingPageData(new URL(request.url));
}

// A navigation inside the site waits for the form's code with the page's data (decision 037): the
// page arrives whole, never with its fallback.
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const [data] = await Promise.all([serverLoader(), loadBookingForm()]);
  return data;
}

export async function action({ request, context }: Route.ActionArgs) {
  return submitBooking(request, new Date(), context.get(clientIpContext));
}

export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return submitOrSayBookingFailed(serverAction);
}

export const headers = loaderOrActionHeaders;

export default function Booking({ loaderData, actionData }: Route.ComponentProps) {
  return <BookingPage {...loaderData} actionResult={actionData} />;
}
