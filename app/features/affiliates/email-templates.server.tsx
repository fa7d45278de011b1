// Affiliate program e-mails: application received, application approved.
import { site } from "~/content/site";
import { getEnv } from "~/lib/env.server";
import { renderEmail, textDetails, type RenderedEmail } from "#server/email/render.server";
import { ActionButton, DetailsTable, EmailLayout, FallbackLink, Heading, Paragraph } from "#server/email/layout";

export function affiliateApplicationReceivedEmail(input: { email: string; affiliateCode: string }): RenderedEmail {
  const { SITE_URL } = getEnv();
  const dashboardUrl = `${SITE_URL}/affiliate-dashboard`;
  const footerNote = `You received this because an affiliate application was submitted with ${input.email}.`;
  return renderEmail({
    subject: `We received your affiliate application`,
    body: (
      <EmailLayout preview="Your application is in; we review it within 2-3 business days." footerNote={footerNote}>
        <Heading>Your affiliate application is in</Heading>
        <Paragraph>
          Thanks for applying to the {site.businessName} affiliate program. We review every application within 2-3
          business days and e-mail you as soon as it is decided.
        </Paragraph>
        <DetailsTable rows={[["Affiliate code", input.affiliateCode], ["Status", "Pending review"]]} />
        <Paragraph>You can follow the status on your partner dashboard.</Paragraph>
        <ActionButton href={dashboardUrl}>Open the partner dashboard</ActionButton>
      </EmailLayout>
    ),
    text: `Your affiliate application is in

Thanks for applying to the ${site.businessName} affiliate program. We review every application within 2-3 business days and e-mail you as soon as it is decided.

${textDetails([["Affiliate code", input.affiliateCode], ["Status", "Pending review"]])}

Follow the status on your partner dashboard: ${dashboardUrl}

--
${footerNote}
`,
  });
}

export function affiliateApplicationApprovedEmail(input: {
  email: string;
  affiliateCode: string;
  /** Fraction, e.g. 0.15. */
  commissionRate: number;
}): RenderedEmail {
  const { SITE_URL } = getEnv();
  const dashboardUrl = `${SITE_URL}/affiliate-dashboard`;
  const referralUrl = `${SITE_URL}/a/${encodeURIComponent(input.affiliateCode)}`;
  const rate = `${(input.commissionRate * 100).toFixed(1).replace(/\.0$/, "")}%`;
  const rows = [
    ["Affiliate code", input.affiliateCode],
    ["Commission", `${rate} of each bootcamp sale`],
    ["Your link", referralUrl],
  ] as const;
  const footerNote = `You received this because your affiliate application (${input.email}) was approved.`;
  return renderEmail({
    subject: `You're approved: welcome to the ${site.businessName} affiliate program`,
    body: (
      <EmailLayout preview={`Your affiliate link is live: earn ${rate} on every bootcamp sale.`} footerNote={footerNote}>
        <Heading>Welcome aboard: your application is approved</Heading>
        <Paragraph>
          Your affiliate account is active. Share your link; every bootcamp sale that comes through it earns you{" "}
          {rate} commission, paid out monthly.
        </Paragraph>
        <DetailsTable rows={rows} />
        <ActionButton href={dashboardUrl}>Open the partner dashboard</ActionButton>
        <FallbackLink href={dashboardUrl} />
      </EmailLayout>
    ),
    text: `Welcome aboard: your application is approved

Your affiliate account is active. Share your link; every bootcamp sale that comes through it earns you ${rate} commission, paid out monthly.

${textDetails(rows)}

Partner dashboard: ${dashboardUrl}

--
${footerNote}
`,
  });
}
