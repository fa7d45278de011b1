// The outbox row as Nodemailer's message options, shared by the SMTP and file transports so that
// both produce the same message.
import type { SendMailOptions } from "nodemailer";
import type { OutboxMessage } from "../delivery.server";

// The stored bodies end their lines in LF; a message's lines end in CRLF (RFC 5322), and Nodemailer
// leaves a 7bit part's line ends as they are.
const crlf = (body: string) => body.replace(/\r?\n/g, "\r\n");

export function toMailOptions(message: OutboxMessage, from: string): SendMailOptions {
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? "localhost";
  return {
    from,
    to: message.to,
    cc: message.cc ?? undefined,
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
