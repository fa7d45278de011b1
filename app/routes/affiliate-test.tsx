import type { Route } from "./+types/affiliate-test";
import { PagePlaceholder } from "~/components/page-placeholder";
import { seo } from "~/lib/seo";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Affiliate Test Portal",
    description: "Test links for the affiliate program.",
    noIndex: true,
  });

export default function AffiliateTest() {
  return <PagePlaceholder title="Affiliate Test Portal" />;
}
