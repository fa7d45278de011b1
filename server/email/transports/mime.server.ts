// The outbox row as a message: Nodemailer's options for it (the SMTP transport sends them), and
// the bytes those options make (the file transport writes them).
import nodemailer, { type SendMailOptions } from "nodemailer";
import { isPlainEmailAddress, type MailAddress } from "~/lib/email-address";
import { DeliveryError, type OutboxMessage } from "../delivery.server";

// The stored bodies end their lines in LF; a message's lines end in CRLF (RFC 5322), and Nodemailer
// leaves a 7bit part's line ends as they are.
const crlf = (body: string) => body.replace(/\r?\n/g, "\r\n");

/**
 * A stored recipient as the address object Nodemailer sends to as it is. Nodemailer reads a string
 * as address syntax ("a<v@x.com>" goes to v@x.com), so a stored value it would read as anything
 * but itself — a row written before every form took plain addresses only — is refused, never
 * sent to whatever it hides.
 */
export function mailbox(address: string): MailAddress {
  // The site's own rule: a plain address has none of the characters address syntax is made of.
  if (!isPlainEmailAddress(address)) {
    throw new DeliveryError(`Not a plain e-mail address: ${JSON.stringify(address)}. Nothing was sent.`, true);
  }
  return { name: "", address };
}

export function toMailOptions(message: OutboxMessage, from: MailAddress): SendMailOptions {
  const domain = from.address.slice(from.address.lastIndexOf("@") + 1) || "localhost";
  return {
    from,
    to: mailbox(message.to),
    cc: message.cc ? mailbox(message.cc) : undefined,
    subject: message.subject,
    html: crlf(message.html),
    text: crlf(message.text),
    // Quoted-printable, which Nodemailer would pick for this site's mostly Latin text anyway: told
    // so, it skips counting every character of each part to choose (an eighth of composing a
    // booking confirmation).
    textEncoding: "quoted-printable",
    // Stable per outbox row, so a receiver can recognise a message re-sent after a crash.
    messageId: `<${message.id}@${domain}>`,
    date: message.createdAt,
    headers: { ...message.headers, "X-Outbox-Kind": message.kind },
    attachments: message.attachments.map((attachment) => ({
      filename: attachment.filename,
      contentType: attachment.contentType,
      content: attachment.content,
      encoding: "base64",
    })),
  };
}

export type ComposedMessage = { raw: Buffer; envelope: { from: string | false; to: string[] } };

// Nodemailer's stream transport composes a message and hands back its bytes instead of sending them.
const composer = nodemailer.createTransport({ streamTransport: true, buffer: true });

/** The message Nodemailer writes for `toMailOptions`, with the envelope it would send it under. */
export async function composeMessage(message: OutboxMessage, from: MailAddress): Promise<ComposedMessage> {
  const { message: raw, envelope } = await composer.sendMail(toMailOptions(message, from));
  return { raw: raw as Buffer, envelope: { from: envelope.from, to: envelope.to } };
}
