import type { Route } from "./+types/booking-cancel";
import { cancelFromLink, cancelPageData } from "~/features/booking/actions.server";
import { CancelPage } from "~/features/booking/components/cancel-page";
import { clientIpContext } from "~/lib/request-context";
import { seo } from "~/lib/seo";
import { loaderOrActionHeaders } from "~/lib/cache-headers";

export const meta: Route.MetaFunction = (args) =>
  seo(args, { title: "Cancel Your Assessment", description: "Cancel a booked assessment.", noIndex: true });

export async function loader({ request, params, context }: Route.LoaderArgs) {
  return cancelPageData(request, params.token, new Date(), context.get(clientIpContext));
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return cancelFromLink(request, params.token, new Date(), context.get(clientIpContext));
}

export const headers = loaderOrActionHeaders;

export default function BookingCancel({ loaderData, actionData }: Route.ComponentProps) {
  return <CancelPage {...loaderData} actionResult={actionData} />;
}
