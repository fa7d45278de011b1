import { describe, expect, it } from "vitest";
import { getEnv } from "~/lib/env.server";
import {
  bookingCancelledEmail,
  bookingCancelledVisitorEmail,
  bookingConfirmationEmail,
  bookingReminderEmail,
  bookingRescheduledEmail,
  type BookingConfirmationInput,
} from "./email-templates.server";

function booking(overrides: Partial<BookingConfirmationInput> = {}): BookingConfirmationInput {
  return {
    bookingRef: "booking_1767312000000",
    firstName: "Ada",
    lastName: "Lovelace",
    email: "ada@example.com",
    phone: "316-555-0100",
    sessionDate: "2026-03-09",
    sessionTime: "09:00",
    sessionDuration: 60,
    projectType: "Process Optimization",
    projectDescription: "Second shift <script>alert(1)</script> spindle utilisation is low & falling.",
    experienceLevel: "intermediate",
    specificGoals: null,
    additionalRequirements: "  ",
    // 09:00 in Chicago on 9 March 2026 is CDT (UTC-5): DST began on 8 March.
    startsAt: new Date("2026-03-09T14:00:00Z"),
    endsAt: new Date("2026-03-09T15:00:00Z"),
    createdAt: new Date("2026-03-01T12:00:00Z"),
    ...overrides,
  };
}

function calendarOf(email: ReturnType<typeof bookingConfirmationEmail>) {
  const ics = email.attachments.find((attachment) => attachment.filename.endsWith(".ics"));
  expect(ics?.contentType).toMatch(/^text\/calendar/);
  return Buffer.from(ics!.content, "base64").toString("utf8");
}

describe("booking confirmation", () => {
  it("carries every template field of the spec, with the defaults", () => {
    const email = bookingConfirmationEmail(booking());
    expect(email.templateParams).toEqual({
      to_email: "ada@example.com",
      cc_email: getEnv().OWNER_EMAIL,
      booking_id: "booking_1767312000000",
      first_name: "Ada",
      last_name: "Lovelace",
      email: "ada@example.com",
      phone: "316-555-0100",
      session_date: "3/9/2026",
      session_time: "09:00",
      session_duration: "60",
      project_type: "Process Optimization",
      project_description: "Second shift <script>alert(1)</script> spindle utilisation is low & falling.",
      experience_level: "intermediate",
      specific_goals: "Not specified",
      additional_requirements: "None",
    });
    expect(email.cc).toBe(getEnv().OWNER_EMAIL);
  });

  it("shows every field in both the HTML and the text part", () => {
    const email = bookingConfirmationEmail(booking({ specificGoals: "Cut setup time", additionalRequirements: "ITAR area" }));
    for (const part of [email.html, email.text]) {
      for (const value of [
        "booking_1767312000000",
        "Ada Lovelace",
        "ada@example.com",
        "316-555-0100",
        "Monday, March 9, 2026",
        "9:00 AM – 10:00 AM CT",
        "60 minutes",
        "Process Optimization",
        "Medium manufacturing facility",
        "Cut setup time",
        "ITAR area",
        "within 24 hours",
      ]) {
        expect(part).toContain(value);
      }
    }
    expect(email.subject).toBe("Assessment booked: Mon, Mar 9, 2026 at 9:00 AM CT");
    expect(email.html.startsWith("<!DOCTYPE html>")).toBe(true);
  });

  it("escapes what the visitor typed in the HTML part", () => {
    const email = bookingConfirmationEmail(booking());
    expect(email.html).not.toContain("<script>");
    expect(email.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(email.text).toContain("<script>alert(1)</script>");
  });

  it("uses the defaults 'Not specified' and 'None' in the visible parts too", () => {
    const email = bookingConfirmationEmail(booking());
    expect(email.text).toMatch(/Specific goals:\s+Not specified/);
    expect(email.text).toMatch(/Additional requirements:\s+None/);
  });

  it.each([
    ["before DST starts (CST, UTC-6)", "2026-03-06T15:00:00Z", "20260306T150000Z", "20260306T163000Z", "Friday, March 6, 2026"],
    ["right after DST starts (CDT, UTC-5)", "2026-03-09T14:00:00Z", "20260309T140000Z", "20260309T153000Z", "Monday, March 9, 2026"],
    ["on the last weekday of DST", "2026-10-30T14:00:00Z", "20261030T140000Z", "20261030T153000Z", "Friday, October 30, 2026"],
    ["right after DST ends (CST, UTC-6)", "2026-11-02T15:00:00Z", "20261102T150000Z", "20261102T163000Z", "Monday, November 2, 2026"],
  ])("puts a 09:00 Central session at the right instant %s", (_when, startsAt, icsStart, icsEnd, longDate) => {
    const start = new Date(startsAt);
    const email = bookingConfirmationEmail(
      booking({ sessionDate: startsAt.slice(0, 10), startsAt: start, endsAt: new Date(start.getTime() + 90 * 60_000), sessionDuration: 90 }),
    );
    const ics = calendarOf(email);
    expect(ics).toContain(`DTSTART:${icsStart}`);
    expect(ics).toContain(`DTEND:${icsEnd}`);
    expect(ics).toContain("UID:booking_1767312000000@");
    expect(email.text).toContain(longDate);
    expect(email.text).toContain("9:00 AM – 10:30 AM CT");
  });

  it("offers the cancel link when there is one", () => {
    const email = bookingConfirmationEmail(booking({ cancelUrl: "https://example.com/booking/cancel/abc" }));
    expect(email.html).toContain('href="https://example.com/booking/cancel/abc"');
    expect(email.text).toContain("https://example.com/booking/cancel/abc");
    expect(bookingConfirmationEmail(booking()).text).not.toContain("Cancel the session");
  });
});

describe("booking reminder", () => {
  const reminder = () =>
    bookingReminderEmail({
      bookingRef: "booking_1767312000000",
      firstName: "Ada",
      lastName: "Lovelace",
      email: "ada@example.com",
      phone: "316-555-0100",
      sessionDuration: 90,
      projectType: "Quality Control Systems",
      // 09:00 CST on the day DST ended.
      startsAt: new Date("2026-11-02T15:00:00Z"),
      endsAt: new Date("2026-11-02T16:30:00Z"),
      cancelUrl: "https://example.com/booking/cancel/abc",
    });

  it("gives the meeting details in Central Time and the cancel link", () => {
    const email = reminder();
    expect(email.subject).toBe("Reminder: your assessment is tomorrow, Mon, Nov 2, 2026 at 9:00 AM CT");
    for (const part of [email.html, email.text]) {
      for (const value of ["booking_1767312000000", "Monday, November 2, 2026", "9:00 AM – 10:30 AM CT", "90 minutes", "Quality Control Systems", "316-555-0100"]) {
        expect(part).toContain(value);
      }
    }
    expect(email.text).toContain("https://example.com/booking/cancel/abc");
    expect(email.html).toContain('href="https://example.com/booking/cancel/abc"');
  });
});

describe("booking cancelled notice", () => {
  it("goes to the owner with the booking and when it was cancelled", () => {
    const email = bookingCancelledEmail({
      bookingRef: "booking_1767312000000",
      firstName: "Ada",
      lastName: "Lovelace",
      email: "ada@example.com",
      phone: "316-555-0100",
      sessionDuration: 60,
      projectType: "Process Optimization",
      startsAt: new Date("2026-03-09T14:00:00Z"),
      endsAt: new Date("2026-03-09T15:00:00Z"),
      cancelledAt: new Date("2026-03-02T16:05:00Z"),
    });
    expect(email.to).toBe(getEnv().OWNER_EMAIL);
    expect(email.subject).toBe("Booking cancelled: Ada Lovelace, Mon, Mar 9, 2026 at 9:00 AM CT");
    for (const value of ["booking_1767312000000", "ada@example.com", "316-555-0100", "9:00 AM – 10:00 AM CT", "Mar 2, 2026, 10:05 AM CT"]) {
      expect(email.text).toContain(value);
      expect(email.html).toContain(value);
    }
  });
});

describe("booking rescheduled", () => {
  const moved = () =>
    bookingRescheduledEmail({
      ...booking({ startsAt: new Date("2026-03-11T19:00:00Z"), endsAt: new Date("2026-03-11T20:00:00Z"), sessionDate: "2026-03-11", sessionTime: "14:00" }),
      previous: { startsAt: new Date("2026-03-09T14:00:00Z"), endsAt: new Date("2026-03-09T15:00:00Z") },
      movedAt: new Date("2026-03-02T16:05:00Z"),
      sequence: 2,
      cancelUrl: "https://example.com/booking/cancel/abc",
      rescheduleUrl: "https://example.com/booking/reschedule/abc.2",
    });

  it("goes to the visitor, cc the owner, with the new and the old time and both links", () => {
    const email = moved();
    expect(email.cc).toBe(getEnv().OWNER_EMAIL);
    expect(email.subject).toBe("Assessment rescheduled: Wed, Mar 11, 2026 at 2:00 PM CT");
    for (const part of [email.html, email.text]) {
      for (const value of ["Wednesday, March 11, 2026", "2:00 PM – 3:00 PM CT", "Monday, March 9, 2026", "9:00 AM – 10:00 AM CT"]) {
        expect(part).toContain(value);
      }
      expect(part).toContain("https://example.com/booking/reschedule/abc.2");
      expect(part).toContain("https://example.com/booking/cancel/abc");
    }
  });

  it("attaches the invitation with the booking's UID, the new SEQUENCE and METHOD:REQUEST", () => {
    const ics = calendarOf(moved());
    expect(ics).toContain("METHOD:REQUEST");
    expect(ics).toContain("UID:booking_1767312000000@");
    expect(ics).toContain("SEQUENCE:2");
    expect(ics).toContain("DTSTART:20260311T190000Z");
    expect(ics).toContain("DTSTAMP:20260302T160500Z");
  });
});

describe("the cancel's .ics", () => {
  it("is METHOD:CANCEL, STATUS:CANCELLED with the booking's UID, for the owner and the visitor", () => {
    const cancelled = {
      ...booking(),
      sequence: 1,
      cancelledAt: new Date("2026-03-02T16:05:00Z"),
    };
    const visitor = bookingCancelledVisitorEmail(cancelled);
    expect(visitor.to).toBe("ada@example.com");
    for (const email of [bookingCancelledEmail(cancelled), visitor]) {
      const attachment = email.attachments[0]!;
      expect(attachment.contentType).toBe("text/calendar; charset=utf-8; method=CANCEL");
      const ics = Buffer.from(attachment.content, "base64").toString("utf8");
      for (const line of ["METHOD:CANCEL", "STATUS:CANCELLED", "SEQUENCE:1", "UID:booking_1767312000000@"]) expect(ics).toContain(line);
    }
  });
});
