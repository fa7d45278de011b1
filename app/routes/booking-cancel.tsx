import type { Route } from "./+types/booking-cancel";
import { PagePlaceholder } from "~/components/page-placeholder";
import { seo } from "~/lib/seo";

export const meta: Route.MetaFunction = (args) =>
  seo(args, { title: "Cancel Your Assessment", description: "Cancel a booked assessment.", noIndex: true });

export default function BookingCancel() {
  return <PagePlaceholder title="Cancel Your Assessment" />;
}
