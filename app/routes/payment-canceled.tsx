import type { Route } from "./+types/payment-canceled";
import { PagePlaceholder } from "~/components/page-placeholder";
import { seo } from "~/lib/seo";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Payment Canceled",
    description: "Your payment was canceled and your card was not charged.",
    noIndex: true,
  });

export default function PaymentCanceled() {
  return <PagePlaceholder title="Payment Canceled" />;
}
