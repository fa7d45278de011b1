// Busy-time calendars' figures (issue 44; DESIGN.md section 8's 5 ms for /booking's slot data): one
// fetch-and-expand of a 500-event feed from a local HTTP server (weekly series with a moved and a
// cancelled occurrence, events in the visitor's zone and in Central Time), and then getAvailability,
// /booking's slot data, with three such calendars stored, on PGlite and (TEST_DATABASE_URL) on
// PostgreSQL. In-process, no wrk: `npx tsx scripts/bench/calendar.ts`. Prints medians and the host's
// load; writes nothing but its temporary databases, removed at the end.
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import { performance } from "node:perf_hooks";
import { getAvailability } from "~/features/booking/booking.server";
import { busyIntervalsOf } from "~/features/booking/busy-expand.server";
import { fetchCalendar } from "~/features/booking/busy-fetch.server";
import { addCalendarSource, defaultFetchLimits, syncCalendarSource, syncWindow } from "~/features/booking/busy-sync.server";
import { addDays, centralDate } from "~/lib/central-time";
import { getEnv } from "~/lib/env.server";
import { openDatabase, setDatabase } from "#server/db/client.server";
import { createPostgresDatabase, tempDir } from "../support/databases";

process.env.CALENDAR_ALLOW_PRIVATE = "on";
const EVENTS = 500;
const FETCH_RUNS = 20;
const SLOT_RUNS = 300;

const stamp = (date: Date) => date.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");
const chicagoWall = (date: string, hour: number) => `${date.replace(/-/g, "")}T${String(hour).padStart(2, "0")}0000`;

/** 500 VEVENTs over the booking horizon: 40 weekly series (one moved and one cancelled occurrence each) and 380 single events (a third all-day, a tenth free). */
function feed(today: string, horizonDays: number): string {
  const events: string[] = [];
  for (let series = 0; series < 40; series++) {
    const first = addDays(today, series % 7);
    const hour = 9 + (series % 8);
    const uid = `series-${series}@bench`;
    events.push(
      [`UID:${uid}`, `DTSTART;TZID=America/Chicago:${chicagoWall(first, hour)}`, `DTEND;TZID=America/Chicago:${chicagoWall(first, hour + 1)}`, "RRULE:FREQ=WEEKLY;COUNT=12"].join("\r\n"),
      [`UID:${uid}`, `RECURRENCE-ID;TZID=America/Chicago:${chicagoWall(addDays(first, 14), hour)}`, `DTSTART;TZID=America/Chicago:${chicagoWall(addDays(first, 15), 14)}`, `DTEND;TZID=America/Chicago:${chicagoWall(addDays(first, 15), 15)}`].join("\r\n"),
      [`UID:${uid}`, `RECURRENCE-ID;TZID=America/Chicago:${chicagoWall(addDays(first, 21), hour)}`, `DTSTART;TZID=America/Chicago:${chicagoWall(addDays(first, 21), hour)}`, `DTEND;TZID=America/Chicago:${chicagoWall(addDays(first, 21), hour + 1)}`, "STATUS:CANCELLED"].join("\r\n"),
    );
  }
  const start = Date.now();
  for (let single = events.length; single < EVENTS; single++) {
    const begins = new Date(start + (single % horizonDays) * 86_400_000 + (13 + (single % 9)) * 3_600_000);
    const line = single % 3 === 0 ? [`DTSTART;VALUE=DATE:${stamp(begins).slice(0, 8)}`] : [`DTSTART:${stamp(begins)}`, `DTEND:${stamp(new Date(begins.getTime() + 45 * 60_000))}`];
    events.push([`UID:single-${single}@bench`, ...line, single % 10 === 0 ? "TRANSP:TRANSPARENT" : "TRANSP:OPAQUE"].join("\r\n"));
  }
  const zone = fs.readFileSync(new URL("../../tests/fixtures/calendar/weekly.ics", import.meta.url), "utf8").match(/BEGIN:VTIMEZONE[\s\S]*?END:VTIMEZONE/)![0];
  const body = events.map((event) => `BEGIN:VEVENT\r\nDTSTAMP:20270101T000000Z\r\n${event}\r\nSUMMARY:Busy\r\nEND:VEVENT`).join("\r\n");
  return `BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//bench//EN\r\n${zone.replace(/\r?\n/g, "\r\n")}\r\n${body}\r\nEND:VCALENDAR\r\n`;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main() {
  const today = centralDate(new Date());
  const horizonDays = getEnv().BOOKING_HORIZON_DAYS;
  const text = feed(today, horizonDays);
  const server = http.createServer((_request, response) => response.writeHead(200, { "content-type": "text/calendar" }).end(text));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const limits = defaultFetchLimits();
  try {
    const times: number[] = [];
    let busy = 0;
    for (let run = 0; run < FETCH_RUNS; run++) {
      const began = performance.now();
      busy = busyIntervalsOf(await fetchCalendar(`${base}/feed.ics`, limits), syncWindow(new Date(), horizonDays)).length;
      times.push(performance.now() - began);
    }
    console.log(`fetch-and-expand of a ${EVENTS}-event feed (${Buffer.byteLength(text)} bytes, ${busy} busy intervals): median ${median(times).toFixed(1)} ms of ${FETCH_RUNS}`);

    const databases: Array<[string, () => Promise<{ databaseUrl?: string; drop?: () => Promise<void> }>]> = [["pglite", async () => ({})]];
    if (process.env.TEST_DATABASE_URL) {
      databases.push(["postgres", async () => {
        const created = await createPostgresDatabase();
        return { databaseUrl: created.url, drop: created.drop };
      }]);
    }
    for (const [name, create] of databases) {
      const dataDir = tempDir("bench-calendar-");
      const { databaseUrl, drop } = await create();
      const database = await openDatabase({ dataDir, databaseUrl });
      setDatabase(database.db);
      try {
        let stored = 0;
        for (let calendar = 0; calendar < 3; calendar++) {
          const source = await addCalendarSource(`${base}/feed-${calendar}.ics`);
          const outcome = await syncCalendarSource({ id: source!.id, url: `${base}/feed-${calendar}.ics` });
          if (!outcome.ok) throw new Error(outcome.error);
          stored += outcome.busy;
        }
        const dates = Array.from({ length: 20 }, (_, day) => addDays(today, day + 1));
        const slotTimes: number[] = [];
        for (let run = 0; run < SLOT_RUNS; run++) {
          const began = performance.now();
          await getAvailability({ date: dates[run % dates.length]!, duration: "60", horizonDays }, new Date());
          slotTimes.push(performance.now() - began);
        }
        console.log(`/booking's slot data (getAvailability) on ${name}, 3 calendars x ${EVENTS} events (${stored} busy intervals stored): median ${median(slotTimes.slice(50)).toFixed(2)} ms of ${SLOT_RUNS - 50} (goal 5 ms)`);
      } finally {
        setDatabase(undefined);
        await database.close();
        await drop?.();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    }
  } finally {
    server.close();
  }
  console.log(`host: ${os.cpus()[0]?.model.trim()}, ${os.availableParallelism()} CPUs, load ${os.loadavg().map((load) => load.toFixed(2)).join(" ")}`);
}

await main();
