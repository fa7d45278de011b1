// An issue's two parts as they are stored and sent: the HTML through the blog's one allow-list with
// every link and image absolute (a mail client has no page to resolve "/booking" against), and the
// text part made from that HTML, so it keeps the paragraphs and the links' addresses.
import { sanitizePostHtml } from "~/lib/sanitize";
import { htmlToMailText } from "#server/email/plain-text.server";

/** `baseUrl`: where relative links point from (the post's URL, or the site's root). */
export function issueContent(html: string, baseUrl: string): { html: string; text: string } {
  const body = sanitizePostHtml(html, { baseUrl });
  return { html: body, text: htmlToMailText(body) };
}
