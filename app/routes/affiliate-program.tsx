import type { Route } from "./+types/affiliate-program";
import { affiliateProgram } from "~/content/affiliate-program";
import { AffiliateProgramPage } from "~/features/marketing/affiliate-program/affiliate-program-page";
import { seo } from "~/lib/seo";
import { contentPageHandle, loadAsDocument, noServerData } from "~/lib/content-page";

// A content page: no React in the browser (decision 040).
export const handle = contentPageHandle;
export const loader = noServerData;
export const clientLoader = loadAsDocument;

export const meta: Route.MetaFunction = (args) => seo(args, { ...affiliateProgram.meta, path: "/affiliate-program" });

export default function AffiliateProgram() {
  return <AffiliateProgramPage />;
}
