// The visitor's reschedule through the route module, as the link in the e-mails reaches it: the
// move and its e-mails (the .ics parsed: one UID, SEQUENCE raised, REQUEST; a cancel's CANCEL), the
// reminder moving with the booking, the booking rules, a link that works once per version, the
// rate limit, and 50 bookings racing onto one slot. On PGlite, and on PostgreSQL with
// TEST_DATABASE_URL.
import { and, eq, ne } from "drizzle-orm";
import ICAL from "ical.js";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as rescheduleRoute from "~/routes/booking-reschedule";
import * as bookingRoute from "~/routes/booking";
import * as confirmationRoute from "~/routes/booking-confirmation";
import { cancelBooking, createBooking, BOOKING_CANCEL_CONFIRMATION_KIND, BOOKING_CANCELLED_KIND } from "~/features/booking/booking.server";
import { rescheduleFromLink } from "~/features/booking/reschedule-actions.server";
import { BOOKING_RESCHEDULED_KIND, REMINDER_MOVED_REASON, rescheduleBooking } from "~/features/booking/reschedule.server";
import { rescheduleToken } from "~/features/booking/reschedule-link.server";
import { BOOKING_REMINDER_KIND } from "~/features/booking/reminders.server";
import { BOOKING_MESSAGES, type BookingInput } from "~/features/booking/forms";
import { SAME_TIME_MESSAGE } from "~/features/booking/messages";
import { bookingBlocks, bookings } from "~/features/booking/schema";
import { SLOT_TIMES } from "~/features/booking/slots";
import { addDays, centralDate, centralInstant } from "~/lib/central-time";
import { getEnv } from "~/lib/env.server";
import { emailOutbox, type EmailAttachment } from "#server/db/schema";
import { BOOKING_CONFIRMATION_KIND } from "#server/email/transport.server";
import { answerOf, bookingFields, bookingInput, daysAhead, fieldErrors, flashToastOf } from "../support/booking-forms";
import { clearBookings } from "../support/bookings";
import { testDatabases, type TestDatabase } from "../support/databases";
import { tempDir } from "../../scripts/support/databases";
import { cookieHeader, freshIp, routeArgs, siteRequest } from "../support/auth";

process.env.BETTER_AUTH_SECRET ??= "integration-test-secret-0123456789abcdef";
process.env.DATA_DIR ??= tempDir("booking-reschedule-");

const DAY = 24 * 60 * 60_000;
const HOUR = 60 * 60_000;
const openPage = async (token: string, ip = freshIp(), query = "") =>
  answerOf(await rescheduleRoute.loader(routeArgs(siteRequest(`/booking/reschedule/${token}${query}`), ip, { token }) as never));
const move = async (token: string, fields: Record<string, string>, ip = freshIp()) =>
  answerOf(
    await rescheduleRoute.action(
      routeArgs(siteRequest(`/booking/reschedule/${token}`, { form: { intent: "reschedule", ...fields } }), ip, { token }) as never,
    ),
  );

/** The .ics of an e-mail, parsed by a real iCalendar parser. */
function calendarOf(attachments: EmailAttachment[]) {
  const ics = attachments.find((attachment) => attachment.filename.endsWith(".ics"));
  if (!ics) throw new Error("no .ics attached");
  const calendar = new ICAL.Component(ICAL.parse(Buffer.from(ics.content, "base64").toString("utf8")));
  const event = calendar.getFirstSubcomponent("vevent")!;
  return {
    contentType: ics.contentType,
    method: calendar.getFirstPropertyValue("method"),
    uid: event.getFirstPropertyValue("uid"),
    sequence: event.getFirstPropertyValue("sequence"),
    status: event.getFirstPropertyValue("status"),
    start: (event.getFirstPropertyValue("dtstart") as ICAL.Time).toJSDate(),
    attendee: String(event.getFirstPropertyValue("attendee")),
  };
}

describe.each(testDatabases.map((d) => [d.name, d] as const))("rescheduling on %s", (_name, database) => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await database.open();
  });
  afterAll(() => db.close());
  beforeEach(async () => {
    await clearBookings(db);
  });

  async function book(overrides: Partial<BookingInput> = {}, now = new Date()) {
    const input = bookingInput(overrides);
    const created = await createBooking(input, now);
    if (!created.ok) throw new Error("the slot was taken");
    const [row] = await db.db.select().from(bookings).where(eq(bookings.id, created.booking.id));
    return { input, row: row!, token: rescheduleToken(row!.cancelToken, 0) };
  }
  const emailsOf = (kind: string) => db.db.select().from(emailOutbox).where(eq(emailOutbox.kind, kind));
  const slotMap = (slots: Array<{ time: string; available: boolean }>) => Object.fromEntries(slots.map((slot) => [slot.time, slot.available]));
  const slotsOf = async (date: string, duration = "60") => {
    const page = await bookingRoute.loader(routeArgs(siteRequest(`/booking?${new URLSearchParams({ date, duration })}`)) as never);
    return slotMap(page.availability!.slots);
  };
  /** The reschedule page's own list for `date` (its fetcher's ?date=). */
  const rescheduleSlotsOf = async (token: string, date: string) => {
    const answer = await openPage(token, freshIp(), `?date=${date}`);
    if (answer.kind !== "data" || !answer.data.availability) throw new Error(`no slots: ${JSON.stringify(answer)}`);
    return slotMap(answer.data.availability.slots);
  };

  describe("the move", () => {
    it("moves the booking, frees the old slot, moves the reminder and sends the .ics with the same UID and a higher SEQUENCE", async () => {
      const { input, row, token } = await book({ sessionDate: daysAhead(10), sessionTime: "10:00" });
      expect(await openPage(token)).toMatchObject({ status: 200, data: { booking: { state: "active", bookingRef: row.bookingRef } } });
      const newDate = daysAhead(12);

      const answer = await move(token, { sessionDate: newDate, sessionTime: "14:00" });
      const newToken = rescheduleToken(row.cancelToken, 1);
      expect(answer).toMatchObject({ kind: "redirect", location: `/booking/reschedule/${newToken}?rescheduled` });
      expect(await flashToastOf(answer)).toMatchObject({ kind: "success", title: "Session rescheduled" });
      expect(await openPage(newToken, freshIp(), "?rescheduled")).toMatchObject({ data: { rescheduled: true, booking: { state: "active" } } });

      const [moved] = await db.db.select().from(bookings).where(eq(bookings.id, row.id));
      expect(moved).toMatchObject({
        sessionDate: newDate,
        sessionTime: "14:00",
        startsAt: centralInstant(newDate, "14:00"),
        endsAt: new Date(centralInstant(newDate, "14:00").getTime() + HOUR),
        sequence: 1,
        status: "pending",
      });
      // The old slot is free, the new one taken.
      expect((await slotsOf(input.sessionDate))["10:00"]).toBe(true);
      expect((await slotsOf(newDate))["14:00"]).toBe(false);

      // The reminder moved with it: the old one dropped, a new one due 24 hours before the new time.
      const [oldReminder] = await db.db.select().from(emailOutbox).where(eq(emailOutbox.id, row.reminderEmailId!));
      expect(oldReminder).toMatchObject({ status: "dropped", lastError: REMINDER_MOVED_REASON });
      const [newReminder] = await db.db.select().from(emailOutbox).where(eq(emailOutbox.id, moved!.reminderEmailId!));
      expect(newReminder).toMatchObject({ kind: BOOKING_REMINDER_KIND, status: "pending", nextAttemptAt: new Date(moved!.startsAt.getTime() - DAY) });
      expect(newReminder!.text).toContain(`/booking/reschedule/${newToken}`);

      // The notice: to the visitor, a copy to the owner, sent; its .ics moves the confirmation's event.
      const [confirmation] = await emailsOf(BOOKING_CONFIRMATION_KIND);
      const [notice] = await emailsOf(BOOKING_RESCHEDULED_KIND);
      expect(notice).toMatchObject({ to: input.email, cc: getEnv().OWNER_EMAIL, status: "sent" });
      expect(notice!.subject).toMatch(/^Assessment rescheduled: /);
      expect(notice!.text).toContain(`/booking/reschedule/${newToken}`);
      expect(notice!.text).toContain(`/booking/cancel/${row.cancelToken}`);
      const before = calendarOf(confirmation!.attachments);
      const after = calendarOf(notice!.attachments);
      expect(before).toMatchObject({ method: "REQUEST", sequence: 0, start: row.startsAt });
      expect(after).toMatchObject({ method: "REQUEST", uid: before.uid, sequence: 1, start: moved!.startsAt });
      expect(after.contentType).toContain("method=REQUEST");
      expect(after.attendee.toLowerCase()).toBe(`mailto:${input.email}`);
      expect(confirmation!.text).toContain(`/booking/reschedule/${token}`);
    });

    it("is offered on the confirmation page right after booking, next to Cancel", async () => {
      const form = bookingFields({ sessionDate: daysAhead(9) });
      const booked = answerOf(await bookingRoute.action(routeArgs(siteRequest("/booking", { form })) as never));
      const cookie = cookieHeader(booked.kind === "redirect" ? booked.setCookies : []);
      const page = (await confirmationRoute.loader(routeArgs(siteRequest("/booking/confirmation", { cookie })) as never)) as unknown as {
        data: { changeLinks: { reschedule: string; cancel: string } | null };
      };
      const [row] = await db.db.select().from(bookings);
      expect(page.data.changeLinks).toEqual({
        reschedule: `/booking/reschedule/${rescheduleToken(row!.cancelToken, 0)}`,
        cancel: `/booking/cancel/${row!.cancelToken}`,
      });
    });

    it("offers the times that overlap only the booking's own, and moves a 90-minute session onto one", async () => {
      const date = daysAhead(11);
      const { row, token } = await book({ sessionDate: date, sessionTime: "10:00", sessionDuration: "90" });
      await book({ sessionDate: date, sessionTime: "13:00" });
      // /booking sees 09:00-11:00 taken by this booking (10:00-11:30) and 12:00 by the other one.
      expect(await slotsOf(date, "90")).toMatchObject({ "09:00": false, "10:00": false, "11:00": false, "12:00": false, "13:00": false, "14:00": true });
      // The reschedule page's list lets go of its own booking's time, not of the other's.
      const listed = await rescheduleSlotsOf(token, date);
      expect(listed).toMatchObject({ "09:00": true, "10:00": true, "11:00": true, "12:00": false, "13:00": false, "14:00": true });
      // Without JavaScript, 'Show times' answers the same list.
      const shown = await move(token, { intent: "show-times", sessionDate: date });
      expect(shown.kind === "data" && slotMap(shown.data.availability.slots)).toEqual(listed);

      expect((await move(token, { sessionDate: date, sessionTime: "11:00" })).kind).toBe("redirect");
      const [moved] = await db.db.select({ startsAt: bookings.startsAt, endsAt: bookings.endsAt }).from(bookings).where(eq(bookings.id, row.id));
      expect(moved).toEqual({ startsAt: centralInstant(date, "11:00"), endsAt: centralInstant(date, "12:30") });
      // And back onto 10:00, which overlaps its new time (11:00-12:30) too.
      const next = rescheduleToken(row.cancelToken, 1);
      expect((await rescheduleSlotsOf(next, date))["10:00"]).toBe(true);
      expect((await move(next, { sessionDate: date, sessionTime: "10:00" })).kind).toBe("redirect");
      expect((await slotsOf(date, "90"))["11:00"]).toBe(false);
    });

    it("answers the page's day question for a good link without counting it, and counts a guessed link's", async () => {
      const { token } = await book({ sessionDate: daysAhead(11) });
      const ip = freshIp();
      for (let i = 0; i < 35; i++) expect((await openPage(token, ip, `?date=${daysAhead(12)}`)).status).toBe(200);
      expect((await openPage(token, ip)).status).toBe(200);
      const guess = rescheduleToken("x".repeat(32), 0);
      const answers = [];
      for (let i = 0; i < 30; i++) answers.push(await openPage(guess, ip, `?date=${daysAhead(12)}`).catch((thrown: unknown) => answerOf(thrown)));
      expect(answers.slice(0, 29).map((answer) => answer.status)).toEqual(Array(29).fill(404));
      expect(answers[29]!.status).toBe(429);
    });

    it("sends no reminder when the new time is less than 24 hours away, and drops the old one", async () => {
      const { row, token } = await book({ sessionDate: "2026-12-21", sessionTime: "10:00" }, centralInstant("2026-12-01", "09:00"));
      const target = centralInstant("2026-12-14", "13:00");
      const now = new Date(target.getTime() - 10 * HOUR);
      const form = { intent: "reschedule", sessionDate: "2026-12-14", sessionTime: "13:00" };
      expect(answerOf(await rescheduleFromLink(siteRequest(`/booking/reschedule/${token}`, { form }), token, now)).kind).toBe("redirect");
      const [moved] = await db.db.select().from(bookings).where(eq(bookings.id, row.id));
      expect(moved).toMatchObject({ startsAt: target, reminderEmailId: null });
      const [oldReminder] = await db.db.select().from(emailOutbox).where(eq(emailOutbox.id, row.reminderEmailId!));
      expect(oldReminder!.status).toBe("dropped");
      expect(await emailsOf(BOOKING_REMINDER_KIND)).toHaveLength(1);
    });
  });

  describe("the rules", () => {
    it("refuses a slot taken by another booking or blocked by the owner with the spec's message, and keeps the old slot", async () => {
      const date = daysAhead(14);
      const { row, token } = await book({ sessionDate: daysAhead(13), sessionTime: "09:00" });
      await book({ sessionDate: date, sessionTime: "11:00" });
      await db.db.insert(bookingBlocks).values({ startsAt: centralInstant(date, "15:00"), endsAt: centralInstant(date, "16:00"), note: "Dentist" });

      for (const sessionTime of ["11:00", "15:00"]) {
        const answer = await move(token, { sessionDate: date, sessionTime });
        expect(answer.status).toBe(409);
        expect(fieldErrors(answer)).toEqual({ sessionTime: [BOOKING_MESSAGES.unavailable] });
        expect(answer.kind === "data" && answer.data.availability.date).toBe(date);
      }
      const [unchanged] = await db.db.select().from(bookings).where(eq(bookings.id, row.id));
      expect(unchanged).toMatchObject({ startsAt: row.startsAt, sequence: 0 });
      expect(await emailsOf(BOOKING_RESCHEDULED_KIND)).toEqual([]);
    });

    it("applies the booking form's rules: the 3-hour lead by the server's clock, the horizon, the start slots; and not the same time", async () => {
      const { row, token } = await book({ sessionDate: "2026-12-15", sessionTime: "09:00" });
      const target = centralInstant("2026-12-14", "13:00");
      const post = (fields: Record<string, string>, now: Date) =>
        rescheduleFromLink(siteRequest(`/booking/reschedule/${token}`, { form: { intent: "reschedule", ...fields } }), token, now).then(answerOf);
      const now = new Date(target.getTime() - 3 * HOUR);
      expect(fieldErrors(await post({ sessionDate: "2026-12-14", sessionTime: "13:00" }, now))).toEqual({ sessionTime: [BOOKING_MESSAGES.leadTime] });
      const horizon = getEnv().BOOKING_HORIZON_DAYS;
      expect(fieldErrors(await post({ sessionDate: addDays(centralDate(now), horizon + 1), sessionTime: "13:00" }, now))).toEqual({
        sessionDate: [BOOKING_MESSAGES.horizon(horizon)],
      });
      expect(fieldErrors(await post({ sessionDate: "2026-12-14", sessionTime: "13:30" }, now))).toEqual({ sessionTime: [BOOKING_MESSAGES.sessionTime] });
      expect(fieldErrors(await post({ sessionDate: "2026-12-14" }, now))).toEqual({ sessionTime: [BOOKING_MESSAGES.sessionTime] });
      const earlier = new Date(now.getTime() - 1);
      expect(fieldErrors(await post({ sessionDate: "2026-12-15", sessionTime: "09:00" }, earlier))).toEqual({ sessionTime: [SAME_TIME_MESSAGE] });
      expect((await post({ sessionDate: "2026-12-14", sessionTime: "13:00" }, earlier)).kind).toBe("redirect");
      const [moved] = await db.db.select({ startsAt: bookings.startsAt }).from(bookings).where(eq(bookings.id, row.id));
      expect(moved!.startsAt).toEqual(target);
    });

    it("without JavaScript, 'Show times' answers the chosen date's slots and moves nothing", async () => {
      const date = daysAhead(15);
      const { row, token } = await book({ sessionDate: daysAhead(16) });
      await book({ sessionDate: date, sessionTime: "12:00" });
      const answer = answerOf(
        await rescheduleRoute.action(
          routeArgs(siteRequest(`/booking/reschedule/${token}`, { form: { intent: "show-times", sessionDate: date } }), freshIp(), { token }) as never,
        ),
      );
      expect(answer).toMatchObject({ kind: "data", status: 200, data: { availability: { date, duration: "60" } } });
      expect(answer.kind === "data" && answer.data.availability.slots.find((slot: { time: string }) => slot.time === "12:00").available).toBe(false);
      const [unchanged] = await db.db.select({ sequence: bookings.sequence }).from(bookings).where(eq(bookings.id, row.id));
      expect(unchanged!.sequence).toBe(0);
    });
  });

  describe("the link", () => {
    it("works once: after a move the old link says the session moved and where it is now, and changes nothing", async () => {
      const { row, token } = await book({ sessionDate: daysAhead(17) });
      expect((await move(token, { sessionDate: daysAhead(18), sessionTime: "09:00" })).kind).toBe("redirect");
      expect(await openPage(token)).toMatchObject({ status: 200, data: { booking: { state: "moved" } } });

      const again = await move(token, { sessionDate: daysAhead(19), sessionTime: "09:00" });
      expect(again).toMatchObject({ kind: "redirect", location: `/booking/reschedule/${token}` });
      expect(await flashToastOf(again)).toMatchObject({ kind: "error", title: "Link expired" });
      const [after] = await db.db.select().from(bookings).where(eq(bookings.id, row.id));
      expect(after).toMatchObject({ sessionDate: daysAhead(18), sequence: 1 });

      // The new link works.
      expect((await move(rescheduleToken(row.cancelToken, 1), { sessionDate: daysAhead(19), sessionTime: "09:00" })).kind).toBe("redirect");
      expect((await db.db.select({ sequence: bookings.sequence }).from(bookings).where(eq(bookings.id, row.id)))[0]!.sequence).toBe(2);
    });

    it("two moves of one booking at once: one wins, the other finds the link expired", async () => {
      const { row, token } = await book({ sessionDate: daysAhead(17) });
      const outcomes = await Promise.all([
        rescheduleBooking(token, { sessionDate: daysAhead(20), sessionTime: "09:00" }),
        rescheduleBooking(token, { sessionDate: daysAhead(21), sessionTime: "09:00" }),
      ]);
      expect(outcomes.map((outcome) => outcome.outcome).sort()).toEqual(["moved", "rescheduled"]);
      expect((await db.db.select({ sequence: bookings.sequence }).from(bookings).where(eq(bookings.id, row.id)))[0]!.sequence).toBe(1);
      expect(await emailsOf(BOOKING_RESCHEDULED_KIND)).toHaveLength(1);
    });

    it("answers an unknown or malformed token with 404", async () => {
      const { row } = await book();
      for (const token of [rescheduleToken("x".repeat(32), 0), row.cancelToken, `${row.cancelToken}.x`, "../../admin"]) {
        expect(await openPage(token)).toMatchObject({ status: 404, data: { booking: null } });
        expect((await move(token, { sessionDate: daysAhead(20), sessionTime: "09:00" })).status).toBe(404);
      }
    });

    it("says a cancelled booking or a held session can no longer move", async () => {
      const { row, token } = await book({ sessionDate: daysAhead(22) });
      const later = new Date(row.startsAt.getTime() + 60_000);
      const held = answerOf(
        await rescheduleFromLink(siteRequest(`/booking/reschedule/${token}`, { form: { intent: "reschedule", sessionDate: daysAhead(23), sessionTime: "09:00" } }), token, later),
      );
      expect(await flashToastOf(held)).toMatchObject({ title: "Cannot reschedule" });

      expect((await cancelBooking(row.cancelToken)).outcome).toBe("cancelled");
      // A cancel raises the version too: the link now says cancelled whatever its version.
      expect(await openPage(token)).toMatchObject({ data: { booking: { state: "cancelled" } } });
      expect(await flashToastOf(await move(token, { sessionDate: daysAhead(23), sessionTime: "09:00" }))).toMatchObject({ title: "Booking cancelled" });
      expect((await db.db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, row.id)))[0]!.status).toBe("cancelled");
    });

    it("is rate-limited per client: 30 an hour, opening the page and posting both count", async () => {
      const { token } = await book({ sessionDate: daysAhead(24) });
      const ip = freshIp();
      for (let i = 0; i < 29; i++) expect((await openPage(token, ip)).status).toBe(200);
      expect((await move(token, { sessionDate: daysAhead(25), sessionTime: "09:00" }, ip)).kind).toBe("redirect");
      const refused = await move(rescheduleToken((await db.db.select().from(bookings))[0]!.cancelToken, 1), { sessionDate: daysAhead(26), sessionTime: "09:00" }, ip);
      expect(refused.status).toBe(429);
      expect(refused.kind === "data" && refused.data.toast.description).toMatch(/^Too many reschedule requests from your network address\./);
      const refusedOpen = await openPage(token, ip).then(
        () => undefined,
        (thrown: unknown) => answerOf(thrown),
      );
      expect(refusedOpen?.status).toBe(429);
      expect((await openPage(token, freshIp())).status).toBe(200);
    });
  });

  describe("cancelling", () => {
    it("sends the owner and the visitor a METHOD:CANCEL .ics with the booking's UID and a higher SEQUENCE", async () => {
      const { input, row } = await book({ sessionDate: daysAhead(25) });
      expect((await cancelBooking(row.cancelToken)).outcome).toBe("cancelled");
      const [confirmation] = await emailsOf(BOOKING_CONFIRMATION_KIND);
      const [owner] = await emailsOf(BOOKING_CANCELLED_KIND);
      const [visitor] = await emailsOf(BOOKING_CANCEL_CONFIRMATION_KIND);
      expect(owner!.to).toBe(getEnv().OWNER_EMAIL);
      expect(visitor!.to).toBe(input.email);
      expect(visitor!.subject).toMatch(/^Assessment cancelled: /);
      const uid = calendarOf(confirmation!.attachments).uid;
      for (const email of [owner!, visitor!]) {
        expect(calendarOf(email.attachments)).toMatchObject({ method: "CANCEL", uid, sequence: 1, status: "CANCELLED" });
        expect(calendarOf(email.attachments).contentType).toContain("method=CANCEL");
      }
      expect((await db.db.select({ sequence: bookings.sequence }).from(bookings).where(eq(bookings.id, row.id)))[0]!.sequence).toBe(1);
    });
  });

  describe("50 bookings moving onto one free slot at once", () => {
    it("exactly one wins, every other keeps its old slot, and no booking is ever without one", async () => {
      const times = SLOT_TIMES;
      const booked = [];
      for (let i = 0; i < 50; i++) booked.push(await book({ sessionDate: daysAhead(30 + Math.floor(i / 9)), sessionTime: times[i % 9]! }));
      const target = { sessionDate: daysAhead(45), sessionTime: "13:00" };
      const targetStart = centralInstant(target.sessionDate, target.sessionTime);
      const original = new Map(booked.map(({ row }) => [row.id, row.startsAt.getTime()]));

      // A watcher reads the calendar while the moves run: every booking is at its old time or the
      // target, never nowhere, and at most one at the target.
      let running = true;
      let looks = 0;
      const watcher = (async () => {
        while (running) {
          const rows = await db.db.select({ id: bookings.id, startsAt: bookings.startsAt }).from(bookings).where(ne(bookings.status, "cancelled"));
          expect(rows).toHaveLength(50);
          for (const row of rows) expect([original.get(row.id), targetStart.getTime()]).toContain(row.startsAt.getTime());
          expect(rows.filter((row) => row.startsAt.getTime() === targetStart.getTime()).length).toBeLessThanOrEqual(1);
          looks += 1;
          await new Promise((resolve) => setImmediate(resolve));
        }
      })();
      const outcomes = await Promise.all(booked.map(({ token }) => rescheduleBooking(token, target)));
      running = false;
      await watcher;
      expect(looks).toBeGreaterThan(0);

      const winners = outcomes.filter((outcome) => outcome.outcome === "rescheduled");
      expect(winners).toHaveLength(1);
      expect(outcomes.filter((outcome) => outcome.outcome === "unavailable")).toHaveLength(49);
      const rows = await db.db.select().from(bookings);
      expect(rows).toHaveLength(50);
      const atTarget = rows.filter((row) => row.startsAt.getTime() === targetStart.getTime());
      expect(atTarget).toHaveLength(1);
      expect(atTarget[0]!.sequence).toBe(1);
      for (const row of rows.filter((row) => row !== atTarget[0])) {
        expect(row.startsAt.getTime()).toBe(original.get(row.id));
        expect(row.sequence).toBe(0);
      }
      // Only the winner's notice and reminder were written; every loser's reminder still stands.
      expect(await emailsOf(BOOKING_RESCHEDULED_KIND)).toHaveLength(1);
      const dropped = await db.db.select().from(emailOutbox).where(and(eq(emailOutbox.kind, BOOKING_REMINDER_KIND), eq(emailOutbox.status, "dropped")));
      expect(dropped).toHaveLength(1);
    }, 120_000);
  });
});
