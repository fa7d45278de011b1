import type { Route } from "./+types/affiliate-dashboard";
import { PagePlaceholder } from "~/components/page-placeholder";
import { seo } from "~/lib/seo";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Affiliate Dashboard",
    description: "Your affiliate clicks, referrals and earnings.",
    noIndex: true,
  });

export default function AffiliateDashboard() {
  return <PagePlaceholder title="Affiliate Dashboard" />;
}
