// Order confirmation for a paid bootcamp enrolment.
import { bootcamp } from "~/content/bootcamp";
import { site } from "~/content/site";
import { getEnv } from "~/lib/env.server";
import { renderEmail, textDetails, type RenderedEmail } from "#server/email/render.server";
import { DetailsTable, EmailLayout, Heading, Paragraph } from "#server/email/layout";

export function orderConfirmationEmail(input: {
  email: string;
  orderId: string;
  amountCents: number;
  currency: string;
  paidAt: Date;
}): RenderedEmail {
  const { OWNER_EMAIL } = getEnv();
  const amount = new Intl.NumberFormat("en-US", { style: "currency", currency: input.currency.toUpperCase() }).format(
    input.amountCents / 100,
  );
  const paidOn = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: site.location.timeZone }).format(input.paidAt);
  const rows = [
    ["Order", input.orderId],
    ["Program", `${bootcamp.name} (${bootcamp.length.display}, on-site)`],
    ["Amount paid", amount],
    ["Paid on", paidOn],
  ] as const;
  const footerNote = `You received this because a payment for the ${bootcamp.name} was made with ${input.email}. Keep it as your receipt.`;
  return renderEmail({
    subject: `Enrolment confirmed: ${bootcamp.name}`,
    body: (
      <EmailLayout preview={`Thank you: your ${bootcamp.name} enrolment is confirmed.`} footerNote={footerNote}>
        <Heading>Your enrolment is confirmed</Heading>
        <Paragraph>
          Thank you for enrolling in the {bootcamp.length.display} on-site {bootcamp.name} with {site.name}. Your
          payment went through.
        </Paragraph>
        <DetailsTable rows={rows} />
        <Paragraph>
          We will contact you within 24 hours to agree the dates and prepare the on-site visit. Questions in the
          meantime:{" "}
          <a href={`mailto:${OWNER_EMAIL}`} style={{ color: "#1f3a5c" }}>
            {OWNER_EMAIL}
          </a>
          .
        </Paragraph>
      </EmailLayout>
    ),
    text: `Your enrolment is confirmed

Thank you for enrolling in the ${bootcamp.length.display} on-site ${bootcamp.name} with ${site.name}. Your payment went through.

${textDetails(rows)}

We will contact you within 24 hours to agree the dates and prepare the on-site visit. Questions in the meantime: ${OWNER_EMAIL}

--
${footerNote}
`,
  });
}
