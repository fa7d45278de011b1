import type { Route } from "./+types/bootcamp";
import { PagePlaceholder } from "~/components/page-placeholder";
import { seo } from "~/lib/seo";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "3-Day CNC Manufacturing Bootcamp",
    description: "A 3-day on-site manufacturing bootcamp for CNC shops: maintenance, ITAR compliance, ERP, CNC analytics and more. $7,500.",
  });

export default function Bootcamp() {
  return <PagePlaceholder title="3-Day CNC Manufacturing Bootcamp" />;
}
