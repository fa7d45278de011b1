import type { Route } from "./+types/affiliate-test";
import { AffiliateTestPage } from "~/features/marketing/affiliate-test/affiliate-test-page";
import { seo } from "~/lib/seo";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Affiliate Test Portal",
    description: "Test links for the affiliate program.",
    noIndex: true,
  });

export default function AffiliateTest() {
  return <AffiliateTestPage />;
}
