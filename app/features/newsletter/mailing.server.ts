// What every newsletter e-mail carries (the welcome and the issues): the subscriber's own
// unsubscribe link, and the List-Unsubscribe headers that let a mail client unsubscribe with one
// click (RFC 2369, RFC 8058). The link's token is the subscription's random unsubscribe_token.
import crypto from "node:crypto";
import { getEnv } from "~/lib/env.server";

export const NEWSLETTER_WELCOME_KIND = "newsletter_welcome";
export const NEWSLETTER_ISSUE_KIND = "newsletter_issue";
/** Every outbox kind sent to subscribers: an address that unsubscribes gets none of them again. */
export const NEWSLETTER_EMAIL_KINDS = [NEWSLETTER_WELCOME_KIND, NEWSLETTER_ISSUE_KIND] as const;

/** 128 random bits, as 32 hex digits (the column's own default has the same shape). */
export function newUnsubscribeToken() {
  return crypto.randomBytes(16).toString("hex");
}

/** The link in the mail's text: a page with one button (opening it changes nothing). */
export function unsubscribeUrl(token: string) {
  return `${getEnv().SITE_URL}/newsletter/unsubscribe/${encodeURIComponent(token)}`;
}

/** The List-Unsubscribe URL: a mail client POSTs to it; opened in a browser, it shows the page. */
export function oneClickUnsubscribeUrl(token: string) {
  return `${getEnv().SITE_URL}/newsletter/one-click/${encodeURIComponent(token)}`;
}

/**
 * RFC 8058: the https link as List-Unsubscribe, and List-Unsubscribe-Post, which tells the mail
 * client to POST `List-Unsubscribe=One-Click` to it (a GET never unsubscribes: link scanners open
 * links). SITE_URL is https in production; locally it is http, which mail clients ignore.
 */
export function listUnsubscribeHeaders(token: string): Record<string, string> {
  return {
    "List-Unsubscribe": `<${oneClickUnsubscribeUrl(token)}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
}
