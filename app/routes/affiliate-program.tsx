import type { Route } from "./+types/affiliate-program";
import { PagePlaceholder } from "~/components/page-placeholder";
import { seo } from "~/lib/seo";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Affiliate Program",
    description: "Earn 15% commission promoting the CNC manufacturing bootcamp. Monthly payouts; applications reviewed in 2-3 business days.",
  });

export default function AffiliateProgram() {
  return <PagePlaceholder title="Affiliate Program" />;
}
