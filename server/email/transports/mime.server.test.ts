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

/** The message as text, its folded header lines joined again (RFC 5322 section 2.2.3). */
const unfold = (raw: Buffer) => raw.toString("latin1").replace(/\r\n(?=[ \t])/g, "");

describe("composeMessage", () => {
  it.each(Object.entries(messages))("writes a message with CRLF lines, its parts and headers: %s", async (_name, outbox) => {
    const { raw } = await composeMessage(outbox, FROM);
    const text = unfold(raw);
    expect(raw.toString("latin1").replace(/\r\n/g, "")).not.toMatch(/\n/);
    expect(text).toMatch(/\r\n$/);
    expect(text).toContain(`Message-ID: <${outbox.id}@halvorsen.example>`);
    expect(text).toContain(`X-Outbox-Kind: ${outbox.kind}`);
    // Nodemailer leaves an empty text out.
    if (outbox.text) expect(text).toContain("Content-Type: text/plain; charset=utf-8");
    expect(text).toContain("Content-Type: text/html; charset=utf-8");
  });

  it("carries the calendar part, the list headers, and cc in the envelope", async () => {
    const confirmation = await composeMessage(messages["a confirmation: cc, a calendar attachment, a long body"]!, FROM);
    const text = unfold(confirmation.raw);
    expect(text).toContain("Content-Type: text/calendar; method=REQUEST; charset=utf-8");
    expect(text).toMatch(/filename=assessment\.ics/);
    expect(text).toContain(Buffer.from(ics).toString("base64").slice(0, 60));
    expect(confirmation.envelope).toEqual({ from: FROM.address, to: ["visitor@example.com", "owner@halvorsen.example"] });

    const newsletter = unfold((await composeMessage(messages["a newsletter copy: list headers, a non-ASCII subject"]!, FROM)).raw);
    expect(newsletter).toContain("List-Unsubscribe: <https://halvorsen.example/newsletter/unsubscribe?token=x>");
    expect(newsletter).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
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
    async (to) => {
      for (const stored of [message({ to }), message({ cc: to })]) {
        const refusal = await composeMessage(stored, FROM).catch((error: unknown) => error);
        expect(refusal).toBeInstanceOf(DeliveryError);
        expect(() => toMailOptions(stored, FROM)).toThrow(DeliveryError);
        expect(refusal).toMatchObject({ permanent: true, message: `Not a plain e-mail address: ${JSON.stringify(to)}. Nothing was sent.` });
      }
    },
  );
});
