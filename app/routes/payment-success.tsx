import type { Route } from "./+types/payment-success";
import { PagePlaceholder } from "~/components/page-placeholder";
import { seo } from "~/lib/seo";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Payment Successful",
    description: "Your bootcamp enrolment payment was successful.",
    noIndex: true,
  });

export default function PaymentSuccess() {
  return <PagePlaceholder title="Payment Successful" />;
}
