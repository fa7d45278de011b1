// The plain-text part of a message written as HTML (a newsletter issue): paragraphs, lists, quotes
// and tables kept as text, every link followed by its address in brackets, images left out (their
// address is no help to a reader of text).
import { convert, type SelectorDefinition } from "html-to-text";

const HEADINGS: SelectorDefinition[] = ["h1", "h2", "h3", "h4", "h5", "h6"].map((selector) => ({ selector, options: { uppercase: false } }));

const SELECTORS: SelectorDefinition[] = [
  { selector: "a", options: { hideLinkHrefIfSameAsText: true } },
  { selector: "img", format: "skip" },
  { selector: "table", format: "dataTable" },
  ...HEADINGS,
];

export function htmlToMailText(html: string): string {
  return (
    convert(html, { wordwrap: 78, selectors: SELECTORS })
      // A paragraph that held only an image leaves its blank lines behind.
      .replace(/\n{3,}/g, "\n\n")
      .trim()
  );
}
