// /payment-success with a session: the order's state as the server found it (paid, still
// processing, refunded, not paid). The paid state is the spec's 'Payment Successful' page.
import { CircleAlert, CircleCheck, Clock } from "lucide-react";
import { bootcamp } from "~/content/bootcamp";
import { StatusPage } from "~/components/status-page";
import type { PaymentResultView } from "../payment-result.server";

export function PaymentResult({ result }: { result: PaymentResultView }) {
  const details =
    result.amount && result.reference ? (
      <p className="text-base">
        Order {result.reference} · {result.amount}
        {result.email ? ` · receipt to ${result.email}` : ""}
      </p>
    ) : null;
  switch (result.state) {
    case "paid":
      return (
        <StatusPage icon={CircleCheck} tone="success" title="Payment Successful" actions={[{ label: "Go to Home", to: "/", primary: true }]}>
          <p>Thank you for enrolling in the {bootcamp.length.days}-day {bootcamp.name}.</p>
          <p>Your receipt will arrive by e-mail, and we will contact you within 24 hours to schedule your on-site days.</p>
          {details}
        </StatusPage>
      );
    case "processing":
      return (
        <StatusPage icon={Clock} tone="neutral" title="Payment Processing" actions={[{ label: "Go to Home", to: "/", primary: true }]}>
          <p>Your bank is still confirming the payment. You will get an e-mail as soon as it clears.</p>
          {details}
        </StatusPage>
      );
    case "refunded":
      return (
        <StatusPage icon={CircleAlert} tone="neutral" title="Payment Refunded" actions={[{ label: "Back to Bootcamp", to: "/bootcamp", primary: true }, { label: "Talk to an expert", to: "/booking" }]}>
          <p>This payment was refunded.</p>
          {details}
        </StatusPage>
      );
    default:
      return (
        <StatusPage icon={CircleAlert} tone="neutral" title="Payment Not Completed" actions={[{ label: "Back to Bootcamp", to: "/bootcamp", primary: true }, { label: "Talk to an expert", to: "/booking" }]}>
          <p>We could not find a completed payment for this checkout. Your card was not charged by it.</p>
          {details}
        </StatusPage>
      );
  }
}
