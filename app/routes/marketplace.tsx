import type { Route } from "./+types/marketplace";
import { marketplacePage } from "~/content/marketplace";
import { MarketplacePage } from "~/features/marketplace/components/marketplace-page";
import { seo } from "~/lib/seo";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: marketplacePage.meta.title,
    description: marketplacePage.meta.description,
  });

export default function Marketplace() {
  return <MarketplacePage />;
}
