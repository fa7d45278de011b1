import type { Route } from "./+types/admin-analytics";
import { PagePlaceholder } from "~/components/page-placeholder";
import { seo } from "~/lib/seo";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Analytics",
    description: "Traffic, bookings, conversions and affiliate performance.",
    noIndex: true,
  });

export default function AdminAnalytics() {
  return <PagePlaceholder title="Analytics" />;
}
