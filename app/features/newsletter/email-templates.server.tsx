// Welcome e-mail for a new newsletter subscriber, with the unsubscribe link every mailing needs.
import { site } from "~/content/site";
import { getEnv } from "~/lib/env.server";
import { renderEmail, type RenderedEmail } from "#server/email/render.server";
import { ActionButton, EmailLayout, Heading, Paragraph } from "#server/email/layout";

/**
 * The way out, as it works: the link opens a page with one button (opening it changes nothing, as
 * mail scanners open links); the one click is the mail app's own button (List-Unsubscribe-Post).
 */
function UnsubscribeLine({ lead, url, margin }: { lead: string; url: string; margin: string }) {
  return (
    <p style={{ margin, fontSize: 13, color: "#4b5563" }}>
      {lead}{" "}
      <a href={url} style={{ color: "#4b5563" }}>
        Unsubscribe
      </a>
      : the link opens a page with one button. Or use your mail app's own Unsubscribe button.
    </p>
  );
}

const unsubscribeText = (lead: string, url: string) =>
  `${lead} Unsubscribe: ${url}\n(the link opens a page with one button). Or use your mail app's own Unsubscribe button.`;

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
        <UnsubscribeLine lead="Changed your mind?" url={input.unsubscribeUrl} margin="0" />
      </EmailLayout>
    ),
    text: `Welcome to the newsletter

Thanks for subscribing. Once a month you will get practical manufacturing intelligence from ${site.name}: CNC and 5-axis know-how, lean and quality wins, and what is changing for American manufacturers.

Read the latest posts: ${blogUrl}

${unsubscribeText("Changed your mind?", input.unsubscribeUrl)}

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
        <UnsubscribeLine lead="Don't want these e-mails?" url={input.unsubscribeUrl} margin="24px 0 0" />
      </EmailLayout>
    ),
    text: `${input.text.trim()}

${unsubscribeText("Don't want these e-mails?", input.unsubscribeUrl)}

--
${footerNote}
`,
  });
}
