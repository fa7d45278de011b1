import type { Route } from "./+types/affiliate-application";
import { PagePlaceholder } from "~/components/page-placeholder";
import { seo } from "~/lib/seo";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Affiliate Application",
    description: "Apply to become an affiliate partner.",
    noIndex: true,
  });

export default function AffiliateApplication() {
  return <PagePlaceholder title="Affiliate Application" />;
}
