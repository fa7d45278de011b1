import nodemailer from "nodemailer";
import { describe, expect, it } from "vitest";
import { z } from "./zod";
import { emailAddressField, isPlainEmailAddress, normalizeEmailAddress, parseSenderAddress } from "./email-address";

// Each of these was taken by the newsletter's sign-up and delivered by Nodemailer to v@x.com
// (issue 40): display names, groups, comments and separators.
const HOSTILE_SPELLINGS = [
  "v@x.com,a",
  "a<v@x.com>",
  '"x"<v@x.com>',
  "v@x.com;c",
  "list:v@x.com;",
  "p1;v@x.com",
  "z(c)@x.co",
  "v@x.com (c)",
  "<v@x.com>",
  "v@x.com v@y.com",
  "v@x.com\nBcc: w@x.com",
  '"v@x.com"',
  "v@x.com@y.com",
  "v@[127.0.0.1]",
];

const PLAIN_ADDRESSES = ["first.last+tag@sub.example.co.uk", "v@x.com", "o'brien@example.ie", "a_b-c@mail-host.example", "X@Example.COM"];

const MESSAGES = { required: "Please enter your email address", invalid: "Please enter a valid email address" };
const field = z.object({ email: emailAddressField(MESSAGES) });
const messageFor = (email: unknown) => field.safeParse({ email }).error?.issues.map((issue) => issue.message);

describe("a plain e-mail address", () => {
  it.each(HOSTILE_SPELLINGS)("refuses %j", (spelling) => {
    expect(isPlainEmailAddress(spelling)).toBe(false);
    expect(messageFor(spelling)).toEqual([MESSAGES.invalid]);
  });

  it.each(PLAIN_ADDRESSES)("accepts %j", (address) => {
    expect(isPlainEmailAddress(address)).toBe(true);
    expect(field.parse({ email: address }).email).toBe(normalizeEmailAddress(address));
  });

  it.each(PLAIN_ADDRESSES)("%j is read by Nodemailer as that one address and nothing else", async (address) => {
    // Through its public API: the envelope a message to the address goes to (domain lower-cased, as stored).
    const info = await nodemailer.createTransport({ streamTransport: true }).sendMail({ from: "site@example.com", to: address, text: "." });
    expect(info.envelope.to).toEqual([normalizeEmailAddress(address)]);
  });

  it("stores the address trimmed with its domain lower-cased, the mailbox's own part as typed", () => {
    expect(field.parse({ email: "  First.Last@Sub.Example.COM \t" }).email).toBe("First.Last@sub.example.com");
  });

  it("says which is wrong: nothing typed, or not a plain address", () => {
    expect(messageFor("")).toEqual([MESSAGES.required]);
    expect(messageFor("   ")).toEqual([MESSAGES.required]);
    expect(messageFor(undefined)).toEqual([MESSAGES.required]);
    expect(messageFor("not-an-address")).toEqual([MESSAGES.invalid]);
    expect(messageFor(`${"a".repeat(250)}@x.com`)).toEqual([MESSAGES.invalid]);
  });

  it("refuses control characters instead of stripping them: the address typed is the one used", () => {
    expect(messageFor("v@x.com\u0000")).toEqual([MESSAGES.invalid]);
    expect(messageFor("v\u0000@x.com")).toEqual([MESSAGES.invalid]);
  });
});

describe("the sender address (EMAIL_FROM)", () => {
  it.each([
    ["hello@example.com", { name: "", address: "hello@example.com" }],
    ["Halvorsen <hello@example.com>", { name: "Halvorsen", address: "hello@example.com" }],
    ['"Halvorsen Manufacturing Advisory" <hello@Example.com>', { name: "Halvorsen Manufacturing Advisory", address: "hello@example.com" }],
  ])("reads %j as one name and one plain address", (value, expected) => {
    expect(parseSenderAddress(value)).toEqual(expected);
  });

  it.each(["Halvorsen", "a<v@x.com>, b@y.com", "Halvorsen <hello@example.com>\r\nBcc: x@evil.example", "<v@x.com,w@y.com>", "list:v@x.com;"])(
    "refuses %j",
    (value) => {
      expect(parseSenderAddress(value)).toBeUndefined();
    },
  );
});
