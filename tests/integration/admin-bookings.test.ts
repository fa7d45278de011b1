// The owner's side of bookings (/admin/bookings): the list's order and filters, status changes
// (the confirmation e-mail commits or rolls back with the status; cancelling frees the slot and
// drops the reminder), the CSV export, blocked times and the dashboard's count.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getAdminOverview } from "~/features/admin-dashboard/overview.server";
import { blockActionFromAdmin, changeBookingStatus, changeStatusFromAdmin } from "~/features/booking/admin-actions.server";
import { bookingsCsvResponse } from "~/features/booking/admin-csv.server";
import { countUpcomingBookings, listBookings } from "~/features/booking/admin-data.server";
import { getBookingsPage, getBookingView } from "~/features/booking/admin-pages.server";
import { createBlock, deleteBlock, listBlocksBetween, listUpcomingBlocks } from "~/features/booking/blocks.server";
import { emailOutbox } from "#server/db/schema";
import { bookings } from "~/features/booking/schema";
import { enqueueEmail } from "#server/email/outbox.server";
import { clearBookings } from "../support/bookings";
import { testDatabases, type TestDatabase } from "../support/databases";
import { tempDir } from "../../scripts/support/databases";
import { siteRequest } from "../support/auth";

process.env.DATA_DIR ??= tempDir("admin-bookings-");

// Tuesday 10 March 2026, 10:00 in Chicago (CDT, UTC-5: DST began on Sunday 8 March).
const NOW = new Date("2026-03-10T15:00:00Z");

type NewBooking = typeof bookings.$inferInsert;
let sequence = 0;

/** A booking at `date` `time` Central Time (CDT in these tests: UTC-5 from 8 March). */
function booking(date: string, time: string, overrides: Partial<NewBooking> = {}): NewBooking {
  sequence += 1;
  const duration = overrides.sessionDuration ?? 60;
  const startsAt = new Date(`${date}T${time}:00-05:00`);
  return {
    bookingRef: `booking_${1_700_000_000_000 + sequence}`,
    firstName: "Ada",
    lastName: `Visitor${sequence}`,
    email: `visitor${sequence}@example.com`,
    phone: "316-555-0100",
    sessionDate: date,
    sessionTime: time,
    sessionDuration: duration,
    projectType: "Process Optimization",
    projectDescription: "Spindle utilisation on the second shift is low.",
    experienceLevel: "intermediate",
    startsAt,
    endsAt: new Date(startsAt.getTime() + duration * 60_000),
    cancelToken: `token-${sequence}-${Math.random().toString(36).slice(2)}`,
    ...overrides,
  };
}

const refsOf = (rows: Array<{ bookingRef: string }>) => rows.map((row) => row.bookingRef);

/** What a route action answered with data(): its body and status. */
function answer<T>(value: unknown) {
  const response = value as { data: T; init: { status?: number } | null };
  return { body: response.data, status: response.init?.status ?? 200 };
}

async function thrownStatus(run: () => Promise<unknown>) {
  const error = await run().then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  return (error as { init?: { status?: number } } | undefined)?.init?.status;
}

describe.each(testDatabases.map((d) => [d.name, d] as const))("admin bookings on %s", (_name, database) => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await database.open();
  });
  afterAll(() => db.close());

  beforeEach(async () => {
    await clearBookings(db);
  });

  async function insert(...rows: NewBooking[]) {
    return db.db.insert(bookings).values(rows).returning({ id: bookings.id, bookingRef: bookings.bookingRef });
  }

  /** Six bookings around NOW: past, in progress, upcoming, cancelled. */
  async function seedWeek() {
    const [completed, confirmedPast, inProgress, confirmedSoon, pendingLater, cancelled] = await insert(
      booking("2026-03-02", "09:00", { status: "completed" }),
      booking("2026-03-05", "13:00", { status: "confirmed" }),
      // 09:00–10:30 CT: under way at NOW.
      booking("2026-03-10", "09:00", { status: "confirmed", sessionDuration: 90 }),
      booking("2026-03-11", "14:00", { status: "confirmed" }),
      booking("2026-03-12", "09:00"),
      booking("2026-03-20", "10:00", { status: "cancelled", cancelledAt: NOW }),
    );
    return { completed: completed!, confirmedPast: confirmedPast!, inProgress: inProgress!, confirmedSoon: confirmedSoon!, pendingLater: pendingLater!, cancelled: cancelled! };
  }

  describe("the list", () => {
    it("shows bookings not over yet first (soonest first, one in progress included), then past ones (latest first)", async () => {
      const week = await seedWeek();
      expect(refsOf(await listBookings({}, { now: NOW, limit: 100, offset: 0 }))).toEqual(
        refsOf([week.inProgress, week.confirmedSoon, week.pendingLater, week.cancelled, week.confirmedPast, week.completed]),
      );
      const page = await getBookingsPage(new URL("http://site.test/admin/bookings"), NOW);
      expect(page.bookings.map((row) => [row.bookingRef, row.upcoming])).toEqual([
        [week.inProgress.bookingRef, true],
        [week.confirmedSoon.bookingRef, true],
        [week.pendingLater.bookingRef, true],
        [week.cancelled.bookingRef, true],
        [week.confirmedPast.bookingRef, false],
        [week.completed.bookingRef, false],
      ]);
      // Central Time, as the visitor chose it.
      expect(page.bookings[0]).toMatchObject({ date: "Tue, Mar 10, 2026", time: "9:00 AM – 10:30 AM CT", duration: 90 });
      expect(page.countByStatus).toEqual({ pending: 1, confirmed: 3, completed: 1, cancelled: 1 });
    });

    it("filters by status and by session date (both ends included), from the query string", async () => {
      const week = await seedWeek();
      const pageFor = (query: string) => getBookingsPage(new URL(`http://site.test/admin/bookings${query}`), NOW);

      expect(refsOf((await pageFor("?status=confirmed")).bookings)).toEqual(
        refsOf([week.inProgress, week.confirmedSoon, week.confirmedPast]),
      );
      const range = await pageFor("?from=2026-03-05&to=2026-03-11");
      expect(refsOf(range.bookings)).toEqual(refsOf([week.inProgress, week.confirmedSoon, week.confirmedPast]));
      expect(range.countByStatus).toEqual({ pending: 0, confirmed: 3, completed: 0, cancelled: 0 });
      expect(refsOf((await pageFor("?status=pending&from=2026-03-12&to=2026-03-12")).bookings)).toEqual([week.pendingLater.bookingRef]);
      expect((await pageFor("?status=cancelled&to=2026-03-19")).bookings).toEqual([]);

      // Nonsense is dropped, not refused; a reversed range is named and set aside.
      const odd = await pageFor("?status=lost&from=2026-02-30&page=abc");
      expect(odd.filters).toEqual({ status: null, from: null, to: null });
      expect(odd.bookings).toHaveLength(6);
      const reversed = await pageFor("?from=2026-03-12&to=2026-03-01");
      expect(reversed.rangeError).toMatch(/end date must be on or after the start date/);
      expect(reversed.bookings).toHaveLength(6);
    });

    it("pages through long lists, 50 at a time", async () => {
      const rows = Array.from({ length: 55 }, (_, i) => booking(`2026-04-${String(1 + (i % 28)).padStart(2, "0")}`, `${String(9 + Math.floor(i / 28)).padStart(2, "0")}:00`));
      await insert(...rows);
      const first = await getBookingsPage(new URL("http://site.test/admin/bookings"), NOW);
      const second = await getBookingsPage(new URL("http://site.test/admin/bookings?page=2"), NOW);
      expect([first.pageCount, first.bookings.length, second.page, second.bookings.length]).toEqual([2, 50, 2, 5]);
      const beyond = await getBookingsPage(new URL("http://site.test/admin/bookings?page=9"), NOW);
      expect(beyond.page).toBe(2);
    });

    it("shows one booking with every field, and answers 404 for an unknown or malformed id", async () => {
      const [row] = await insert(booking("2026-03-12", "09:00", { specificGoals: "Cut setup time", additionalRequirements: null }));
      const view = await getBookingView(row!.id, new URL("http://site.test/admin/bookings/x"), NOW);
      expect(view).toMatchObject({
        bookingRef: row!.bookingRef,
        status: "pending",
        date: "Thu, Mar 12, 2026",
        time: "9:00 AM – 10:00 AM CT",
        requested: "2026-03-12 at 09:00 CT",
        experienceLevel: "Medium manufacturing facility",
        specificGoals: "Cut setup time",
        additionalRequirements: null,
        changes: ["confirmed", "cancelled"],
        confirmCancel: false,
      });
      expect(view).not.toHaveProperty("cancelToken");
      const asking = await getBookingView(row!.id, new URL("http://site.test/admin/bookings/x?confirm=cancel"), NOW);
      expect(asking.confirmCancel).toBe(true);

      const url = new URL("http://site.test/admin/bookings/x");
      expect(await thrownStatus(() => getBookingView("00000000-0000-4000-8000-000000000000", url, NOW))).toBe(404);
      expect(await thrownStatus(() => getBookingView("not-a-uuid", url, NOW))).toBe(404);
    });
  });

  describe("status changes", () => {
    it("confirming a pending booking e-mails the visitor in the same transaction, once", async () => {
      const [row] = await insert(booking("2026-03-12", "09:00", { email: "ada@example.com" }));
      const change = await changeBookingStatus(row!.id, "confirmed", NOW);
      expect(change).toMatchObject({ ok: true, previous: "pending", email: { ok: true } });

      const [stored] = await db.db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, row!.id));
      expect(stored!.status).toBe("confirmed");
      const mails = await db.db.select().from(emailOutbox);
      expect(mails).toHaveLength(1);
      expect(mails[0]).toMatchObject({ kind: "booking_confirmed", to: "ada@example.com", status: "sent" });
      expect(mails[0]!.subject).toBe("Your assessment is confirmed: Thu, Mar 12, 2026 at 9:00 AM CT");
      expect(mails[0]!.text).toContain(row!.bookingRef);

      // A second click finds it confirmed: no second e-mail.
      expect(await changeBookingStatus(row!.id, "confirmed", NOW)).toMatchObject({ ok: false, reason: "refused" });
      expect(await db.db.select().from(emailOutbox)).toHaveLength(1);
    });

    it("rolls the status back when the confirmation e-mail cannot be queued", async () => {
      const [row] = await insert(booking("2026-03-12", "09:00"));
      await db.db.execute(sql`
        create function refuse_confirmations() returns trigger language plpgsql as $$
        begin raise exception 'outbox refused'; end $$`);
      await db.db.execute(sql`
        create trigger refuse_confirmations before insert on email_outbox
        for each row when (new.kind = 'booking_confirmed') execute function refuse_confirmations()`);
      try {
        await expect(changeBookingStatus(row!.id, "confirmed", NOW)).rejects.toThrow();
        const [stored] = await db.db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, row!.id));
        expect(stored!.status).toBe("pending");
        expect(await db.db.select().from(emailOutbox)).toHaveLength(0);
      } finally {
        await db.db.execute(sql`drop trigger refuse_confirmations on email_outbox`);
        await db.db.execute(sql`drop function refuse_confirmations`);
      }
    });

    it("cancelling frees the slot for a new booking and drops the pending reminder", async () => {
      const [taken] = await insert(booking("2026-03-12", "09:00", { status: "confirmed" }));
      const reminder = await enqueueEmail({
        kind: "booking_reminder",
        to: "visitor@example.com",
        subject: "Tomorrow",
        html: "<p>Tomorrow</p>",
        text: "Tomorrow",
        sendAt: new Date("2026-03-11T14:00:00Z"),
      });
      await db.db.update(bookings).set({ reminderEmailId: reminder.id }).where(eq(bookings.id, taken!.id));
      await expect(insert(booking("2026-03-12", "09:00"))).rejects.toThrow();

      const change = await changeBookingStatus(taken!.id, "cancelled", NOW);
      expect(change).toMatchObject({ ok: true, previous: "confirmed", email: null });
      const [stored] = await db.db.select().from(bookings).where(eq(bookings.id, taken!.id));
      expect(stored).toMatchObject({ status: "cancelled", cancelledAt: NOW });
      const [reminderRow] = await db.db.select().from(emailOutbox).where(eq(emailOutbox.id, reminder.id));
      expect(reminderRow!.status).toBe("dropped");

      const [again] = await insert(booking("2026-03-12", "09:00"));
      expect(again!.id).toBeTruthy();
    });

    it("refuses what makes no sense: leaving cancelled, completing a session before it starts", async () => {
      const week = await seedWeek();
      expect(await changeBookingStatus(week.cancelled.id, "pending", NOW)).toMatchObject({
        ok: false,
        message: expect.stringMatching(/cancelled booking stays cancelled/),
      });
      expect(await changeBookingStatus(week.pendingLater.id, "completed", NOW)).toMatchObject({
        ok: false,
        message: expect.stringMatching(/once it has started/),
      });
      expect(await changeBookingStatus(week.inProgress.id, "completed", NOW)).toMatchObject({ ok: true });
      expect(await changeBookingStatus(week.completed.id, "cancelled", NOW)).toMatchObject({ ok: false });
      expect(await changeBookingStatus("00000000-0000-4000-8000-000000000000", "confirmed", NOW)).toEqual({ ok: false, reason: "not-found" });
    });

    it("the action answers with a toast (a refusal too), 404 for unknown ids and 400 for a form it does not know", async () => {
      const [row] = await insert(booking("2026-03-12", "09:00"));
      const post = (id: string, form: Record<string, string>) =>
        changeStatusFromAdmin(siteRequest(`/admin/bookings/${id}`, { form }), id, NOW);

      const confirmed = answer<{ ok: boolean; toast: { title: string; description?: string } }>(
        await post(row!.id, { intent: "set-status", status: "confirmed" }),
      );
      expect(confirmed.status).toBe(200);
      expect(confirmed.body.toast).toMatchObject({ kind: "success", title: "Booking confirmed" });
      const refused = answer<{ ok: boolean; toast: { title: string } }>(await post(row!.id, { intent: "set-status", status: "confirmed" }));
      // 200 all the same, so the page reloads the booking as it now is.
      expect([refused.status, refused.body.ok, refused.body.toast.title]).toEqual([200, false, "Status not changed"]);

      expect(await thrownStatus(() => post(row!.id, { intent: "set-status", status: "lost" }))).toBe(400);
      expect(await thrownStatus(() => post(row!.id, { intent: "guard-probe" }))).toBe(400);
      expect(await thrownStatus(() => post("00000000-0000-4000-8000-000000000000", { intent: "set-status", status: "confirmed" }))).toBe(404);
      expect(await thrownStatus(() => post("1' or '1'='1", { intent: "set-status", status: "confirmed" }))).toBe(404);
    });
  });

  describe("the CSV export", () => {
    it("exports the filtered list in the list's order, quoted, with formulas made plain text", async () => {
      const week = await seedWeek();
      await insert(
        booking("2026-03-13", "11:00", {
          firstName: '=HYPERLINK("http://evil.example","Click")',
          lastName: "@SUM(A1)",
          phone: "+1 316 555 0100",
          projectDescription: 'Two lines,\nwith "quotes" and commas',
          specificGoals: "-5% scrap",
        }),
      );
      const response = await bookingsCsvResponse(new URL("http://site.test/admin/bookings/export.csv?from=2026-03-10&to=2026-03-13"), NOW);
      expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
      expect(response.headers.get("content-disposition")).toBe('attachment; filename="bookings-from-2026-03-10-to-2026-03-13.csv"');
      expect(response.headers.get("cache-control")).toBe("no-store");
      const bytes = new Uint8Array(await response.arrayBuffer());
      // A byte-order mark first, so spreadsheets read UTF-8.
      expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const body = new TextDecoder().decode(bytes);
      const lines = body.split("\r\n");
      expect(lines[0]).toBe(
        '"Booking ID","Status","Session date (CT)","Session time (CT)","Duration (minutes)","First name","Last name","Email","Phone","Focus area","Manufacturing scale","Project description","Specific goals","Additional requirements","Booked at (CT)","Cancelled at (CT)"',
      );
      expect(lines[1]).toMatch(new RegExp(`^"${week.inProgress.bookingRef}","Confirmed","2026-03-10","09:00","90",`));
      expect(lines[2]).toMatch(new RegExp(`^"${week.confirmedSoon.bookingRef}",`));
      expect(lines[3]).toMatch(new RegExp(`^"${week.pendingLater.bookingRef}","Pending",`));
      // The visitor's line break stays inside its quoted cell; rows end with CRLF.
      expect(lines[4]).toContain(`"'=HYPERLINK(""http://evil.example"",""Click"")","'@SUM(A1)"`);
      expect(lines[4]).toContain(`"'+1 316 555 0100"`);
      expect(lines[4]).toContain(`"Two lines,\nwith ""quotes"" and commas","'-5% scrap",""`);
      expect(lines.slice(5)).toEqual([""]);

      const cancelled = await (await bookingsCsvResponse(new URL("http://site.test/x?status=cancelled"), NOW)).text();
      expect(cancelled.trim().split("\r\n")).toHaveLength(2);
      expect(cancelled).toContain(`"${week.cancelled.bookingRef}","Cancelled","2026-03-20","10:00"`);
      expect(cancelled).toMatch(/"2026-03-10 10:00"\r\n$/); // cancelled at NOW, in Central Time
    });
    it("streams the export a page at a time: the same file whatever the page size", async () => {
      await seedWeek();
      const url = new URL("http://site.test/admin/bookings/export.csv");
      const bytes = async (response: Response) => new Uint8Array(await response.arrayBuffer());
      const whole = await bytes(await bookingsCsvResponse(url, NOW));
      expect(await bytes(await bookingsCsvResponse(url, NOW, 2))).toEqual(whole);
      expect(await bytes(await bookingsCsvResponse(url, NOW, 6))).toEqual(whole);
      expect(new TextDecoder().decode(whole).trim().split("\r\n")).toHaveLength(7);
    });
  });

  describe("blocked times", () => {
    it("listBlocksBetween returns the blocks that overlap the window, earliest first", async () => {
      const morning = await createBlock({ startsAt: new Date("2026-03-12T14:00:00Z"), endsAt: new Date("2026-03-12T17:00:00Z"), note: "Plant visit" });
      const day = await createBlock({ startsAt: new Date("2026-03-13T05:00:00Z"), endsAt: new Date("2026-03-14T05:00:00Z"), note: null });

      const at = (iso: string) => new Date(iso);
      expect(await listBlocksBetween(at("2026-03-12T00:00:00Z"), at("2026-03-15T00:00:00Z"))).toEqual([
        { id: morning.id, startsAt: morning.startsAt, endsAt: morning.endsAt, note: "Plant visit" },
        { id: day.id, startsAt: day.startsAt, endsAt: day.endsAt, note: null },
      ]);
      // Half-open: a window that ends as a block starts, or starts as it ends, does not touch it.
      expect(await listBlocksBetween(at("2026-03-12T13:00:00Z"), at("2026-03-12T14:00:00Z"))).toEqual([]);
      expect(await listBlocksBetween(at("2026-03-12T17:00:00Z"), at("2026-03-12T18:00:00Z"))).toEqual([]);
      expect((await listBlocksBetween(at("2026-03-12T16:30:00Z"), at("2026-03-13T06:00:00Z"))).map((b) => b.id)).toEqual([morning.id, day.id]);

      expect((await listUpcomingBlocks(at("2026-03-12T18:00:00Z"))).map((b) => b.id)).toEqual([day.id]);
      expect(await deleteBlock(morning.id)).toBe(true);
      expect(await deleteBlock(morning.id)).toBe(false);
      expect((await listBlocksBetween(at("2026-03-12T00:00:00Z"), at("2026-03-15T00:00:00Z"))).map((b) => b.id)).toEqual([day.id]);
    });

    type BlockAnswer = { ok: boolean; intent: string; toast: { kind: string; title: string; description?: string }; reply?: { error?: Record<string, string[]> } };
    const post = (form: Record<string, string>, now = NOW) =>
      blockActionFromAdmin(siteRequest("/admin/bookings", { form }), now).then((value) => answer<BlockAnswer>(value));

    it("blocks a whole day (Central Time midnight to midnight, DST included) or hours, with a note", async () => {
      // 8 March 2026 has 23 hours in Chicago.
      const whole = await post({ intent: "create-block", date: "2026-03-08", allDay: "on", note: "  Trade show  " }, new Date("2026-03-01T12:00:00Z"));
      expect(whole.status).toBe(200);
      expect(whole.body.toast).toMatchObject({ kind: "success", title: "Time blocked" });
      const hours = await post({ intent: "create-block", date: "2026-03-12", startTime: "09:00", endTime: "13:00" });
      expect(hours.body.ok).toBe(true);

      const blocks = await listBlocksBetween(new Date("2026-03-01T00:00:00Z"), new Date("2026-04-01T00:00:00Z"));
      expect(blocks.map(({ startsAt, endsAt, note }) => [startsAt.toISOString(), endsAt.toISOString(), note])).toEqual([
        ["2026-03-08T06:00:00.000Z", "2026-03-09T05:00:00.000Z", "Trade show"],
        ["2026-03-12T14:00:00.000Z", "2026-03-12T18:00:00.000Z", null],
      ]);
      const page = await getBookingsPage(new URL("http://site.test/admin/bookings"), NOW);
      expect(page.blocks.map(({ when, hours: time, conflicts }) => [when, time, conflicts])).toEqual([["Thu, Mar 12, 2026", "9:00 AM – 1:00 PM CT", []]]);
    });

    it("saves a block over existing bookings, naming them (cancelled ones hold no time)", async () => {
      const week = await seedWeek();
      const result = await post({ intent: "create-block", date: "2026-03-11", allDay: "on" });
      expect(result.body.ok).toBe(true);
      expect(result.body.toast.title).toBe("Time blocked — 1 booking falls in it");
      expect(result.body.toast.description).toContain(week.confirmedSoon.bookingRef);
      await post({ intent: "create-block", date: "2026-03-20", allDay: "on" });

      const page = await getBookingsPage(new URL("http://site.test/admin/bookings"), NOW);
      expect(page.blocks.map((block) => block.conflicts.map((conflict) => conflict.bookingRef))).toEqual([[week.confirmedSoon.bookingRef], []]);
    });

    it("answers field errors, never a server error, for a form that does not make sense", async () => {
      const errorsOf = async (form: Record<string, string>) => {
        const result = await post({ intent: "create-block", ...form });
        expect([result.status, result.body.ok]).toEqual([400, false]);
        return result.body.reply?.error;
      };
      // Every message at once, not the date's first and the times' after.
      expect(Object.keys((await errorsOf({})) ?? {}).sort()).toEqual(["date", "endTime", "startTime"]);
      expect(await errorsOf({ date: "2026-03-12" })).toMatchObject({
        startTime: [expect.stringMatching(/when the block starts/)],
        endTime: [expect.stringMatching(/when the block ends/)],
      });
      expect(await errorsOf({ date: "2026-03-12", startTime: "13:00", endTime: "09:00" })).toMatchObject({
        endTime: ["The end time must be after the start time."],
      });
      expect(await errorsOf({ date: "2026-02-30", allDay: "on" })).toMatchObject({ date: [expect.any(String)] });
      expect(await errorsOf({ date: "2026-03-09", allDay: "on" })).toMatchObject({ date: ["That time has already passed."] });
      expect(await errorsOf({ date: "2026-03-12", allDay: "on", note: "x".repeat(201) })).toMatchObject({ note: [expect.any(String)] });
      expect(await listUpcomingBlocks(NOW)).toEqual([]);
    });

    it("answers field messages, never a server error, for a NUL in the note, a time daylight saving skips and a date years away", async () => {
      const errorsOf = async (form: Record<string, string>) => {
        const result = await post({ intent: "create-block", ...form });
        expect([result.status, result.body.ok, result.body.toast.title]).toEqual([400, false, "Block not saved"]);
        return result.body.reply?.error;
      };
      // 14 March 2027: Chicago's clocks jump from 2:00 to 3:00 AM; 2:15 and 2:45 never happen.
      expect(await errorsOf({ date: "2027-03-14", startTime: "02:15", endTime: "02:45" })).toEqual({
        startTime: [expect.stringMatching(/^02:15 does not exist that day/)],
        endTime: [expect.stringMatching(/^02:45 does not exist that day/)],
      });
      expect(await errorsOf({ date: "2027-03-14", startTime: "02:30", endTime: "03:00" })).toEqual({
        startTime: [expect.stringMatching(/daylight saving time begins/)],
      });
      expect(await errorsOf({ date: "9999-12-31", allDay: "on" })).toEqual({ date: ["Choose a date within the next 2 years."] });
      expect(await errorsOf({ date: "9999-12-31", startTime: "09:00", endTime: "10:00" })).toEqual({ date: ["Choose a date within the next 2 years."] });
      expect(await listUpcomingBlocks(NOW)).toEqual([]);

      // Around the gap, real times are kept: 1:30 CST to 3:30 CDT is one hour.
      const around = await post({ intent: "create-block", date: "2027-03-14", startTime: "01:30", endTime: "03:30" });
      expect(around.status).toBe(200);
      // A NUL (which PostgreSQL cannot store in text) and other control characters are dropped from the note.
      const nul = await post({ intent: "create-block", date: "2026-03-12", allDay: "on", note: "Plant\u0000 visit\u0007" });
      expect([nul.status, nul.body.ok]).toEqual([200, true]);
      expect((await listUpcomingBlocks(NOW)).map(({ startsAt, endsAt, note }) => [startsAt.toISOString(), endsAt.toISOString(), note])).toEqual([
        ["2026-03-12T05:00:00.000Z", "2026-03-13T05:00:00.000Z", "Plant visit"],
        ["2027-03-14T07:30:00.000Z", "2027-03-14T08:30:00.000Z", null],
      ]);
    });

    it("deletes a block; an unknown one is a clear message, a malformed id or an unknown form a 400", async () => {
      const block = await createBlock({ startsAt: new Date("2026-03-12T14:00:00Z"), endsAt: new Date("2026-03-12T18:00:00Z"), note: null });
      const deleted = await post({ intent: "delete-block", blockId: block.id });
      expect([deleted.status, deleted.body.toast.title]).toEqual([200, "Block deleted"]);
      expect(await listUpcomingBlocks(NOW)).toEqual([]);

      const again = await post({ intent: "delete-block", blockId: block.id });
      expect([again.status, again.body.ok, again.body.toast.title]).toEqual([200, false, "Block not found"]);
      const malformed = () => blockActionFromAdmin(siteRequest("/admin/bookings", { form: { intent: "delete-block", blockId: "nope" } }), NOW);
      expect(await thrownStatus(malformed)).toBe(400);
      expect(await thrownStatus(() => blockActionFromAdmin(siteRequest("/admin/bookings", { form: { intent: "guard-probe" } }), NOW))).toBe(400);
    });

    it("asks before deleting: ?deleteBlock= names a listed block, anything else asks nothing", async () => {
      const block = await createBlock({ startsAt: new Date("2026-03-12T14:00:00Z"), endsAt: new Date("2026-03-12T18:00:00Z"), note: null });
      const pageFor = (query: string) => getBookingsPage(new URL(`http://site.test/admin/bookings${query}`), NOW);
      expect((await pageFor(`?deleteBlock=${block.id}`)).confirmDeleteBlockId).toBe(block.id);
      expect((await pageFor("?deleteBlock=00000000-0000-4000-8000-000000000000")).confirmDeleteBlockId).toBeNull();
    });
  });

  it("the dashboard counts upcoming bookings: not cancelled, starting after now", async () => {
    await seedWeek();
    expect(await countUpcomingBookings(NOW)).toBe(2);
    expect((await getAdminOverview(NOW)).upcomingBookings).toBe(2);
    expect(await countUpcomingBookings(new Date("2026-03-01T00:00:00Z"))).toBe(5);
  });
});
