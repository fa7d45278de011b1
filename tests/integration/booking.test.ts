// The visitor's side of bookings through the route modules, as a browser's form posts reach them:
// every validation message from the server, the server's clock and horizon, one winner among 50
// requests for a slot, the booking and its e-mails committing or rolling back together, the
// reminder, blocked times and the self-service cancel. On PGlite, and on PostgreSQL with
// TEST_DATABASE_URL.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { inspect } from "node:util";
import { and, eq, sql } from "drizzle-orm";
import { createCookie } from "react-router";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import * as bookingRoute from "~/routes/booking";
import * as cancelRoute from "~/routes/booking-cancel";
import * as confirmationRoute from "~/routes/booking-confirmation";
import { cancelFromLink, submitBooking } from "~/features/booking/actions.server";
import { handOverBooking, readBookingHandover } from "~/features/booking/handover.server";
import { resolveAuthSecret } from "~/lib/auth-secret.server";
import { BOOKING_CANCELLED_KIND } from "~/features/booking/booking.server";
import { BOOKING_REMINDER_KIND, REMINDER_DROPPED_REASON } from "~/features/booking/reminders.server";
import { BOOKING_MESSAGES, type LastBooking } from "~/features/booking/forms";
import { lastBookableDate } from "~/features/booking/slots";
import { centralDate, centralInstant } from "~/lib/central-time";
import { getEnv } from "~/lib/env.server";
import { UNKNOWN_FIELDS_MESSAGE } from "~/lib/form-data.server";
import { emailOutbox } from "#server/db/schema";
import { bookingBlocks, bookings } from "~/features/booking/schema";
import { BOOKING_CONFIRMATION_KIND } from "#server/email/transport.server";
import { logger } from "#server/logger.server";
import { answerOf, bookingFields, daysAhead, fieldErrors, flashToastOf } from "../support/booking-forms";
import { clearBookings } from "../support/bookings";
import { testDatabases, type TestDatabase } from "../support/databases";
import { tempDir } from "../../scripts/support/databases";
import { cookieHeader, routeArgs, siteRequest } from "../support/auth";

process.env.BETTER_AUTH_SECRET ??= "integration-test-secret-0123456789abcdef";
process.env.DATA_DIR ??= tempDir("booking-");

const DAY = 24 * 60 * 60_000;
const HOUR = 60 * 60_000;

async function post(fields: Record<string, string>) {
  return answerOf(await bookingRoute.action(routeArgs(siteRequest("/booking", { form: fields })) as never));
}

async function loadBookingPage(query: Record<string, string>) {
  const request = siteRequest(`/booking?${new URLSearchParams(query)}`);
  return bookingRoute.loader(routeArgs(request) as never);
}

describe.each(testDatabases.map((d) => [d.name, d] as const))("booking on %s", (_name, database) => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await database.open();
  });
  afterAll(() => db.close());
  beforeEach(async () => {
    await clearBookings(db);
  });

  const outbox = () =>
    db.db
      .select({ id: emailOutbox.id, kind: emailOutbox.kind, to: emailOutbox.to, cc: emailOutbox.cc, status: emailOutbox.status })
      .from(emailOutbox);

  describe("validation on the server", () => {
    it("answers every field with the spec's message and keeps what was typed", async () => {
      const answer = await post({ firstName: "A", email: "not-an-email", phone: "123", sessionDuration: "45" });
      expect(answer.status).toBe(400);
      expect(fieldErrors(answer)).toEqual({
        firstName: ["First name must be at least 2 characters"],
        lastName: ["Last name must be at least 2 characters"],
        email: ["Please enter a valid email address"],
        phone: ["Please enter a valid phone number"],
        sessionDate: ["Please select a preferred date"],
        sessionTime: ["Please select a preferred time"],
        sessionDuration: ["Please select session duration"],
        projectType: ["Please select a project type"],
        projectDescription: ["Please provide more details about your project"],
        experienceLevel: ["Please select your experience level"],
      });
      expect(answer.kind === "data" && answer.data.reply.initialValue).toMatchObject({ firstName: "A", email: "not-an-email", phone: "123" });
      expect(await db.db.select().from(bookings)).toEqual([]);
    });

    it("decides the 3-hour rule by the server's clock, at the exact edge", async () => {
      const form = bookingFields({ sessionDate: "2026-11-01", sessionTime: "09:00" }); // the day DST ends
      const startsAt = centralInstant("2026-11-01", "09:00");
      const tooLate = answerOf(await submitBooking(siteRequest("/booking", { form }), new Date(startsAt.getTime() - 3 * HOUR)));
      expect(tooLate.status).toBe(400);
      expect(fieldErrors(tooLate)).toEqual({ sessionTime: [BOOKING_MESSAGES.leadTime] });
      const inTime = answerOf(await submitBooking(siteRequest("/booking", { form }), new Date(startsAt.getTime() - 3 * HOUR - 1)));
      expect(inTime).toMatchObject({ kind: "redirect", location: "/booking/confirmation" });
    });

    it("refuses a date past the booking horizon and a time that is no slot", async () => {
      const now = new Date();
      const pastHorizon = new Date(centralInstant(lastBookableDate(now, getEnv().BOOKING_HORIZON_DAYS), "12:00").getTime() + DAY);
      expect(fieldErrors(await post(bookingFields({ sessionDate: centralDate(pastHorizon) })))).toEqual({
        sessionDate: [BOOKING_MESSAGES.horizon(getEnv().BOOKING_HORIZON_DAYS)],
      });
      expect(fieldErrors(await post(bookingFields({ sessionTime: "08:00" })))).toEqual({ sessionTime: [BOOKING_MESSAGES.sessionTime] });
      expect(fieldErrors(await post(bookingFields({ sessionTime: "10:30" })))).toEqual({ sessionTime: [BOOKING_MESSAGES.sessionTime] });
    });

    it("answers input of any shape with field messages or a plain 400, never a 500", async () => {
      const odd = new URLSearchParams(bookingFields());
      odd.set("sessionTime", "11:30");
      odd.set("firstName", "x".repeat(50_000));
      odd.set("sessionDate", "2026-02-30");
      odd.set("projectType", "<script>alert(1)</script>");
      const request = new Request(`${getEnv().SITE_URL}/booking`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: getEnv().SITE_URL },
        body: odd,
      });
      const answer = answerOf(await bookingRoute.action(routeArgs(request) as never));
      expect(answer.status).toBe(400);
      expect(Object.keys(fieldErrors(answer)).sort()).toEqual(["firstName", "projectType", "sessionDate", "sessionTime"]);

      const json = new Request(`${getEnv().SITE_URL}/booking`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: getEnv().SITE_URL },
        body: JSON.stringify(bookingFields()),
      });
      const refused = await Promise.resolve(bookingRoute.action(routeArgs(json) as never)).catch((thrown: unknown) => thrown);
      expect(refused).toMatchObject({ init: { status: 400 } });

      // The same field twice, or one the form does not have: a plain 400 before any parsing.
      for (const extra of [["sessionTime", "11:00"], ["isAdmin", "1"]] as const) {
        const form = new URLSearchParams(bookingFields());
        form.append(extra[0], extra[1]);
        const request = new Request(`${getEnv().SITE_URL}/booking`, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded", origin: getEnv().SITE_URL },
          body: form,
        });
        const thrown = await Promise.resolve(bookingRoute.action(routeArgs(request) as never)).catch((error: unknown) => error);
        expect(thrown, extra[0]).toMatchObject({ data: UNKNOWN_FIELDS_MESSAGE, init: { status: 400 } });
      }
      expect(await db.db.select().from(bookings)).toEqual([]);
    });

    it("strips what the database cannot store (a NUL) from free text, and answers text of nothing else with the field's message", async () => {
      const form = bookingFields({
        firstName: "Ada\u0000",
        lastName: "Love\u0000lace",
        phone: "316-555-0100\u0000",
        projectDescription: "Spindle \u0000utilisation is low.",
        specificGoals: "\u0000",
        additionalRequirements: "ITAR\u0000",
      });
      expect(await post(form)).toMatchObject({ kind: "redirect", location: "/booking/confirmation" });
      const [saved] = await db.db
        .select({
          firstName: bookings.firstName,
          lastName: bookings.lastName,
          phone: bookings.phone,
          projectDescription: bookings.projectDescription,
          specificGoals: bookings.specificGoals,
          additionalRequirements: bookings.additionalRequirements,
        })
        .from(bookings);
      expect(saved).toEqual({
        firstName: "Ada",
        lastName: "Lovelace",
        phone: "316-555-0100",
        projectDescription: "Spindle utilisation is low.",
        specificGoals: "",
        additionalRequirements: "ITAR",
      });

      const nothingElse = await post(bookingFields({ firstName: "\u0000\u0000\u0000", email: "ada\u0000@example.com" }));
      expect(nothingElse.status).toBe(400);
      expect(fieldErrors(nothingElse)).toEqual({ firstName: [BOOKING_MESSAGES.firstName], email: [BOOKING_MESSAGES.email] });
    });

    it("answers a date far past the horizon (year 9999) with the horizon's message, and the page for it with no open slot", async () => {
      const horizon = getEnv().BOOKING_HORIZON_DAYS;
      const answer = await post(bookingFields({ sessionDate: "9999-12-31" }));
      expect(answer.status).toBe(400);
      expect(fieldErrors(answer)).toEqual({ sessionDate: [BOOKING_MESSAGES.horizon(horizon)] });
      expect(answer.kind === "data" && answer.data.availability.slots.some((slot: { available: boolean }) => slot.available)).toBe(false);

      const page = (await loadBookingPage({ date: "9999-12-31", duration: "90" })) as Awaited<ReturnType<typeof bookingRoute.loader>>;
      expect(page.availability).toMatchObject({ date: "9999-12-31", duration: "90" });
      expect(page.availability!.slots.filter((slot) => slot.available)).toEqual([]);
    });
  });

  describe("a booking", () => {
    it("is saved with its confirmation (cc the owner, .ics, cancel link) and its reminder, then hands over to the confirmation page", async () => {
      const form = bookingFields({ sessionDate: daysAhead(12), sessionTime: "14:00", sessionDuration: "90" });
      const answer = await post(form);
      expect(answer).toMatchObject({ kind: "redirect", status: 302, location: "/booking/confirmation" });
      expect(await flashToastOf(answer)).toEqual({ kind: "success", title: "Booking confirmed!" });

      const [saved] = await db.db.select().from(bookings);
      expect(saved).toMatchObject({
        firstName: "Ada",
        email: form.email,
        sessionDate: form.sessionDate,
        sessionTime: "14:00",
        sessionDuration: 90,
        status: "pending",
        specificGoals: "Shorter setups",
        additionalRequirements: null,
      });
      expect(saved!.bookingRef).toMatch(/^booking_\d{13}$/);
      expect(saved!.startsAt.toISOString()).toBe(centralInstant(form.sessionDate!, "14:00").toISOString());
      expect(saved!.endsAt.getTime() - saved!.startsAt.getTime()).toBe(90 * 60_000);

      const [confirmation] = await db.db.select().from(emailOutbox).where(eq(emailOutbox.kind, BOOKING_CONFIRMATION_KIND));
      expect(confirmation).toMatchObject({ to: form.email, cc: getEnv().OWNER_EMAIL, status: "sent" });
      expect(confirmation!.attachments.map((file) => file.filename)).toEqual(["assessment.ics"]);
      expect(confirmation!.text).toContain(`${getEnv().SITE_URL}/booking/cancel/${saved!.cancelToken}`);
      expect(confirmation!.templateParams).toMatchObject({ booking_id: saved!.bookingRef, cc_email: getEnv().OWNER_EMAIL });

      const [reminder] = await db.db.select().from(emailOutbox).where(eq(emailOutbox.kind, BOOKING_REMINDER_KIND));
      expect(reminder).toMatchObject({ id: saved!.reminderEmailId, to: form.email, status: "pending" });
      expect(reminder!.nextAttemptAt.toISOString()).toBe(new Date(saved!.startsAt.getTime() - DAY).toISOString());

      // The confirmation page gets the booking as localStorage.lastBooking keeps it.
      const page = await confirmationRoute.loader(
        routeArgs(siteRequest("/booking/confirmation", { cookie: cookieHeader(answer.kind === "redirect" ? answer.setCookies : []) })) as never,
      );
      const lastBooking = (page as unknown as { data: { booking: LastBooking; emailError: string | null } }).data;
      expect(lastBooking.emailError).toBeNull();
      expect(lastBooking.booking).toEqual({
        firstName: "Ada",
        lastName: "Lovelace",
        email: form.email,
        phone: "316-555-0100",
        sessionDate: centralInstant(form.sessionDate!, "00:00").toISOString(),
        sessionTime: "14:00",
        sessionDuration: "90",
        projectType: "Process Optimization",
        projectDescription: "Spindle utilisation on second shift is low.",
        experienceLevel: "beginner",
        specificGoals: "Shorter setups",
        additionalRequirements: "",
        bookingId: saved!.bookingRef,
        createdAt: saved!.createdAt.toISOString(),
      });
    });

    it("schedules no reminder for a session less than 24 hours away", async () => {
      const form = bookingFields({ sessionDate: "2026-03-09", sessionTime: "09:00" });
      const startsAt = centralInstant("2026-03-09", "09:00");
      const answer = answerOf(await submitBooking(siteRequest("/booking", { form }), new Date(startsAt.getTime() - DAY + 1)));
      expect(answer).toMatchObject({ kind: "redirect", location: "/booking/confirmation" });
      const [saved] = await db.db.select({ reminderEmailId: bookings.reminderEmailId }).from(bookings);
      expect(saved!.reminderEmailId).toBeNull();
      expect((await outbox()).map((row) => row.kind)).toEqual([BOOKING_CONFIRMATION_KIND]);
    });

    it("is saved when the confirmation cannot be sent: 'Booking saved', and the banner's reason for the confirmation page", async () => {
      const mailDir = path.resolve(getEnv().DATA_DIR, "mail");
      fs.rmSync(mailDir, { recursive: true, force: true });
      fs.writeFileSync(mailDir, "a file where the mail directory should be");
      try {
        const answer = await post(bookingFields({ sessionDate: daysAhead(13) }));
        expect(await flashToastOf(answer)).toEqual({
          kind: "error",
          title: "Booking saved",
          description: "Your booking was saved but we couldn't send the confirmation email. We'll contact you manually.",
        });
        expect(await db.db.select({ id: bookings.id }).from(bookings)).toHaveLength(1);
        const cookie = cookieHeader(answer.kind === "redirect" ? answer.setCookies : []);
        const page = (await confirmationRoute.loader(routeArgs(siteRequest("/booking/confirmation", { cookie })) as never)) as unknown as {
          data: { booking: LastBooking | null; emailError: string | null };
        };
        expect(page.data.booking).not.toBeNull();
        // The reason without its details (a local path here), which only the log gets.
        expect(page.data.emailError).toBe("Could not write the message file");
        const [confirmation] = await db.db.select().from(emailOutbox).where(eq(emailOutbox.kind, BOOKING_CONFIRMATION_KIND));
        expect(confirmation).toMatchObject({ status: "pending", attempts: 2 });
      } finally {
        fs.rmSync(mailDir, { force: true });
      }
    });
    it("is shown on the confirmation page only through the cookie this site signed: a forged or altered one shows nothing", async () => {
      const answer = await post(bookingFields({ firstName: "Signed" }));
      expect(answer.kind).toBe("redirect");
      const [saved] = await db.db.select({ id: bookings.id }).from(bookings);
      const confirmation = async (cookie: string) =>
        ((await confirmationRoute.loader(routeArgs(siteRequest("/booking/confirmation", { cookie })) as never)) as unknown as {
          data: { booking: LastBooking | null };
        }).data.booking;

      const signed = cookieHeader(answer.kind === "redirect" ? answer.setCookies : []);
      expect((await confirmation(signed))?.firstName).toBe("Signed");
      // Written as the site wrote it before it signed: the booking's id, no signature.
      const forged = (await createCookie("last_booking").serialize({ id: saved!.id })).split(";")[0]!;
      expect(await confirmation(forged)).toBeNull();
      // The signed value with another id in it: the signature no longer matches.
      const [name, value] = signed.match(/last_booking=([^;]+)/)![0].split("=") as [string, string];
      const [payload, signature] = decodeURIComponent(value).split(".") as [string, string];
      const altered = btoa(atob(payload).replace(/"id":"[^"]+"/, `"id":"${saved!.id.replace(/.$/, (c) => (c === "0" ? "1" : "0"))}"`));
      expect(altered).not.toBe(payload);
      expect(await confirmation(`${name}=${encodeURIComponent(`${altered}.${signature}`)}`)).toBeNull();
    });

    it("hands the booking over in React Router's signed cookie format, signed in one synchronous call, whatever the text", async () => {
      const id = "0b6f3a52-8c4e-4f1e-9a57-2d1c0e9b7a10";
      const emailError = "Zustellung fehlgeschlagen — “smtp” ✉";
      const header = handOverBooking({ id, emailError });
      // A string at once, not a promise (no trip to the thread pool).
      expect(typeof header).toBe("string");
      expect(header).toMatch(/^last_booking=[^;]+; Max-Age=3600; Path=\/booking; HttpOnly; SameSite=Lax$/);
      const cookie = header.split(";")[0]!;
      expect(await readBookingHandover(siteRequest("/booking/confirmation", { cookie }))).toEqual({ id, emailError });
      // Byte for byte what React Router's signed cookie writes with the same key and options.
      const env = getEnv();
      const secret = resolveAuthSecret({ configured: env.BETTER_AUTH_SECRET, dataDir: env.DATA_DIR });
      const key = crypto.createHmac("sha256", secret).update("last_booking cookie").digest("base64url");
      const reactRouters = createCookie("last_booking", { path: "/booking", httpOnly: true, sameSite: "lax", maxAge: 3600, secrets: [key] });
      expect(header).toBe(await reactRouters.serialize({ id, emailError }));
    });
  });

  describe("the booking and its e-mails", () => {
    async function withConstraint(table: string, check: string, run: () => Promise<void>) {
      await db.db.execute(sql.raw(`alter table ${table} add constraint test_refuse check (${check})`));
      try {
        await run();
      } finally {
        await db.db.execute(sql.raw(`alter table ${table} drop constraint test_refuse`));
      }
    }

    it("roll back together when the reminder cannot be queued: 'Booking failed', the form kept, nothing personal logged", async () => {
      const logged = vi.spyOn(logger, "error");
      await withConstraint("email_outbox", `kind <> '${BOOKING_REMINDER_KIND}'`, async () => {
        const answer = await post(bookingFields({ firstName: "Grace", email: "grace-logged@example.com", phone: "316-555-0199" }));
        // The failed statement's parameters (the visitor's details, the rendered e-mails) stay out of the log.
        expect(logged).toHaveBeenCalledOnce();
        const entry = inspect(logged.mock.calls, { depth: 20 });
        for (const personal of ["Grace", "grace-logged@example.com", "316-555-0199", "Spindle utilisation"]) expect(entry).not.toContain(personal);
        expect(logged.mock.calls[0]![0]).toMatchObject({ error: { code: "23514", constraint: "test_refuse" } });
        logged.mockRestore();
        expect(answer.status).toBe(500);
        expect(answer.kind === "data" && answer.data.toast).toEqual({
          kind: "error",
          title: "Booking failed",
          description: "Something went wrong. Please try again.",
        });
        expect(answer.kind === "data" && answer.data.reply.initialValue).toMatchObject({ firstName: "Grace", sessionTime: "10:00" });
      });
      expect(await db.db.select().from(bookings)).toEqual([]);
      expect(await outbox()).toEqual([]);
    });

    it("roll back together when the booking itself cannot be saved after its e-mails were queued", async () => {
      await withConstraint("bookings", "first_name <> 'Rollback'", async () => {
        expect((await post(bookingFields({ firstName: "Rollback" }))).status).toBe(500);
      });
      expect(await db.db.select().from(bookings)).toEqual([]);
      expect(await outbox()).toEqual([]);
    });
  });

  describe("taken slots", () => {
    it("50 simultaneous requests for one slot make exactly one booking", async () => {
      const sessionDate = daysAhead(20);
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          post(bookingFields({ sessionDate, sessionTime: "13:00", sessionDuration: ["30", "60", "90"][i % 3]! })),
        ),
      );
      const booked = answers.filter((answer) => answer.kind === "redirect");
      expect(booked).toHaveLength(1);
      const refused = answers.filter((answer) => answer.kind === "data");
      expect(refused).toHaveLength(49);
      for (const answer of refused) {
        expect(answer.status).toBe(409);
        expect(fieldErrors(answer)).toEqual({ sessionTime: [BOOKING_MESSAGES.unavailable] });
      }
      expect(await db.db.select({ id: bookings.id }).from(bookings)).toHaveLength(1);
      // Only the winner's e-mails exist: the losers' rolled back with their bookings.
      expect((await outbox()).map((row) => row.kind).sort()).toEqual([BOOKING_CONFIRMATION_KIND, BOOKING_REMINDER_KIND]);
    });

    it("are shown '(Unavailable)' for the chosen duration and refused with a message on the time field", async () => {
      const sessionDate = daysAhead(21);
      expect((await post(bookingFields({ sessionDate, sessionTime: "11:00", sessionDuration: "60" }))).kind).toBe("redirect");

      const availability = async (duration: string) => {
        const page = await loadBookingPage({ date: sessionDate, duration });
        return Object.fromEntries(page.availability!.slots.map((slot) => [slot.time, slot.available]));
      };
      expect(await availability("60")).toMatchObject({ "10:00": true, "11:00": false, "12:00": true });
      expect(await availability("90")).toMatchObject({ "09:00": true, "10:00": false, "11:00": false, "12:00": true });

      const overlapping = await post(bookingFields({ sessionDate, sessionTime: "10:00", sessionDuration: "90" }));
      expect(overlapping.status).toBe(409);
      expect(fieldErrors(overlapping)).toEqual({ sessionTime: [BOOKING_MESSAGES.unavailable] });
      // The answer carries the day's slots, so a page without JavaScript marks them too.
      expect(overlapping.kind === "data" && overlapping.data.availability.slots[1]).toMatchObject({ time: "10:00", available: false });
      expect((await post(bookingFields({ sessionDate, sessionTime: "10:00", sessionDuration: "60" }))).kind).toBe("redirect");
    });

    it("include the owner's blocked times", async () => {
      const sessionDate = daysAhead(22);
      await db.db.insert(bookingBlocks).values({
        startsAt: centralInstant(sessionDate, "13:30"),
        endsAt: centralInstant(sessionDate, "15:00"),
        note: "Shop visit",
      });
      const page = await loadBookingPage({ date: sessionDate, duration: "30" });
      expect(page.availability!.slots.filter((slot) => !slot.available).map((slot) => slot.time)).toEqual(["14:00"]);
      const blocked = await post(bookingFields({ sessionDate, sessionTime: "13:00", sessionDuration: "60" }));
      expect(fieldErrors(blocked)).toEqual({ sessionTime: [BOOKING_MESSAGES.unavailable] });
      expect(await outbox()).toEqual([]);
      expect((await post(bookingFields({ sessionDate, sessionTime: "13:00", sessionDuration: "30" }))).kind).toBe("redirect");
    });
  });

  describe("cancelling through the link", () => {
    async function book(overrides: Record<string, string> = {}) {
      const form = bookingFields({ sessionDate: daysAhead(30), ...overrides });
      expect((await post(form)).kind).toBe("redirect");
      const [row] = await db.db.select().from(bookings).where(eq(bookings.email, form.email!));
      return { form, row: row! };
    }
    const cancel = async (token: string) =>
      answerOf(
        await cancelRoute.action(
          routeArgs(siteRequest(`/booking/cancel/${token}`, { form: { intent: "cancel" } }), undefined, { token }) as never,
        ),
      );
    const cancelPage = async (token: string) =>
      answerOf(await cancelRoute.loader(routeArgs(siteRequest(`/booking/cancel/${token}`), undefined, { token }) as never));

    it("cancels, frees the slot, drops the reminder and tells the owner; a second click says it is already cancelled", async () => {
      const { form, row } = await book();
      expect(await cancelPage(row.cancelToken)).toMatchObject({
        status: 200,
        // The page offers the move instead: the reschedule link of the booking's current version.
        data: { booking: { state: "active", bookingRef: row.bookingRef, reschedulePath: `/booking/reschedule/${row.cancelToken}.${row.sequence}` } },
      });

      const answer = await cancel(row.cancelToken);
      expect(answer).toMatchObject({ kind: "redirect", location: `/booking/cancel/${row.cancelToken}` });
      expect(await flashToastOf(answer)).toMatchObject({ kind: "success", title: "Booking cancelled" });

      const [cancelled] = await db.db.select().from(bookings).where(eq(bookings.id, row.id));
      expect(cancelled!.status).toBe("cancelled");
      expect(cancelled!.cancelledAt).toBeInstanceOf(Date);
      const [reminder] = await db.db.select().from(emailOutbox).where(eq(emailOutbox.id, row.reminderEmailId!));
      expect(reminder).toMatchObject({ status: "dropped", lastError: REMINDER_DROPPED_REASON });
      const [notice] = await db.db.select().from(emailOutbox).where(eq(emailOutbox.kind, BOOKING_CANCELLED_KIND));
      expect(notice).toMatchObject({ to: getEnv().OWNER_EMAIL, status: "sent" });

      // The slot is free again, and can be booked.
      const page = await loadBookingPage({ date: form.sessionDate!, duration: "60" });
      expect(page.availability!.slots.find((slot) => slot.time === form.sessionTime)?.available).toBe(true);
      expect((await post(bookingFields({ sessionDate: form.sessionDate!, sessionTime: form.sessionTime! }))).kind).toBe("redirect");

      expect(await flashToastOf(await cancel(row.cancelToken))).toMatchObject({ title: "Already cancelled" });
      expect(await cancelPage(row.cancelToken)).toMatchObject({ data: { booking: { state: "cancelled" } } });
      const notices = await db.db.select().from(emailOutbox).where(and(eq(emailOutbox.kind, BOOKING_CANCELLED_KIND)));
      expect(notices).toHaveLength(1);
    });

    it("does not cancel a session that has begun", async () => {
      const { row } = await book();
      const later = new Date(row.startsAt.getTime() + 60_000);
      const request = siteRequest(`/booking/cancel/${row.cancelToken}`, { form: { intent: "cancel" } });
      expect(await flashToastOf(answerOf(await cancelFromLink(request, row.cancelToken, later)))).toMatchObject({ title: "Cannot cancel" });
      const [unchanged] = await db.db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, row.id));
      expect(unchanged!.status).toBe("pending");
    });

    it("answers an unknown or malformed token with 404", async () => {
      await book();
      for (const token of ["x".repeat(32), "not a token", "../../admin"]) {
        expect(await cancelPage(token)).toMatchObject({ status: 404, data: { booking: null } });
        expect((await cancel(token)).status).toBe(404);
      }
    });

    it("refuses a post that is not the cancel form", async () => {
      const { row } = await book();
      const request = siteRequest(`/booking/cancel/${row.cancelToken}`, { form: { intent: "delete" } });
      expect(answerOf(await cancelFromLink(request, row.cancelToken)).status).toBe(400);
      const [unchanged] = await db.db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, row.id));
      expect(unchanged!.status).toBe("pending");
    });
  });
});
