import { describe, expect, it } from "vitest";
import { type CalendarEvent, calendarFile } from "./ics.server";

const PRODUCT = { company: "Test", product: "Assessment booking" };

const event = (overrides: Partial<CalendarEvent> = {}): CalendarEvent => ({
  uid: "booking_1@example.com",
  start: new Date("2026-03-09T14:00:00Z"),
  end: new Date("2026-03-09T15:00:00Z"),
  stamp: new Date("2026-03-01T10:00:00Z"),
  summary: "Assessment, free",
  description: "Line one\nLine two",
  organizer: { name: "Mark Halvorsen", email: "owner@example.com" },
  status: "TENTATIVE",
  ...overrides,
});

/** Content lines as a reader sees them: folded lines joined again (RFC 5545 section 3.1). */
const unfolded = (text: string) => text.replace(/\r\n /g, "").split("\r\n");

describe("calendarFile", () => {
  it("is a CRLF-separated VCALENDAR with one VEVENT, its times in UTC", () => {
    const text = calendarFile(event(), PRODUCT);
    expect(text.endsWith("\r\n")).toBe(true);
    expect(text.replace(/\r\n/g, "")).not.toContain("\n");
    expect(text.split("\r\n").filter(Boolean)).toEqual([
      "BEGIN:VCALENDAR",
      "VERSION:2.0",
      "PRODID:-//Test//Assessment booking//EN",
      "METHOD:PUBLISH",
      "BEGIN:VEVENT",
      "UID:booking_1@example.com",
      "SEQUENCE:0",
      "DTSTAMP:20260301T100000Z",
      "DTSTART:20260309T140000Z",
      "DTEND:20260309T150000Z",
      "SUMMARY:Assessment\\, free",
      "TRANSP:OPAQUE",
      "DESCRIPTION:Line one\\nLine two",
      'ORGANIZER;CN="Mark Halvorsen":mailto:owner@example.com',
      "STATUS:TENTATIVE",
      "END:VEVENT",
      "END:VCALENDAR",
    ]);
  });

  it("gives the same text for the same booking (a stable UID: a re-sent file updates the event)", () => {
    expect(calendarFile(event(), PRODUCT)).toBe(calendarFile(event(), PRODUCT));
  });

  it("escapes TEXT values: backslash, semicolon, comma and line breaks", () => {
    const lines = unfolded(calendarFile(event({ summary: "a,b;c\\d\ne", location: "Wichita; KS" }), PRODUCT));
    expect(lines).toContain("SUMMARY:a\\,b\\;c\\\\d\\ne");
    expect(lines).toContain("LOCATION:Wichita\\; KS");
  });

  it("writes the URL and a confirmed status by default", () => {
    const lines = unfolded(calendarFile(event({ url: "https://example.com/", status: undefined }), PRODUCT));
    expect(lines).toContain("URL;VALUE=URI:https://example.com/");
    expect(lines).toContain("STATUS:CONFIRMED");
  });

  it("folds long lines at 75 octets without splitting multi-byte characters", () => {
    const description = `${"é".repeat(100)} ${"a,".repeat(60)}`;
    const text = calendarFile(event({ description }), PRODUCT);
    const parts = text.split("\r\n");
    for (const part of parts) expect(Buffer.byteLength(part)).toBeLessThanOrEqual(75);
    // A split character would have become U+FFFD when decoded.
    expect(text).not.toContain("\uFFFD");
    expect(unfolded(text)).toContain(`DESCRIPTION:${"é".repeat(100)} ${"a\\,".repeat(60)}`);
  });

  it("writes an invitation: METHOD:REQUEST, the SEQUENCE given, the attendee accepted; or its CANCEL", () => {
    const attendee = { name: "Ada Lovelace", email: "ada@example.com" };
    const lines = unfolded(calendarFile(event({ attendee, sequence: 3 }), PRODUCT, "REQUEST"));
    expect(lines).toContain("METHOD:REQUEST");
    expect(lines).toContain("SEQUENCE:3");
    expect(lines.find((line) => line.startsWith("ATTENDEE"))).toMatch(/PARTSTAT=ACCEPTED.*:MAILTO:ada@example\.com$/i);
    expect(unfolded(calendarFile(event({ status: "CANCELLED", sequence: 4 }), PRODUCT, "CANCEL"))).toEqual(
      expect.arrayContaining(["METHOD:CANCEL", "STATUS:CANCELLED", "SEQUENCE:4"]),
    );
  });
});
