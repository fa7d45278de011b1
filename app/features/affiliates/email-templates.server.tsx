// Affiliate program e-mails: application received (to the applicant, and to the owner), approved,
// rejected, suspended, reactivated.
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

export function affiliateApplicationOwnerEmail(input: {
  accountEmail: string;
  payoutEmail: string | null;
  affiliateCode: string;
  details: ReadonlyArray<readonly [string, string]>;
}): RenderedEmail {
  const { SITE_URL } = getEnv();
  const managementUrl = `${SITE_URL}/affiliate-management?status=pending`;
  const rows = [
    ["Account", input.accountEmail],
    ["Payout e-mail", input.payoutEmail ?? "Not given"],
    ["Affiliate code", input.affiliateCode],
    ...input.details,
  ] as const;
  const footerNote = "You received this because you run the affiliate program.";
  return renderEmail({
    subject: `New affiliate application: ${input.accountEmail}`,
    body: (
      <EmailLayout preview={`${input.accountEmail} applied to the affiliate program.`} footerNote={footerNote}>
        <Heading>A new affiliate application</Heading>
        <Paragraph>{input.accountEmail} applied to become an affiliate partner. Approve or reject it in Affiliate Management.</Paragraph>
        <DetailsTable rows={rows} />
        <ActionButton href={managementUrl}>Review applications</ActionButton>
      </EmailLayout>
    ),
    text: `A new affiliate application

${input.accountEmail} applied to become an affiliate partner. Approve or reject it in Affiliate Management.

${textDetails(rows)}

Review applications: ${managementUrl}

--
${footerNote}
`,
  });
}

export function affiliateApplicationRejectedEmail(input: { email: string }): RenderedEmail {
  const footerNote = `You received this because an affiliate application was submitted with ${input.email}.`;
  return renderEmail({
    subject: `Your ${site.businessName} affiliate application`,
    body: (
      <EmailLayout preview="We reviewed your affiliate application." footerNote={footerNote}>
        <Heading>About your affiliate application</Heading>
        <Paragraph>
          Thank you for your interest in the {site.businessName} affiliate program. We reviewed your application and
          cannot accept it at this time. If you think we missed something, reply to this e-mail and tell us more about your
          audience.
        </Paragraph>
      </EmailLayout>
    ),
    text: `About your affiliate application

Thank you for your interest in the ${site.businessName} affiliate program. We reviewed your application and cannot accept it at this time. If you think we missed something, reply to this e-mail and tell us more about your audience.

--
${footerNote}
`,
  });
}

export function affiliateSuspendedEmail(input: { email: string; affiliateCode: string }): RenderedEmail {
  const footerNote = `You received this because your affiliate account (${input.email}) was suspended.`;
  const rows = [["Affiliate code", input.affiliateCode], ["Status", "Suspended"]] as const;
  return renderEmail({
    subject: `Your ${site.businessName} affiliate account is suspended`,
    body: (
      <EmailLayout preview="Your affiliate account is suspended: new clicks and sales are not credited." footerNote={footerNote}>
        <Heading>Your affiliate account is suspended</Heading>
        <Paragraph>
          We have suspended your affiliate account. Your links still lead visitors to the bootcamp, but new clicks and sales
          are not credited while it is suspended. Commission you have already earned stays yours. If you think this is a
          mistake, reply to this e-mail.
        </Paragraph>
        <DetailsTable rows={rows} />
      </EmailLayout>
    ),
    text: `Your affiliate account is suspended

We have suspended your affiliate account. Your links still lead visitors to the bootcamp, but new clicks and sales are not credited while it is suspended. Commission you have already earned stays yours. If you think this is a mistake, reply to this e-mail.

${textDetails(rows)}

--
${footerNote}
`,
  });
}

export function affiliateReactivatedEmail(input: { email: string; affiliateCode: string }): RenderedEmail {
  const { SITE_URL } = getEnv();
  const dashboardUrl = `${SITE_URL}/affiliate-dashboard`;
  const referralUrl = `${SITE_URL}/a/${encodeURIComponent(input.affiliateCode)}`;
  const rows = [["Affiliate code", input.affiliateCode], ["Your link", referralUrl]] as const;
  const footerNote = `You received this because your affiliate account (${input.email}) was reactivated.`;
  return renderEmail({
    subject: `Your ${site.businessName} affiliate account is active again`,
    body: (
      <EmailLayout preview="Your affiliate account is active again: clicks and sales count from now on." footerNote={footerNote}>
        <Heading>Your affiliate account is active again</Heading>
        <Paragraph>We have reactivated your affiliate account. Clicks and bootcamp sales through your links are credited again from now on.</Paragraph>
        <DetailsTable rows={rows} />
        <ActionButton href={dashboardUrl}>Open the partner dashboard</ActionButton>
        <FallbackLink href={dashboardUrl} />
      </EmailLayout>
    ),
    text: `Your affiliate account is active again

We have reactivated your affiliate account. Clicks and bootcamp sales through your links are credited again from now on.

${textDetails(rows)}

Partner dashboard: ${dashboardUrl}

--
${footerNote}
`,
  });
}
