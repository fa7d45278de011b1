import type { Route } from "./+types/payment-canceled";
import { PaymentCanceledPage } from "~/features/marketing/payment/payment-pages";
import { seo } from "~/lib/seo";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Payment Canceled",
    description: "Your payment was canceled and your card was not charged.",
    noIndex: true,
  });

export default function PaymentCanceled() {
  return <PaymentCanceledPage />;
}
