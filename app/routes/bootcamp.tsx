import type { Route } from "./+types/bootcamp";
import { bootcamp } from "~/content/bootcamp";
import { BootcampPage } from "~/features/marketing/bootcamp/bootcamp-page";
import { bootcampProductJsonLd } from "~/features/marketing/bootcamp/bootcamp-json-ld";
import { seo, siteUrlFrom } from "~/lib/seo";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    ...bootcamp.meta,
    path: "/bootcamp",
    jsonLd: bootcampProductJsonLd(siteUrlFrom(args.matches)),
  });

export default function Bootcamp() {
  return <BootcampPage />;
}
