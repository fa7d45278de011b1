import type { Route } from "./+types/bootcamp";
import { bootcamp } from "~/content/bootcamp";
import { EnrollButton } from "~/features/checkout/enroll-button";
import { BootcampPage } from "~/features/marketing/bootcamp/bootcamp-page";
import { bootcampProductJsonLd } from "~/features/marketing/bootcamp/bootcamp-json-ld";
import { contentPageHandle, loadAsDocument, noServerData } from "~/lib/content-page";
import { seo, siteUrlFrom } from "~/lib/seo";

// A content page: no React in the browser (decision 040). Its ?ref= and 'Enroll Now' are
// app/enhance/enroll.ts's.
export const handle = contentPageHandle;
export const loader = noServerData;
export const clientLoader = loadAsDocument;

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    ...bootcamp.meta,
    path: "/bootcamp",
    jsonLd: bootcampProductJsonLd(siteUrlFrom(args.matches)),
  });

export default function Bootcamp() {
  return <BootcampPage enrollButton={(className) => <EnrollButton className={className} />} />;
}
