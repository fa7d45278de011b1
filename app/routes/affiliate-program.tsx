import type { Route } from "./+types/affiliate-program";
import { affiliateProgram } from "~/content/affiliate-program";
import { AffiliateProgramPage } from "~/features/marketing/affiliate-program/affiliate-program-page";
import { seo } from "~/lib/seo";

export const meta: Route.MetaFunction = (args) => seo(args, { ...affiliateProgram.meta, path: "/affiliate-program" });

export default function AffiliateProgram() {
  return <AffiliateProgramPage />;
}
