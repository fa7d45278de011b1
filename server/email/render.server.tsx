// Turns an e-mail template (a React element) into the HTML part of a message. The plain-text part
// is written by each template next to its markup, because text generated from HTML reads badly.
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";

export type RenderedEmail = { subject: string; html: string; text: string };

export function renderEmail(input: { subject: string; body: ReactElement; text: string }): RenderedEmail {
  return {
    subject: input.subject,
    html: `<!DOCTYPE html>${renderToStaticMarkup(input.body)}`,
    text: input.text.trim() + "\n",
  };
}

/** Plain-text block of "Label: value" lines, labels padded so the values (and their own line
 * breaks) line up. */
export function textDetails(rows: ReadonlyArray<readonly [label: string, value: string]>) {
  const indent = Math.max(...rows.map(([label]) => label.length)) + 2;
  return rows
    .map(([label, value]) => `${`${label}:`.padEnd(indent)}${value.replace(/\r?\n/g, `\n${" ".repeat(indent)}`)}`)
    .join("\n");
}
