// The owner's bookings feed (/calendar/{secret}.ics) read with a real iCalendar parser (ical.js):
// every booking of the last 30 days and every future one comes back with its details, the UID of
// its e-mailed .ics and its status (a cancelled one as STATUS:CANCELLED); the answer is private and
// never stored; a wrong or rotated secret is 404. On PGlite, and on PostgreSQL with TEST_DATABASE_URL.
import ICAL from "ical.js";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as feedRoute from "~/routes/calendar-feed";
import { cancelBooking, createBooking } from "~/features/booking/booking.server";
import { calendarFeed, feedPath, getFeedSecret, rotateFeedSecret } from "~/features/booking/calendar-feed.server";
import { bookings } from "~/features/booking/schema";
import type { SlotTime } from "~/features/booking/slots";
import { emailOutbox } from "#server/db/schema";
import { BOOKING_CONFIRMATION_KIND } from "#server/email/transport.server";
import { clearBookings } from "../support/bookings";
import { testDatabases, type TestDatabase } from "../support/databases";
import { routeArgs, siteRequest } from "../support/auth";
import { tempDir } from "../../scripts/support/databases";

process.env.DATA_DIR ??= tempDir("calendar-feed-");

function bookingInput(sessionDate: string, sessionTime: SlotTime, name: string) {
  return {
    firstName: name,
    lastName: "Hopper",
    email: `${name.toLowerCase()}@example.com`,
    phone: "316-555-0100",
    sessionDate,
    sessionTime,
    sessionDuration: "60",
    projectType: "Process Optimization",
    projectDescription: `${name}'s second shift; commas, semicolons; and a backslash \\ survive.`,
    experienceLevel: "advanced",
    specificGoals: "Shorter setups",
  } as const;
}

async function getFeed(secret: string) {
  const file = `${secret}.ics`;
  return feedRoute.loader(routeArgs(siteRequest(`/calendar/${file}`), undefined, { file }) as never);
}

function eventsOf(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text) as unknown[]);
  return calendar.getAllSubcomponents("vevent").map((component) => {
    const event = new ICAL.Event(component);
    return {
      uid: event.uid,
      start: event.startDate.toJSDate().toISOString(),
      end: event.endDate.toJSDate().toISOString(),
      summary: event.summary,
      description: event.description,
      status: component.getFirstPropertyValue("status"),
      sequence: event.sequence,
    };
  });
}

describe.each(testDatabases.map((d) => [d.name, d] as const))("the bookings feed on %s", (_name, database) => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await database.open();
  });
  afterAll(() => db.close());
  beforeEach(async () => {
    await clearBookings(db);
  });

  it("round-trips every booking through a real parser, with the e-mail's UID and the cancelled one as CANCELLED", async () => {
    const now = new Date("2027-03-01T15:00:00Z");
    const made = [];
    for (const [date, time, name] of [
      ["2027-03-02", "10:00", "Grace"],
      ["2027-03-03", "14:00", "Ada"],
      ["2027-04-20", "09:00", "Edsger"],
    ] as const) {
      const result = await createBooking(bookingInput(date, time, name), now);
      if (!result.ok) throw new Error("booking refused");
      made.push(result.booking);
    }
    const [{ cancelToken }] = await db.db.select({ cancelToken: bookings.cancelToken }).from(bookings).where(eq(bookings.bookingRef, made[1]!.bookingRef));
    expect((await cancelBooking(cancelToken!, now)).outcome).toBe("cancelled");

    const response = await getFeed(await getFeedSecret());
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const events = eventsOf(await response.text());

    // The UID of each booking's confirmation .ics, read from the outbox.
    const confirmations = await db.db.select({ attachments: emailOutbox.attachments }).from(emailOutbox).where(eq(emailOutbox.kind, BOOKING_CONFIRMATION_KIND));
    const emailedUids = confirmations.map(({ attachments }) => {
      const ics = Buffer.from(attachments.find((file) => file.contentType.startsWith("text/calendar"))!.content, "base64").toString("utf8");
      return eventsOf(ics)[0]!.uid;
    });
    expect(events.map((event) => event.uid).sort()).toEqual([...emailedUids].sort());

    // The cancel raised the booking's version: SEQUENCE 1, as in the cancel e-mail's .ics.
    expect(events.map(({ start, end, summary, status, sequence }) => ({ start, end, summary, status, sequence }))).toEqual([
      { start: "2027-03-02T16:00:00.000Z", end: "2027-03-02T17:00:00.000Z", summary: "Assessment: Grace Hopper", status: "TENTATIVE", sequence: 0 },
      { start: "2027-03-03T20:00:00.000Z", end: "2027-03-03T21:00:00.000Z", summary: "Assessment: Ada Hopper", status: "CANCELLED", sequence: 1 },
      // April: Central Daylight Time.
      { start: "2027-04-20T14:00:00.000Z", end: "2027-04-20T15:00:00.000Z", summary: "Assessment: Edsger Hopper", status: "TENTATIVE", sequence: 0 },
    ]);
    expect(events[0]!.description).toContain("E-mail: grace@example.com");
    expect(events[0]!.description).toContain("Phone: 316-555-0100");
    expect(events[0]!.description).toContain("Grace's second shift; commas, semicolons; and a backslash \\ survive.");
    expect(events[0]!.description).toContain(`Booking ID: ${made[0]!.bookingRef}`);
  });

  it("reaches back 30 days: an older session is left out", async () => {
    const past = new Date("2027-01-01T15:00:00Z");
    for (const [date, name] of [
      ["2027-01-04", "Old"],
      ["2027-02-15", "Recent"],
    ] as const) {
      expect((await createBooking(bookingInput(date, "10:00", name), past)).ok).toBe(true);
    }
    const events = eventsOf(await calendarFeed(new Date("2027-03-01T15:00:00Z")));
    expect(events.map((event) => event.summary)).toEqual(["Assessment: Recent Hopper"]);
  });

  it("answers 404 to a wrong secret and, once rotated, to the old one", async () => {
    const secret = await getFeedSecret();
    expect(await getFeedSecret()).toBe(secret);
    expect(feedPath(secret)).toBe(`/calendar/${secret}.ics`);
    expect((await getFeed(secret)).status).toBe(200);
    for (const wrong of [`${secret.slice(0, -1)}x`, "", "a".repeat(32), `${secret}.ics`]) {
      const answer = await getFeed(wrong);
      expect(answer.status, wrong).toBe(404);
      expect(answer.headers.get("cache-control")).toBe("private, no-store");
    }
    const rotated = await rotateFeedSecret();
    expect(rotated).not.toBe(secret);
    expect((await getFeed(secret)).status).toBe(404);
    expect((await getFeed(rotated)).status).toBe(200);
  });
});
