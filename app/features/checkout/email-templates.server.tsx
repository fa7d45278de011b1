// A paid bootcamp enrolment: the buyer's confirmation (what happens next, how the three days are
// scheduled, whom to ask) and the owner's notification with the buyer's details. A test checkout's
// order says TEST in both subjects and first lines: it took no money and enrols nobody.
import { bootcamp } from "~/content/bootcamp";
import { site } from "~/content/site";
import { monthDate } from "~/lib/central-time";
import { getEnv } from "~/lib/env.server";
import { formatCents } from "~/lib/money";
import { renderEmail, textDetails, type RenderedEmail } from "#server/email/render.server";
import { ActionButton, DetailsTable, EmailLayout, Heading, Paragraph } from "#server/email/layout";
import { orderReference } from "./order-reference";

const TEST_SUBJECT_PREFIX = "[TEST] ";
const TEST_ORDER_NOTE = "TEST ORDER: made with the site's test checkout. No card was charged and this is not an enrolment.";
const programme = `${bootcamp.length.days}-day on-site ${bootcamp.name}`;

export function orderConfirmationEmail(input: {
  email: string;
  orderId: string;
  amountCents: number;
  currency: string;
  paidAt: Date;
  test: boolean;
}): RenderedEmail {
  const { OWNER_EMAIL } = getEnv();
  const amount = formatCents(input.amountCents, input.currency);
  const paidOn = monthDate(input.paidAt);
  const rows = [
    ["Order", orderReference(input.orderId)],
    ["Program", `${bootcamp.name} (${bootcamp.length.display}, on-site)`],
    ["Amount paid", amount],
    ["Paid on", paidOn],
  ] as const;
  const footerNote = `You received this because a payment for the ${bootcamp.name} was made with ${input.email}. Keep it as your receipt.`;
  return renderEmail({
    subject: `${input.test ? TEST_SUBJECT_PREFIX : ""}Enrolment confirmed: ${bootcamp.name}`,
    body: (
      <EmailLayout preview={`Thank you: your ${bootcamp.name} enrolment is confirmed.`} footerNote={footerNote}>
        {input.test ? <Paragraph><strong>{TEST_ORDER_NOTE}</strong></Paragraph> : null}
        <Heading>Your enrolment is confirmed</Heading>
        <Paragraph>
          Thank you for enrolling in the {programme} with {site.name}. Your payment went through.
        </Paragraph>
        <DetailsTable rows={rows} />
        <Heading>What happens next</Heading>
        <Paragraph>
          1. Within 24 hours we contact you to agree the dates: the three days run back to back at your facility,
          usually within two to six weeks.
        </Paragraph>
        <Paragraph>
          2. A week before, you receive the agenda for day 1 (assessment), day 2 (machines and training) and day 3
          (plan and compliance), and a short list of what to have ready: floor plan, machine list, current KPIs.
        </Paragraph>
        <Paragraph>
          3. On day 1 we start on your shop floor. Questions in the meantime:{" "}
          <a href={`mailto:${OWNER_EMAIL}`} style={{ color: "#1f3a5c" }}>
            {OWNER_EMAIL}
          </a>
          .
        </Paragraph>
      </EmailLayout>
    ),
    text: `${input.test ? `${TEST_ORDER_NOTE}\n\n` : ""}Your enrolment is confirmed

Thank you for enrolling in the ${programme} with ${site.name}. Your payment went through.

${textDetails(rows)}

What happens next
1. Within 24 hours we contact you to agree the dates: the three days run back to back at your facility, usually within two to six weeks.
2. A week before, you receive the agenda for day 1 (assessment), day 2 (machines and training) and day 3 (plan and compliance), and a short list of what to have ready: floor plan, machine list, current KPIs.
3. On day 1 we start on your shop floor. Questions in the meantime: ${OWNER_EMAIL}

--
${footerNote}
`,
  });
}

export function orderNotificationEmail(input: {
  orderId: string;
  amountCents: number;
  currency: string;
  customerName: string | null;
  customerEmail: string | null;
  companyName: string | null;
  phone: string | null;
  affiliate: string | null;
  provider: "stripe" | "test";
}): RenderedEmail {
  const { SITE_URL } = getEnv();
  const amount = formatCents(input.amountCents, input.currency);
  const orderUrl = `${SITE_URL}/admin/orders/${input.orderId}`;
  const test = input.provider === "test";
  const rows = [
    ["Buyer", input.customerName ?? "Not given"],
    ["Email", input.customerEmail ?? "Not given"],
    ["Company", input.companyName ?? "Not given"],
    ["Phone", input.phone ?? "Not given"],
    ["Amount", amount],
    ["Affiliate", input.affiliate ?? "None"],
    ["Payment", test ? "Test checkout (no real money)" : "Stripe"],
  ] as const;
  const footerNote = "You received this because you sell the bootcamp on this site.";
  return renderEmail({
    subject: `${test ? TEST_SUBJECT_PREFIX : ""}New enrolment: ${input.companyName ?? input.customerName ?? input.customerEmail ?? "a buyer"} (${amount})`,
    body: (
      <EmailLayout preview={`${input.customerEmail ?? "A buyer"} paid ${amount} for the ${bootcamp.name}.`} footerNote={footerNote}>
        {test ? <Paragraph><strong>{TEST_ORDER_NOTE}</strong></Paragraph> : null}
        <Heading>A new bootcamp enrolment</Heading>
        <Paragraph>Contact the buyer within 24 hours to agree the dates of the three on-site days.</Paragraph>
        <DetailsTable rows={rows} />
        <ActionButton href={orderUrl}>Open the order</ActionButton>
      </EmailLayout>
    ),
    text: `${test ? `${TEST_ORDER_NOTE}\n\n` : ""}A new bootcamp enrolment

Contact the buyer within 24 hours to agree the dates of the three on-site days.

${textDetails(rows)}

Order: ${orderUrl}

--
${footerNote}
`,
  });
}
