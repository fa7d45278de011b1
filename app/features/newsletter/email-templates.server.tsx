// Welcome e-mail for a new newsletter subscriber, with the unsubscribe link every mailing needs.
import { site } from "~/content/site";
import { getEnv } from "~/lib/env.server";
import { renderEmail, type RenderedEmail } from "#server/email/render.server";
import { ActionButton, EmailLayout, Heading, Paragraph } from "#server/email/layout";

/** Why the reader got it, then the sender's postal address when configured (CAN-SPAM). */
function mailingFooterNote(why: string): string {
  const postalAddress = getEnv().MAILING_POSTAL_ADDRESS;
  return postalAddress ? `${why} ${site.businessName}, ${postalAddress}.` : why;
}

export function newsletterWelcomeEmail(input: { email: string; unsubscribeUrl: string }): RenderedEmail {
  const { SITE_URL } = getEnv();
  const blogUrl = `${SITE_URL}/blog`;
  const footerNote = mailingFooterNote(`You received this because ${input.email} subscribed to the ${site.businessName} newsletter.`);
  return renderEmail({
    subject: "You're subscribed: monthly manufacturing intelligence",
    body: (
      <EmailLayout preview="Once a month: practical manufacturing intelligence from the shop floor." footerNote={footerNote}>
        <Heading>Welcome to the newsletter</Heading>
        <Paragraph>
          Thanks for subscribing. Once a month you will get practical manufacturing intelligence from {site.name}: CNC
          and 5-axis know-how, lean and quality wins, and what is changing for American manufacturers.
        </Paragraph>
        <ActionButton href={blogUrl}>Read the latest posts</ActionButton>
        <p style={{ margin: 0, fontSize: 13, color: "#4b5563" }}>
          Changed your mind?{" "}
          <a href={input.unsubscribeUrl} style={{ color: "#4b5563" }}>
            Unsubscribe
          </a>{" "}
          with one click.
        </p>
      </EmailLayout>
    ),
    text: `Welcome to the newsletter

Thanks for subscribing. Once a month you will get practical manufacturing intelligence from ${site.name}: CNC and 5-axis know-how, lean and quality wins, and what is changing for American manufacturers.

Read the latest posts: ${blogUrl}

Changed your mind? Unsubscribe: ${input.unsubscribeUrl}

--
${footerNote}
`,
  });
}

/**
 * An issue's message: the admin's (sanitized) body, then the unsubscribe line. Rendered once per
 * issue with a placeholder link; each subscriber's copy gets its own link when it is queued.
 */
export function newsletterIssueEmail(input: { subject: string; html: string; text: string; unsubscribeUrl: string }): RenderedEmail {
  const footerNote = mailingFooterNote(`You received this because you subscribed to the ${site.businessName} newsletter.`);
  return renderEmail({
    subject: input.subject,
    body: (
      <EmailLayout preview={input.subject} footerNote={footerNote}>
        <div dangerouslySetInnerHTML={{ __html: input.html }} />
        <p style={{ margin: "24px 0 0", fontSize: 13, color: "#4b5563" }}>
          Don't want these e-mails?{" "}
          <a href={input.unsubscribeUrl} style={{ color: "#4b5563" }}>
            Unsubscribe
          </a>{" "}
          with one click.
        </p>
      </EmailLayout>
    ),
    text: `${input.text.trim()}

Don't want these e-mails? Unsubscribe: ${input.unsubscribeUrl}

--
${footerNote}
`,
  });
}
