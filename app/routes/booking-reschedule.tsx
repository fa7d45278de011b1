import type { Route } from "./+types/booking-reschedule";
import { rescheduleFromLink, reschedulePageData } from "~/features/booking/reschedule-actions.server";
import { ReschedulePage } from "~/features/booking/components/reschedule-page";
import { clientIpContext } from "~/lib/request-context";
import { seo } from "~/lib/seo";
import { loaderOrActionHeaders } from "~/lib/cache-headers";

export const meta: Route.MetaFunction = (args) =>
  seo(args, { title: "Reschedule Your Assessment", description: "Move a booked assessment to another time.", noIndex: true });

export async function loader({ request, params, context }: Route.LoaderArgs) {
  return reschedulePageData(request, params.token, new Date(), context.get(clientIpContext));
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return rescheduleFromLink(request, params.token, new Date(), context.get(clientIpContext));
}

export const headers = loaderOrActionHeaders;

export default function BookingReschedule({ loaderData, actionData }: Route.ComponentProps) {
  // The loader also answers the page's fetcher for a day's times (?date=), which is never the page.
  if (!("booking" in loaderData)) return null;
  return <ReschedulePage {...loaderData} actionResult={actionData} />;
}
