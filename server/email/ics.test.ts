import { describe, expect, it } from "vitest";
import { calendarFile, escapeText, foldLine, icsDateTime } from "./ics.server";

describe("iCalendar text", () => {
  it("escapes TEXT values", () => {
    expect(escapeText("a,b;c\\d\ne")).toBe("a\\,b\\;c\\\\d\\ne");
  });

  it("folds lines at 75 octets without splitting multi-byte characters", () => {
    const line = `DESCRIPTION:${"é".repeat(100)}`;
    const folded = foldLine(line);
    const parts = folded.split("\r\n");
    expect(parts.length).toBeGreaterThan(2);
    for (const part of parts) expect(Buffer.byteLength(part)).toBeLessThanOrEqual(75);
    expect(parts.slice(1).every((part) => part.startsWith(" "))).toBe(true);
    // Unfolding (RFC 5545 section 3.1) gives the line back.
    expect(folded.replace(/\r\n /g, "")).toBe(line);
    expect(foldLine("SHORT:line")).toBe("SHORT:line");
  });

  it("never splits a backslash escape across folded lines", () => {
    const line = `DESCRIPTION:${escapeText("a,".repeat(60))}`;
    const parts = foldLine(line).split("\r\n");
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) expect(part.endsWith("\\")).toBe(false);
    expect(foldLine(line).replace(/\r\n /g, "")).toBe(line);
  });

  it("writes UTC date-times", () => {
    expect(icsDateTime(new Date("2026-03-09T14:00:00.000Z"))).toBe("20260309T140000Z");
  });

  it("is a CRLF-separated VCALENDAR with one VEVENT", () => {
    const text = calendarFile(
      {
        uid: "booking_1@example.com",
        start: new Date("2026-03-09T14:00:00Z"),
        end: new Date("2026-03-09T15:00:00Z"),
        stamp: new Date("2026-03-01T10:00:00Z"),
        summary: "Assessment, free",
        description: "Line one\nLine two",
        organizer: { name: "Mark Halvorsen", email: "owner@example.com" },
        status: "TENTATIVE",
      },
      "-//Test//EN",
    );
    expect(text.endsWith("\r\n")).toBe(true);
    expect(text.split("\r\n").filter(Boolean)).toEqual([
      "BEGIN:VCALENDAR",
      "VERSION:2.0",
      "PRODID:-//Test//EN",
      "CALSCALE:GREGORIAN",
      "METHOD:PUBLISH",
      "BEGIN:VEVENT",
      "UID:booking_1@example.com",
      "DTSTAMP:20260301T100000Z",
      "DTSTART:20260309T140000Z",
      "DTEND:20260309T150000Z",
      "SUMMARY:Assessment\\, free",
      "DESCRIPTION:Line one\\nLine two",
      'ORGANIZER;CN="Mark Halvorsen":mailto:owner@example.com',
      "STATUS:TENTATIVE",
      "TRANSP:OPAQUE",
      "END:VEVENT",
      "END:VCALENDAR",
    ]);
  });
});
