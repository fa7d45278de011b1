import type { Route } from "./+types/payment-canceled";
import { PaymentCanceledPage } from "~/features/marketing/payment/payment-pages";
import { seo } from "~/lib/seo";
import { contentPageHandle, loadAsDocument, noServerData } from "~/lib/content-page";

// A content page: no React in the browser (decision 040).
export const handle = contentPageHandle;
export const loader = noServerData;
export const clientLoader = loadAsDocument;

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Payment Canceled",
    description: "Your payment was canceled and your card was not charged.",
    noIndex: true,
  });

export default function PaymentCanceled() {
  return <PaymentCanceledPage />;
}
