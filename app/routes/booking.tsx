import type { Route } from "./+types/booking";
import { PagePlaceholder } from "~/components/page-placeholder";
import { seo } from "~/lib/seo";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Book a Free Manufacturing Assessment",
    description: "Schedule a free 30-minute manufacturing assessment with a senior CNC and aerospace consultant.",
  });

export default function Booking() {
  return <PagePlaceholder title="Book a Free Manufacturing Assessment" />;
}
