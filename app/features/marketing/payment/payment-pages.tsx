import { CircleCheck, CircleX, PartyPopper } from "lucide-react";
import { bootcamp } from "~/content/bootcamp";
import { StatusPage } from "~/components/status-page";

export function PaymentSuccessPage() {
  return (
    <StatusPage icon={CircleCheck} tone="success" title="Payment Successful" actions={[{ label: "Go to Home", to: "/", primary: true }]}>
      <p>Thank you for enrolling in the {bootcamp.length.days}-day {bootcamp.name}.</p>
      <p>Your receipt will arrive by e-mail, and we will contact you to schedule your on-site days.</p>
    </StatusPage>
  );
}

export function PaymentCanceledPage() {
  return (
    <StatusPage
      icon={CircleX}
      tone="neutral"
      title="Payment Canceled"
      actions={[
        { label: "Back to Bootcamp", to: "/bootcamp", primary: true },
        { label: "Talk to an expert", to: "/booking" },
      ]}
    >
      <p>Your payment was canceled and your card was not charged.</p>
      <p>Have a question before you enroll? Book a free 30-minute call and talk it through first.</p>
    </StatusPage>
  );
}

export function CongratsPage() {
  return (
    <StatusPage
      icon={PartyPopper}
      tone="success"
      title="Enrollment Confirmed"
      actions={[
        { label: "View Bootcamp Details", to: "/bootcamp", primary: true },
        { label: "Go to Home", to: "/" },
      ]}
    >
      <p>Congratulations! Your place in the {bootcamp.length.days}-day {bootcamp.name} is confirmed.</p>
      <p>We will be in touch shortly to schedule your on-site days and send the pre-visit questionnaire.</p>
    </StatusPage>
  );
}
