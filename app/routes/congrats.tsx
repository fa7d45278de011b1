import type { Route } from "./+types/congrats";
import { CongratsPage } from "~/features/marketing/payment/payment-pages";
import { seo } from "~/lib/seo";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Enrollment Confirmed",
    description: "Your Manufacturing Bootcamp enrollment is confirmed.",
    noIndex: true,
  });

export default function Congrats() {
  return <CongratsPage />;
}
