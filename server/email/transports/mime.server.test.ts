import nodemailer from "nodemailer";
import { describe, expect, it } from "vitest";
import { outboxMessage } from "../../../tests/support/outbox-message";
import { DeliveryError, type OutboxMessage } from "../delivery.server";
import { composeMessage, toMailOptions } from "./mime.server";

const FROM = { name: "Halvorsen Manufacturing Advisory — Wichita", address: "hello@halvorsen.example" };

const message = (overrides: Partial<OutboxMessage>) => outboxMessage({ subject: "Your assessment is booked", ...overrides });

const ics = ["BEGIN:VCALENDAR", "VERSION:2.0", "METHOD:REQUEST", "BEGIN:VEVENT", "SUMMARY:Manufacturing assessment", "END:VEVENT", "END:VCALENDAR", ""].join("\r\n");
const longLine = `${"Spindle time, setups and fixtures; ".repeat(12)}\n`;

const messages: Record<string, OutboxMessage> = {
  "plain ASCII": message({}),
  "a confirmation: cc, a calendar attachment, a long body": message({
    cc: "owner@halvorsen.example",
    text: `Hello Ada,\n\n${longLine.repeat(20)}Cancel: https://halvorsen.example/booking/cancel/abc\n`,
    html: `<p>Hello Ada,</p>\n${`<p>${longLine}</p>\n`.repeat(20)}`,
    attachments: [{ filename: "assessment.ics", contentType: "text/calendar; method=REQUEST; charset=utf-8", content: Buffer.from(ics).toString("base64") }],
  }),
  "a newsletter copy: list headers, a non-ASCII subject": message({
    to: "zoe@example.com",
    subject: "Notes from the shop floor — Édition d'hiver",
    text: "Grüße aus der Werkstatt.\n\nUnsubscribe: https://halvorsen.example/newsletter/unsubscribe?token=x",
    html: "<p>Grüße aus der Werkstatt.</p>",
    headers: { "List-Unsubscribe": "<https://halvorsen.example/newsletter/unsubscribe?token=x>", "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  }),
  "mostly Cyrillic, with whitespace at line ends": message({ text: "Здравствуйте, Ада  \n\t\nдо свидания \n", html: "<p>Здравствуйте</p> \n" }),
  "an empty text part and a body over one encoder slice (64 KB)": message({ text: "", html: `<p>${"é".repeat(40_000)}</p>` }),
  "text ending without a line break, lone CRs in quoted-printable parts": message({ text: "no line break at the end — é", html: "<p>une ligne\rune autre — é</p>\r" }),
};

/** Nodemailer's own message for the same options, as its stream transport writes it. */
async function nodemailerMessage(outbox: OutboxMessage) {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  const info = await transport.sendMail(toMailOptions(outbox, FROM));
  return { raw: info.message as Buffer, envelope: info.envelope };
}

// Each message gets its own random boundary.
const sameBoundaries = (raw: Buffer) => raw.toString("latin1").replace(/--_NmP-[0-9a-f]{16}-Part_/g, "--_NmP-boundary-Part_");

describe("composeMessage", () => {
  it.each(Object.entries(messages))("writes the bytes Nodemailer writes: %s", async (_name, outbox) => {
    const expected = await nodemailerMessage(outbox);
    const composed = composeMessage(outbox, FROM);
    expect(sameBoundaries(composed.raw)).toBe(sameBoundaries(expected.raw));
    expect(composed.envelope).toEqual({ from: expected.envelope.from, to: expected.envelope.to });
  });

  it("answers at once, not with a promise: the message with its calendar part, and cc in the envelope", () => {
    const composed = composeMessage(messages["a confirmation: cc, a calendar attachment, a long body"]!, FROM);
    expect(composed).not.toBeInstanceOf(Promise);
    const text = composed.raw.toString("latin1");
    expect(text).toContain("Content-Type: text/calendar; method=REQUEST; charset=utf-8");
    expect(text).toMatch(/\r\n$/);
    expect(composed.envelope.to).toEqual(["visitor@example.com", "owner@halvorsen.example"]);
  });

  it("hands Nodemailer the sender and each recipient as address objects, never a string to parse", () => {
    const options = toMailOptions(messages["a confirmation: cc, a calendar attachment, a long body"]!, FROM);
    expect({ from: options.from, to: options.to, cc: options.cc }).toEqual({
      from: FROM,
      to: { name: "", address: "visitor@example.com" },
      cc: { name: "", address: "owner@halvorsen.example" },
    });
  });

  it.each(["a<v@x.com>", '"x"<v@x.com>', "v@x.com,a", "list:v@x.com;", "z(c)@x.co", "root"])(
    "refuses, for good, a stored recipient Nodemailer would read as another address: %j",
    (to) => {
      for (const stored of [message({ to }), message({ cc: to })]) {
        const refusal = (() => {
          try {
            composeMessage(stored, FROM);
          } catch (error) {
            return error;
          }
        })();
        expect(refusal).toBeInstanceOf(DeliveryError);
        expect(refusal).toMatchObject({ permanent: true, message: `Not a plain e-mail address: ${JSON.stringify(to)}. Nothing was sent.` });
      }
    },
  );
});
