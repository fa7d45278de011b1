// Account e-mails sent by the auth flows: address verification and password reset.
import { site } from "~/content/site";
import { renderEmail, type RenderedEmail } from "#server/email/render.server";
import { ActionButton, EmailLayout, FallbackLink, Heading, Paragraph } from "#server/email/layout";

export type { RenderedEmail };

export function verificationEmail(input: { url: string; email: string }): RenderedEmail {
  const subject = `Confirm your e-mail address for ${site.businessName}`;
  const footerNote = `You received this because an account was created with ${input.email}. If that was not you, ignore this message and no account will be activated.`;
  return renderEmail({
    subject,
    body: (
      <EmailLayout preview="Confirm your e-mail address to finish creating your account." footerNote={footerNote}>
        <Heading>Confirm your e-mail address</Heading>
        <Paragraph>
          Thanks for signing up. Confirm that <strong>{input.email}</strong> is your address to finish creating your
          account.
        </Paragraph>
        <ActionButton href={input.url}>Confirm e-mail address</ActionButton>
        <FallbackLink href={input.url} />
      </EmailLayout>
    ),
    text: `Confirm your e-mail address

Thanks for signing up. Confirm that ${input.email} is your address to finish creating your account:

${input.url}

${footerNote}
`,
  });
}

export function passwordResetEmail(input: { url: string; email: string }): RenderedEmail {
  const subject = `Reset your ${site.businessName} password`;
  const footerNote = `You received this because a password reset was requested for ${input.email}. If you did not ask for it, ignore this message: your password stays the same.`;
  return renderEmail({
    subject,
    body: (
      <EmailLayout preview="Choose a new password for your account." footerNote={footerNote}>
        <Heading>Reset your password</Heading>
        <Paragraph>
          Someone asked to reset the password of the account <strong>{input.email}</strong>. Choose a new password with
          the button below. The link works once and expires soon.
        </Paragraph>
        <ActionButton href={input.url}>Choose a new password</ActionButton>
        <FallbackLink href={input.url} />
      </EmailLayout>
    ),
    text: `Reset your password

Someone asked to reset the password of the account ${input.email}. Choose a new password here (the link works once and expires soon):

${input.url}

${footerNote}
`,
  });
}
