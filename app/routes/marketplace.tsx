import type { Route } from "./+types/marketplace";
import { PagePlaceholder } from "~/components/page-placeholder";
import { seo } from "~/lib/seo";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Manufacturing Solutions Portfolio",
    description: "Free and enterprise manufacturing tools: machinist calculators, planning tools and CNC monitoring and analytics.",
  });

export default function Marketplace() {
  return <PagePlaceholder title="Manufacturing Solutions Portfolio" />;
}
