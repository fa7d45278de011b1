// The owner's busy-time calendars, fetched from a local HTTP server serving iCalendar files
// (tests/fixtures/calendar): a weekly meeting with a moved and a cancelled occurrence, an all-day
// event, a weekly event in London across both DST changes, a free event; a feed that never
// answers, one of 20 MB, one that is not iCalendar. The offered slots (getAvailability) are
// asserted exactly; a failed fetch keeps the last good copy; a day of failures sends one e-mail;
// a booking over a busy time is refused. On PGlite, and on PostgreSQL with TEST_DATABASE_URL.
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createBooking, getAvailability } from "~/features/booking/booking.server";
import { CalendarFetchError, fetchCalendar, isPrivateAddress } from "~/features/booking/busy-fetch.server";
import {
  addCalendarSource,
  CALENDAR_FAILING_KIND,
  listCalendarSources,
  removeCalendarSource,
  syncCalendarSources,
} from "~/features/booking/busy-sync.server";
import { calendarBusy, calendarSources } from "~/features/booking/schema";
import { emailOutbox } from "#server/db/schema";
import { clearBookings } from "../support/bookings";
import { testDatabases, type TestDatabase } from "../support/databases";
import { tempDir } from "../../scripts/support/databases";

process.env.DATA_DIR ??= tempDir("calendar-busy-");

const FIXTURES = path.join(import.meta.dirname, "../fixtures/calendar");
const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;
/** Monday 1 March 2027, 9:00 AM in Chicago: the tests' clock. */
const NOW = new Date("2027-03-01T15:00:00Z");
/** Far enough to reach the November DST change. */
const HORIZON_DAYS = 300;
const MB = 1024 * 1024;
const LIMITS = { timeoutMs: 1_000, maxBytes: 5 * MB, allowPrivate: true };
const ALL_TIMES = ["09:00", "10:00", "11:00", "12:00", "13:00", "14:00", "15:00", "16:00", "17:00"];
const except = (...times: string[]) => ALL_TIMES.filter((time) => !times.includes(time));

/** What each path answers; a test changes it to make a calendar fail. */
const answers = new Map<string, "slow" | "huge" | "garbage" | "missing" | { file: string }>();
const pendingSlow: http.ServerResponse[] = [];
const server = http.createServer((request, response) => {
  const answer = answers.get(request.url ?? "") ?? "missing";
  if (answer === "slow") {
    // Headers and nothing more, ever: only the time limit ends it.
    response.writeHead(200, { "content-type": "text/calendar" });
    response.write("BEGIN:VCALENDAR\r\n");
    pendingSlow.push(response);
    return;
  }
  if (answer === "huge") {
    // 20 MB without a Content-Length: the limit has to count the bytes as they come.
    response.writeHead(200, { "content-type": "text/calendar" });
    const chunk = Buffer.alloc(MB, "X");
    let sent = 0;
    const pump = () => {
      while (sent < 20) {
        sent += 1;
        if (!response.write(chunk)) return response.once("drain", pump);
      }
      response.end();
    };
    response.on("error", () => {});
    pump();
    return;
  }
  if (answer === "garbage") return void response.writeHead(200, { "content-type": "text/html" }).end("<html>Sign in</html>");
  if (answer === "missing") return void response.writeHead(404).end();
  response.writeHead(200, { "content-type": "text/calendar" }).end(fs.readFileSync(path.join(FIXTURES, answer.file)));
});
let base = "";

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const response of pendingSlow) response.destroy();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

async function offered(date: string, duration = "60") {
  const { slots } = await getAvailability({ date, duration, horizonDays: HORIZON_DAYS }, NOW);
  return slots.filter((slot) => slot.available).map((slot) => slot.time);
}

const sync = (now = NOW) => syncCalendarSources({ now, horizonDays: HORIZON_DAYS, limits: LIMITS });

describe("fetching a calendar", () => {
  it("refuses private, loopback and link-local addresses unless allowed, and anything but http(s)", async () => {
    const strict = { ...LIMITS, allowPrivate: false };
    answers.set("/weekly.ics", { file: "weekly.ics" });
    await expect(fetchCalendar(`${base}/weekly.ics`, strict)).rejects.toThrow(/private network/);
    // A name that resolves to loopback is refused at the connection's own lookup.
    await expect(fetchCalendar(`${base.replace("127.0.0.1", "localhost")}/weekly.ics`, strict)).rejects.toThrow(/private network/);
    await expect(fetchCalendar("http://[::1]:9/x.ics", strict)).rejects.toThrow(/private network/);
    await expect(fetchCalendar("ftp://example.com/x.ics", strict)).rejects.toThrow(/Only http and https/);
    await expect(fetchCalendar(`${base}/weekly.ics`, LIMITS)).resolves.toContain("BEGIN:VCALENDAR");
    for (const address of ["10.1.2.3", "172.16.0.1", "192.168.1.1", "169.254.169.254", "::ffff:127.0.0.1", "fd00::1", "fe80::1", "100.64.0.1"]) {
      expect(isPrivateAddress(address), address).toBe(true);
    }
    for (const address of ["8.8.8.8", "142.250.80.46", "2a00:1450:4001:80b::200e"]) expect(isPrivateAddress(address), address).toBe(false);
  });

  it("gives up on a feed that never finishes, and on one larger than 5 MB", async () => {
    answers.set("/slow.ics", "slow");
    answers.set("/huge.ics", "huge");
    await expect(fetchCalendar(`${base}/slow.ics`, { ...LIMITS, timeoutMs: 300 })).rejects.toThrow(CalendarFetchError);
    await expect(fetchCalendar(`${base}/huge.ics`, LIMITS)).rejects.toThrow(/larger than 5 MB/);
  });
});

describe.each(testDatabases.map((d) => [d.name, d] as const))("busy times on %s", (_name, database) => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await database.open();
  });
  afterAll(() => db.close());
  beforeEach(async () => {
    await clearBookings(db);
    await db.db.delete(calendarSources);
    for (const file of ["weekly.ics", "all-day.ics", "london.ics", "free.ics"]) answers.set(`/${file}`, { file });
  });

  async function addAll() {
    for (const file of ["weekly.ics", "all-day.ics", "london.ics", "free.ics"]) await addCalendarSource(`${base}/${file}`);
  }

  it("offers exactly the slots the calendars leave free: recurrences, exceptions, all-day, free events, DST", async () => {
    await addAll();
    await sync();
    const expected: Record<string, string[]> = {
      // The weekly call, Tuesdays 10:00 CT.
      "2027-03-02": except("10:00"),
      // 13:00 is a free event; 15:00 is busy.
      "2027-03-03": except("15:00"),
      // All-day plant visit.
      "2027-03-04": [],
      // London 15:00 GMT = 9:00 CST.
      "2027-03-08": except("09:00"),
      // The call's EXDATE.
      "2027-03-09": ALL_TIMES,
      // Chicago is on CDT (March 14), London still on GMT: 15:00 GMT = 10:00 CDT.
      "2027-03-15": except("10:00"),
      // The occurrence moved from Tuesday to Wednesday 14:00.
      "2027-03-16": ALL_TIMES,
      "2027-03-17": except("14:00"),
      // The occurrence cancelled by its own RECURRENCE-ID.
      "2027-03-23": ALL_TIMES,
      // London on BST (March 28): 15:00 BST = 9:00 CDT.
      "2027-03-29": except("09:00"),
      // The call after Chicago's change still at 10:00 local.
      "2027-03-30": except("10:00"),
      // London back on GMT (October 31), Chicago still CDT until November 7.
      "2027-11-01": except("10:00"),
      "2027-11-02": except("10:00"),
      // Both on standard time.
      "2027-11-08": except("09:00"),
      "2027-11-09": except("10:00"),
    };
    const actual = Object.fromEntries(await Promise.all(Object.keys(expected).map(async (date) => [date, await offered(date)] as const)));
    expect(actual).toEqual(expected);
    // A 90-minute session overlapping the start of a busy hour is not offered either.
    expect(await offered("2027-03-03", "90")).toEqual(except("14:00", "15:00"));
  });

  it("refuses a booking over a busy time with the slot-taken answer, and takes one next to it", async () => {
    const [source] = await db.db.insert(calendarSources).values({ url: `${base}/manual.ics` }).returning({ id: calendarSources.id });
    // Busy from the calendar after the visitor loaded the page: 11:00-12:00 CT on March 10.
    await db.db.insert(calendarBusy).values({ sourceId: source!.id, startsAt: new Date("2027-03-10T17:00:00Z"), endsAt: new Date("2027-03-10T18:00:00Z") });
    const input = {
      firstName: "Ada",
      lastName: "Lovelace",
      email: "ada@example.com",
      phone: "316-555-0100",
      sessionDate: "2027-03-10",
      sessionTime: "10:00",
      sessionDuration: "90",
      projectType: "Process Optimization",
      projectDescription: "Spindle utilisation on second shift is low.",
      experienceLevel: "beginner",
    } as const;
    expect(await createBooking(input, NOW)).toEqual({ ok: false, reason: "unavailable" });
    expect((await createBooking({ ...input, sessionDuration: "60" }, NOW)).ok).toBe(true);
  });

  it("keeps the last good copy when a fetch fails, shows the error, and e-mails the owner once after a day", async () => {
    answers.set("/flaky.ics", { file: "weekly.ics" });
    await addCalendarSource(`${base}/flaky.ics`);
    await sync();
    expect(await offered("2027-03-02")).toEqual(except("10:00"));

    const failingEmails = () => db.db.select({ id: emailOutbox.id, text: emailOutbox.text }).from(emailOutbox).where(eq(emailOutbox.kind, CALENDAR_FAILING_KIND));
    for (const [failure, message] of [
      ["slow", /did not answer within 1 seconds/],
      ["huge", /larger than 5 MB/],
      ["garbage", /not an iCalendar file/],
      ["missing", /answered 404/],
    ] as const) {
      answers.set("/flaky.ics", failure);
      await sync(new Date(NOW.getTime() + HOUR));
      const [source] = await listCalendarSources();
      expect(source!.lastError).toMatch(message);
      expect(source!.lastErrorAt).toEqual(new Date(NOW.getTime() + HOUR));
      expect(source!.fetchedAt).toEqual(NOW);
      // The booking page still answers, with the last good copy's busy times.
      expect(await offered("2027-03-02")).toEqual(except("10:00"));
    }
    expect(await failingEmails()).toHaveLength(0);

    // A day after the first failure: one e-mail, not one per attempt.
    await sync(new Date(NOW.getTime() + HOUR + DAY));
    await sync(new Date(NOW.getTime() + 2 * HOUR + DAY));
    const emails = await failingEmails();
    expect(emails).toHaveLength(1);
    expect(emails[0]!.text).toContain("127.0.0.1");
    expect(emails[0]!.text).not.toContain("/flaky.ics");

    // Fixed: the error goes, and a new run of failures would e-mail again.
    answers.set("/flaky.ics", { file: "all-day.ics" });
    await sync(new Date(NOW.getTime() + 3 * HOUR + DAY));
    const [fixed] = await listCalendarSources();
    expect(fixed).toMatchObject({ lastError: null, failingSince: null, failureNotifiedAt: null, busyCount: 1 });
    expect(await offered("2027-03-02")).toEqual(ALL_TIMES);
    expect(await offered("2027-03-04")).toEqual([]);
  });

  it("a removed calendar's busy times are gone", async () => {
    const added = await addCalendarSource(`${base}/all-day.ics`);
    expect(await addCalendarSource(`${base}/all-day.ics`)).toBeNull();
    await sync();
    expect(await offered("2027-03-04")).toEqual([]);
    expect(await removeCalendarSource(added!.id)).toBe(true);
    expect(await offered("2027-03-04")).toEqual(ALL_TIMES);
    expect(await db.db.select().from(calendarBusy)).toEqual([]);
  });
});
