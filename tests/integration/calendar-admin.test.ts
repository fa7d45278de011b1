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
import { calendarSources } from "~/features/booking/schema";
import { testDatabases, type TestDatabase } from "../support/databases";
import { siteRequest } from "../support/auth";
import { tempDir } from "../../scripts/support/databases";

process.env.DATA_DIR ??= tempDir("calendar-admin-");
process.env.CALENDAR_ALLOW_PRIVATE = "on";

const FIXTURE = fs.readFileSync(path.join(import.meta.dirname, "../fixtures/calendar/all-day.ics"));
const server = http.createServer((request, response) => {
  if (request.url === "/down.ics") return void response.writeHead(503).end();
  response.writeHead(200, { "content-type": "text/calendar" }).end(FIXTURE);
});
let base = "";
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

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
    expect(source!.status).toBe("Not fetched yet");
    expect(source!.error?.message).toBe("The calendar's server answered 503.");

    expect((await view(`?removeCalendar=${source!.id}`)).confirmRemoveCalendarId).toBe(source!.id);
    expect((await act({ intent: "remove-calendar", sourceId: source!.id })).toast.title).toBe("Calendar removed");
    expect((await act({ intent: "remove-calendar", sourceId: source!.id })).toast.title).toBe("Calendar not found");
    expect((await view()).sources).toEqual([]);
  });

  it("gives the feed a new secret", async () => {
    const before = (await view()).feedUrl;
    expect(before).toMatch(/\/calendar\/[A-Za-z0-9_-]{32}\.ics$/);
    expect((await view("?rotateFeed=1")).confirmRotateFeed).toBe(true);
    expect((await act({ intent: "rotate-feed" })).toast.title).toBe("New feed address");
    expect((await view()).feedUrl).not.toBe(before);
  });
});
