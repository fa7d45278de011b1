import { useEffect } from "react";
import { useSearchParams } from "react-router";
import type { Route } from "./+types/bootcamp";
import { bootcamp } from "~/content/bootcamp";
import { captureAffiliateRef } from "~/features/checkout/affiliate-ref";
import { EnrollButton } from "~/features/checkout/enroll-button";
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
  const [searchParams] = useSearchParams();
  // An affiliate's ?ref= stays with this browser session until checkout (SPEC section 4).
  useEffect(() => {
    captureAffiliateRef(searchParams);
  }, [searchParams]);
  return <BootcampPage enrollButton={(className) => <EnrollButton className={className} />} />;
}
