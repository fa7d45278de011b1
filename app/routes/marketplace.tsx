import type { Route } from "./+types/marketplace";
import { marketplacePage } from "~/content/marketplace";
import { MarketplacePage } from "~/features/marketplace/components/marketplace-page";
import { contentPageHandle, loadAsDocument, noServerData } from "~/lib/content-page";
import { seo } from "~/lib/seo";

// A content page: no React in the browser (decision 040). Its dialogs, drawer and share buttons
// are app/enhance/dialogs.ts's and share.ts's.
export const handle = contentPageHandle;
export const loader = noServerData;
export const clientLoader = loadAsDocument;

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: marketplacePage.meta.title,
    description: marketplacePage.meta.description,
  });

export default function Marketplace() {
  return <MarketplacePage />;
}
