// The outbox row as a message: Nodemailer's options for it, and the message those options make,
// shared by the SMTP and file transports so that both send the same bytes.
import type { Transform } from "node:stream";
import type { SendMailOptions } from "nodemailer";
import { Encoder as Base64Encoder } from "nodemailer/lib/base64";
import MailComposer from "nodemailer/lib/mail-composer";
import type MimeNode from "nodemailer/lib/mime-node";
import { Encoder as QpEncoder } from "nodemailer/lib/qp";
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

/**
 * The message Nodemailer would write for `toMailOptions`, byte for byte (its own headers, boundaries
 * and encoders; tested against its stream), built in one synchronous pass. Nodemailer's own build
 * streams each part through `setImmediate` and a pipeline: a booking confirmation took about fifteen
 * turns of the event loop, each one waiting behind every other request, and twice the CPU
 * (decision 030).
 */
export function composeMessage(message: OutboxMessage, from: MailAddress): ComposedMessage {
  const root = new MailComposer(toMailOptions(message, from)).compile();
  const chunks: Buffer[] = [];
  writeNode(root, chunks);
  const written = Buffer.concat(chunks);
  // Nodemailer ends a message with a line break (its LastNewline transform).
  const last = written.at(-1);
  const raw = last === 0x0a ? written : Buffer.concat([written, Buffer.from(last === 0x0d ? "\n" : "\r\n")]);
  return { raw, envelope: root.getEnvelope() };
}

/** What MimeNode.stream writes for a node: its headers, its encoded content, then its parts. */
function writeNode(node: MimeNode, chunks: Buffer[]) {
  const transferEncoding = node.getTransferEncoding();
  chunks.push(Buffer.from(`${node.buildHeaders()}\r\n\r\n`));
  const content = node.content;
  if (content) {
    // toMailOptions gives strings and base64 strings only; a stream, path or URL has no synchronous form.
    if (typeof content !== "string" && !Buffer.isBuffer(content)) throw new Error("composeMessage: only string or Buffer content");
    const bytes = typeof content === "string" ? Buffer.from(content) : content;
    if (transferEncoding === "base64") chunks.push(encodeAll(new Base64Encoder(), bytes));
    else if (transferEncoding === "quoted-printable") {
      // As MimeNode.stream: outside text, a lone CR or LF is data.
      chunks.push(encodeAll(new QpEncoder({ binary: !/^text\//i.test(node.contentType ?? "") }), bytes));
    } else chunks.push(bytes);
  }
  if (!node.multipart) return;
  node.childNodes.forEach((child, index) => {
    chunks.push(Buffer.from(`${index > 0 ? "\r\n" : ""}--${node.boundary}\r\n`));
    writeNode(child, chunks);
  });
  chunks.push(Buffer.from(`\r\n--${node.boundary}--\r\n`));
}

/** Runs one of Nodemailer's encoders over the whole input at once: its transform, then its flush. */
function encodeAll(encoder: Transform, input: Buffer): Buffer {
  const output: Buffer[] = [];
  encoder.push = (chunk: string | Buffer | null) => {
    if (chunk !== null) output.push(typeof chunk === "string" ? Buffer.from(chunk, "latin1") : chunk);
    return true;
  };
  const fail = (error?: Error | null) => {
    if (error) throw error;
  };
  // Node names a Buffer chunk's encoding "buffer", which BufferEncoding leaves out.
  encoder._transform(input, "buffer" as BufferEncoding, fail);
  encoder._flush(fail);
  return Buffer.concat(output);
}
