import type { Route } from "./+types/affiliate-management";
import { PagePlaceholder } from "~/components/page-placeholder";
import { seo } from "~/lib/seo";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Affiliate Management",
    description: "Approve, suspend and edit affiliate partners.",
    noIndex: true,
  });

export default function AffiliateManagement() {
  return <PagePlaceholder title="Affiliate Management" />;
}
