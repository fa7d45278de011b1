import type { Route } from "./+types/payment-success";
import { PaymentResult } from "~/features/checkout/components/payment-result";
import { getPaymentResult } from "~/features/checkout/payment-result.server";
import { PaymentSuccessPage } from "~/features/marketing/payment/payment-pages";
import { loaderOrActionHeaders } from "~/lib/cache-headers";
import { seo } from "~/lib/seo";
import { contentPageHandle, loadAsDocument } from "~/lib/content-page";

// A content page: no React in the browser (decision 040).
export const handle = contentPageHandle;
export const clientLoader = loadAsDocument;

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Payment Successful",
    description: "Your bootcamp enrollment payment was successful.",
    noIndex: true,
  });

// The checkout returns here with ?session_id=: the order is confirmed with the provider (and
// fulfilled if the webhook has not yet) and its state shown. Without it, the spec's page (cached).
export async function loader({ request }: Route.LoaderArgs) {
  return getPaymentResult(new URL(request.url));
}

export const headers = loaderOrActionHeaders;

export default function PaymentSuccess({ loaderData }: Route.ComponentProps) {
  return loaderData.result ? <PaymentResult result={loaderData.result} /> : <PaymentSuccessPage />;
}
