// SMTP through Nodemailer (SMTP_URL, e.g. smtps://user:pass@smtp.example.com). Replies in the 4xx
// range and network failures are temporary; 5xx replies are permanent.
import nodemailer from "nodemailer";
import type { MailAddress } from "~/lib/email-address";
import { DeliveryError, type Transport } from "../delivery.server";
import { toMailOptions } from "./mime.server";

type SmtpFailure = Error & { code?: string; responseCode?: number; response?: string };

export function classifySmtpError(error: unknown): DeliveryError {
  const failure = error as SmtpFailure;
  const code = failure.responseCode;
  const detail = failure.response ?? failure.message ?? String(error);
  if (typeof code === "number" && code >= 500) return new DeliveryError(`SMTP ${code}: ${stripCode(detail, code)}`, true);
  if (typeof code === "number" && code >= 400) return new DeliveryError(`SMTP ${code}: ${stripCode(detail, code)}`, false);
  return new DeliveryError(`SMTP connection failed: ${failure.code ? `${failure.code} ` : ""}${failure.message ?? detail}`, false);
}

function stripCode(response: string, code: number) {
  return response.replace(new RegExp(`^${code}[ -]`), "").trim();
}

export function createSmtpTransport({ url, from }: { url: string; from: MailAddress }): Transport {
  const transporter = nodemailer.createTransport({
    url,
    pool: true,
    maxConnections: 3,
    // Short enough that one send always ends well inside the outbox's claim lease.
    connectionTimeout: 20_000,
    greetingTimeout: 20_000,
    socketTimeout: 60_000,
  });
  return {
    name: "smtp",
    async send(message) {
      // The same options the file transport composes; a recipient that is not a plain address
      // fails here, for good, before any connection.
      const options = toMailOptions(message, from);
      try {
        await transporter.sendMail(options);
      } catch (error) {
        throw classifySmtpError(error);
      }
    },
    close: () => transporter.close(),
  };
}
