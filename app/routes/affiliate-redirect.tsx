import type { Route } from "./+types/affiliate-redirect";
import { PagePlaceholder } from "~/components/page-placeholder";
import { seo } from "~/lib/seo";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Redirecting...",
    description: "Redirecting to the bootcamp.",
    noIndex: true,
  });

export default function AffiliateRedirect() {
  return <PagePlaceholder title="Redirecting..." />;
}
