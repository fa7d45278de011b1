// The one rule for every e-mail address the site takes in (newsletter, booking, accounts, the
// payout e-mail, checkout, a newsletter test address): a plain address, one local part and one
// domain. Anything a mail library reads as address syntax — a display name, a group, a comment, a
// second address after a comma or semicolon — is refused, because Nodemailer would deliver
// "a<v@x.com>" or "list:v@x.com;" to v@x.com: ten spellings were ten subscriptions of one inbox.
// Importable by the browser bundle.
import { z } from "./zod";

export const MAX_EMAIL_ADDRESS_LENGTH = 254;

/**
 * Zod's own address pattern (the one `z.email()` and Better Auth use): letters, digits and
 * `_ ' + - .` before the @, a dotted host name after. No spaces, quotes, brackets, commas,
 * semicolons or colons, so no other reading is possible.
 */
const PLAIN_ADDRESS = z.regexes.email;

export function isPlainEmailAddress(value: string): boolean {
  return value.length <= MAX_EMAIL_ADDRESS_LENGTH && PLAIN_ADDRESS.test(value);
}

/** The stored form: trimmed, the domain lower-cased (host names are case-blind; the mailbox's part is its own). */
export function normalizeEmailAddress(value: string): string {
  const trimmed = value.trim();
  const at = trimmed.lastIndexOf("@");
  return at < 0 ? trimmed : trimmed.slice(0, at) + trimmed.slice(at).toLowerCase();
}

/**
 * A form's e-mail field, with the feature's own messages: `required` when nothing is typed,
 * `invalid` for anything but a plain address. Its value is the normalised address. A control
 * character makes it invalid rather than being stripped (as free text's are): an address is not
 * silently changed into another.
 */
export function emailAddressField({ required, invalid }: { required: string; invalid: string }) {
  return z
    .string({ error: required })
    .trim()
    .min(1, { error: required, abort: true })
    .refine(isPlainEmailAddress, { error: invalid })
    .overwrite(normalizeEmailAddress);
}

export type MailAddress = { name: string; address: string };

/** How an address object reads to a person: `Name <address>`, or the address alone. */
export function formatMailAddress({ name, address }: MailAddress): string {
  return name ? `${name} <${address}>` : address;
}

/**
 * The sender (EMAIL_FROM): `hello@example.com`, `Name <hello@example.com>` or
 * `"Name" <hello@example.com>` on one line, read once into the name and the plain address that
 * Nodemailer is handed as they are. Undefined for anything else.
 */
export function parseSenderAddress(value: string): MailAddress | undefined {
  const match = /^(?:(?:"([^"\r\n]*)"|([^"<>\r\n]*?))\s*<([^<>\s]+)>|([^<>\s]+))$/.exec(value.trim());
  if (!match) return undefined;
  const address = match[3] ?? match[4]!;
  if (!isPlainEmailAddress(address)) return undefined;
  return { name: (match[1] ?? match[2] ?? "").trim(), address: normalizeEmailAddress(address) };
}
