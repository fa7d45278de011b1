// The owner's calendar forms on /admin/bookings, as the page posts them: adding a busy-time
// calendar (validated, fetched at once, a duplicate refused), its error shown when the fetch fails,
// removing it, and a new feed secret; the calendar forms are told apart from the block forms.
// On PGlite, and on PostgreSQL with TEST_DATABASE_URL.
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { calendarActionFromAdmin, getCalendarsView, isCalendarForm } from "~/features/booking/calendar-admin.server";
import { calendarFailingEmail } from "~/features/booking/busy-email.server";
import { FIRST_FETCH_TIMEOUT_SECONDS } from "~/features/booking/calendar-forms";
import { calendarSources } from "~/features/booking/schema";
import { testDatabases, type TestDatabase } from "../support/databases";
import { siteRequest } from "../support/auth";
import { tempDir } from "../../scripts/support/databases";

process.env.DATA_DIR ??= tempDir("calendar-admin-");
process.env.CALENDAR_ALLOW_PRIVATE = "on";

const FIXTURE = fs.readFileSync(path.join(import.meta.dirname, "../fixtures/calendar/all-day.ics"));
const server = http.createServer((request, response) => {
  if (request.url === "/down.ics") return void response.writeHead(503).end();
  if (request.url === "/silent.ics") return; // never answers: the add's own wait ends it
  response.writeHead(200, { "content-type": "text/calendar" }).end(FIXTURE);
});
let base = "";
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(resolve));
});

const post = (form: Record<string, string>) => siteRequest("/admin/bookings", { form });

async function act(form: Record<string, string>): Promise<Record<string, any>> {
  const answer = (await calendarActionFromAdmin(post(form))) as unknown as { data: Record<string, any>; init: { status?: number } | null };
  return { status: answer.init?.status ?? 200, ...answer.data };
}

const view = (query = "") => getCalendarsView(new URL(`http://site/admin/bookings${query}`));

describe.each(testDatabases.map((d) => [d.name, d] as const))("calendar forms on %s", (_name, database) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await database.open();
  });
  afterAll(() => db.close());
  beforeEach(async () => {
    await db.db.delete(calendarSources);
  });

  it("tells the calendar forms from the block forms", async () => {
    expect(await isCalendarForm(post({ intent: "add-calendar", url: "x" }))).toBe(true);
    expect(await isCalendarForm(post({ intent: "rotate-feed" }))).toBe(true);
    expect(await isCalendarForm(post({ intent: "create-block", date: "2027-01-01" }))).toBe(false);
  });

  it("adds a calendar and fetches it at once; refuses a bad or repeated address", async () => {
    for (const [url, message] of [
      ["calendar.google.com/basic.ics", "Enter the full address, starting with https:// or webcal://."],
      ["ftp://example.com/cal.ics", "Enter the full address, starting with https:// or webcal://."],
      ["https://user:pw@example.com/cal.ics", "An address with a user name or password is not accepted."],
    ]) {
      const answer = await act({ intent: "add-calendar", url });
      expect(answer.status, url).toBe(400);
      expect(answer.reply.error, url).toEqual({ url: [message] });
    }
    const added = await act({ intent: "add-calendar", url: `  ${base}/work.ics ` });
    expect(added).toMatchObject({ status: 200, ok: true, toast: { kind: "success", title: "Calendar added" } });
    expect((await act({ intent: "add-calendar", url: `${base}/work.ics` })).reply.error).toEqual({ url: ["That address is in the list already."] });

    const { sources } = await view();
    expect(sources).toHaveLength(1);
    expect(sources[0]).toMatchObject({ url: `${base}/work.ics`, error: null });
    expect(sources[0]!.status).toMatch(/^Fetched .*: 1 busy time ahead$/);
  });

  it("shows a failed fetch's error, and removes a calendar", async () => {
    const answer = await act({ intent: "add-calendar", url: `${base}/down.ics` });
    expect(answer.toast).toMatchObject({ kind: "error", title: "Calendar added, but not fetched" });
    const [source] = (await view()).sources;
    expect(source!.status).toBe("Never fetched: its busy times do not take slots off the booking page yet.");
    expect(source!.error?.text).toBe("The calendar's server answered 503. It is tried again every 15 minutes.");

    expect((await view(`?removeCalendar=${source!.id}`)).confirmRemoveCalendarId).toBe(source!.id);
    expect((await act({ intent: "remove-calendar", sourceId: source!.id })).toast.title).toBe("Calendar removed");
    expect((await act({ intent: "remove-calendar", sourceId: source!.id })).toast.title).toBe("Calendar not found");
    expect((await view()).sources).toEqual([]);
  });

  it("waits for a silent calendar's first fetch only its first-fetch time, and adds it all the same", async () => {
    const answer = await act({ intent: "add-calendar", url: `${base}/silent.ics` });
    expect(answer).toMatchObject({ status: 200, ok: true, toast: { kind: "error", title: "Calendar added, but not fetched" } });
    expect(answer.toast.description).toBe(`The calendar did not answer within ${FIRST_FETCH_TIMEOUT_SECONDS} seconds. It is tried again every 15 minutes.`);
    const [source] = (await view()).sources;
    expect(source).toMatchObject({ url: `${base}/silent.ics`, status: "Never fetched: its busy times do not take slots off the booking page yet." });
  });

  it("says each state of a calendar as it is", async () => {
    const at = (iso: string) => new Date(iso);
    const states = {
      added: {},
      fetched: { fetchedAt: at("2027-03-02T15:15:00Z"), busyCount: 12 },
      firstFetchFailed: { lastError: "The calendar's server answered 404.", lastErrorAt: at("2027-03-02T15:15:00Z"), failingSince: at("2027-03-02T15:15:00Z") },
      failingWithCopy: {
        fetchedAt: at("2027-03-01T15:00:00Z"),
        busyCount: 1,
        lastError: "The calendar did not answer within 20 seconds.",
        lastErrorAt: at("2027-03-02T15:15:00Z"),
        failingSince: at("2027-03-02T09:00:00Z"),
      },
      failingForADay: {
        fetchedAt: at("2027-02-28T15:00:00Z"),
        busyCount: 3,
        lastError: "The calendar's server answered 503.",
        lastErrorAt: at("2027-03-02T15:15:00Z"),
        failingSince: at("2027-03-01T09:00:00Z"),
        failureNotifiedAt: at("2027-03-02T09:15:00Z"),
      },
    };
    const created = new Date("2027-01-01T00:00:00Z").getTime();
    await db.db.insert(calendarSources).values(
      Object.entries(states).map(([name, fields], index) => ({ url: `https://example.com/${name}.ics`, createdAt: new Date(created + index), ...fields })),
    );
    const shown = Object.fromEntries((await view()).sources.map(({ url, status, error }) => [url.slice(20, -4), { status, error }]));
    expect(shown).toEqual({
      added: { status: "Not fetched yet: the next try is within 15 minutes.", error: null },
      fetched: { status: "Fetched Mar 2, 2027, 9:15 AM CT: 12 busy times ahead", error: null },
      firstFetchFailed: {
        status: "Never fetched: its busy times do not take slots off the booking page yet.",
        error: { heading: "Fetch failed (Mar 2, 2027, 9:15 AM CT):", text: "The calendar's server answered 404. It is tried again every 15 minutes." },
      },
      failingWithCopy: {
        status: "Still using the copy fetched Mar 1, 2027, 9:00 AM CT: 1 busy time ahead",
        error: {
          heading: "Fetches failing since Mar 2, 2027, 3:00 AM CT, the last at Mar 2, 2027, 9:15 AM CT:",
          text: "The calendar did not answer within 20 seconds. It is tried again every 15 minutes.",
        },
      },
      failingForADay: {
        status: "Still using the copy fetched Feb 28, 2027, 9:00 AM CT: 3 busy times ahead",
        error: {
          heading: "Fetches failing since Mar 1, 2027, 3:00 AM CT, the last at Mar 2, 2027, 9:15 AM CT:",
          text: "The calendar's server answered 503. It is tried again every 15 minutes. We e-mailed you about it on Mar 2, 2027, 3:15 AM CT.",
        },
      },
    });
  });

  it("tells the owner by e-mail whether a day-long failing calendar still has a good copy", () => {
    const failing = { url: "https://example.com/a.ics", error: "The calendar's server answered 503.", failingSince: new Date("2027-03-01T09:00:00Z") };
    expect(calendarFailingEmail({ ...failing, fetchedAt: new Date("2027-02-28T09:00:00Z") }).text).toContain(
      "The booking page still hides the busy times of its last good copy, but new events in that calendar do not reach it.",
    );
    const never = calendarFailingEmail({ ...failing, fetchedAt: null }).text;
    expect(never).toContain("It was never fetched, so none of its busy times are kept off the booking page.");
    expect(never).not.toContain("last good copy");
  });

  it("gives the feed a new secret", async () => {
    const before = (await view()).feedUrl;
    expect(before).toMatch(/\/calendar\/[A-Za-z0-9_-]{32}\.ics$/);
    expect((await view("?rotateFeed=1")).confirmRotateFeed).toBe(true);
    expect((await act({ intent: "rotate-feed" })).toast.title).toBe("New feed address");
    expect((await view()).feedUrl).not.toBe(before);
  });
});
