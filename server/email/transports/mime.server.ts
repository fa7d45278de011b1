// The outbox row as Nodemailer's message options, shared by the SMTP and file transports so that
// both produce the same message.
import type { SendMailOptions } from "nodemailer";
import type { OutboxMessage } from "../delivery.server";

export function toMailOptions(message: OutboxMessage, from: string): SendMailOptions {
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? "localhost";
  return {
    from,
    to: message.to,
    cc: message.cc ?? undefined,
    subject: message.subject,
    html: message.html,
    text: message.text,
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
