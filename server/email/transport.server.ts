// Which transport a message goes through (docs/decisions/002-email-outbox.md): the provider API
// for booking confirmations when it is fully configured, otherwise SMTP when SMTP_URL is set,
// otherwise .eml files in DATA_DIR/mail.
import path from "node:path";
import { logger } from "#server/logger.server";
import { site } from "~/content/site";
import { parseSenderAddress, type MailAddress } from "~/lib/email-address";
import { getEnv, type Env } from "~/lib/env.server";
import type { Transports } from "./delivery.server";
import { createFileTransport } from "./transports/file.server";
import { createProviderApiTransport } from "./transports/provider-api.server";
import { createSmtpTransport } from "./transports/smtp.server";

/** The only kind the provider's template knows (SPEC.md section 3, confirmation e-mail fields). */
export const BOOKING_CONFIRMATION_KIND = "booking_confirmation";

/** The sender, read once into a name and an address: Nodemailer is handed it, not a string to parse. */
export function senderOf(env: Env): MailAddress {
  return (env.EMAIL_FROM && parseSenderAddress(env.EMAIL_FROM)) || { name: site.businessName, address: `no-reply@${new URL(env.SITE_URL).hostname}` };
}

export function createTransports(env: Env): Transports {
  const from = senderOf(env);
  const general = env.SMTP_URL
    ? createSmtpTransport({ url: env.SMTP_URL, from })
    : createFileTransport({ directory: path.resolve(env.DATA_DIR, "mail"), from });
  const providerConfig = providerApiConfig(env);
  const provider = providerConfig ? createProviderApiTransport(providerConfig) : undefined;
  return {
    forMessage: (message) =>
      provider && message.kind === BOOKING_CONFIRMATION_KIND && message.templateParams ? provider : general,
    close: () => general.close?.(),
  };
}

/** What the mail viewer tells the admin about where messages go (no credentials). */
export function describeDelivery(env: Env) {
  return {
    general: env.SMTP_URL
      ? { transport: "smtp" as const, host: new URL(env.SMTP_URL).host }
      : { transport: "file" as const, directory: path.resolve(env.DATA_DIR, "mail") },
    bookingConfirmationsViaProvider: Boolean(env.EMAILJS_SERVICE_ID && env.EMAILJS_TEMPLATE_ID && env.EMAILJS_PUBLIC_KEY),
  };
}

function providerApiConfig(env: Env) {
  const settings = {
    EMAILJS_SERVICE_ID: env.EMAILJS_SERVICE_ID,
    EMAILJS_TEMPLATE_ID: env.EMAILJS_TEMPLATE_ID,
    EMAILJS_PUBLIC_KEY: env.EMAILJS_PUBLIC_KEY,
  };
  const missing = Object.entries(settings)
    .filter(([, value]) => !value)
    .map(([name]) => name);
  if (missing.length === 3) return undefined;
  if (missing.length > 0) {
    logger.warn(
      { missing },
      "Email service configuration is incomplete. Please check your environment variables. Booking confirmations go through SMTP or files instead.",
    );
    return undefined;
  }
  return {
    apiUrl: env.EMAILJS_API_URL ?? "https://api.emailjs.com",
    serviceId: env.EMAILJS_SERVICE_ID!,
    templateId: env.EMAILJS_TEMPLATE_ID!,
    publicKey: env.EMAILJS_PUBLIC_KEY!,
    privateKey: env.EMAILJS_PRIVATE_KEY,
  };
}

// One set per process, built from the configuration on first use.
let current: Transports | undefined;

export function getTransports(): Transports {
  current ??= createTransports(getEnv());
  return current;
}

export function closeTransports() {
  current?.close();
  current = undefined;
}
