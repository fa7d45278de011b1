import type { Route } from "./+types/payment-success";
import { PaymentSuccessPage } from "~/features/marketing/payment/payment-pages";
import { seo } from "~/lib/seo";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Payment Successful",
    description: "Your bootcamp enrollment payment was successful.",
    noIndex: true,
  });

export default function PaymentSuccess() {
  return <PaymentSuccessPage />;
}
