// Central Time, the business's zone (site.location.timeZone, America/Chicago; SPEC.md section 9):
// the one place that turns instants into Central Time dates, clocks and text, and back. Calendar
// dates are plain "YYYY-MM-DD" strings (they compare in calendar order; arithmetic goes through
// Date.UTC). The zone's offset is asked of Intl once per UTC hour and remembered: Chicago has only
// ever changed its offset on a UTC hour boundary, so that is exact, and everything else is integer
// arithmetic (the calendar and slot labels of /booking took 42% of a render in @date-fns/tz, which
// works the offset out again for every operation). Decision 011. Importable by the browser bundle.
import { site } from "~/content/site";

export const CENTRAL_TIME_ZONE = site.location.timeZone;
/** "CT": appended to every clock time the site shows. */
export const CENTRAL_ABBREVIATION = site.location.timeZoneAbbreviation;

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
// Date.UTC reads years 0-99 as 1900-1999: this module is for years 1000-9999 (four-digit dates).
const utcMs = Date.UTC;

export const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;
export const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;

// ---------------------------------------------------------------------------------------------
// The offset
// ---------------------------------------------------------------------------------------------

// Made on first use, not when the module loads: a browser loads the zone's data for it (25-65 ms
// on a slow machine), which would hold up every page that imports this module and never asks.
let wallClock: Intl.DateTimeFormat | undefined;

function offsetFromIntl(hourStart: number): number {
  wallClock ??= new Intl.DateTimeFormat("en-US", {
    timeZone: CENTRAL_TIME_ZONE,
    hourCycle: "h23",
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
    second: "numeric",
  });
  const parts: Record<string, string> = {};
  for (const part of wallClock.formatToParts(hourStart)) parts[part.type] = part.value;
  const wall = utcMs(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
  return wall - hourStart;
}

// Keyed by UTC hour. Bounded: a scan over centuries must not grow it without end.
const offsetByHour = new Map<number, number>();
const OFFSET_CACHE_LIMIT = 100_000;

/** Central Time minus UTC at `instant`, in milliseconds (-6 h in CST, -5 h in CDT). */
export function centralOffsetMs(instant: Date | number): number {
  const hour = Math.floor(+instant / HOUR_MS);
  let offset = offsetByHour.get(hour);
  if (offset === undefined) {
    if (offsetByHour.size >= OFFSET_CACHE_LIMIT) offsetByHour.clear();
    offset = offsetFromIntl(hour * HOUR_MS);
    offsetByHour.set(hour, offset);
  }
  return offset;
}


/** The Central Time wall clock at `instant`, as a Date whose UTC fields read it. */
function wall(instant: Date | number): Date {
  const ms = +instant;
  return new Date(ms + centralOffsetMs(ms));
}

// ---------------------------------------------------------------------------------------------
// Calendar dates (YYYY-MM-DD)
// ---------------------------------------------------------------------------------------------

const pad2 = (value: number) => String(value).padStart(2, "0");
const padYear = (year: number) => String(year).padStart(4, "0");

function dateOfUtcFields(date: Date): string {
  return `${padYear(date.getUTCFullYear())}-${pad2(date.getUTCMonth() + 1)}-${pad2(date.getUTCDate())}`;
}

function parseDate(date: string): [year: number, monthIndex: number, day: number] {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  return [year, month - 1, day];
}

/** UTC midnight of a calendar date: the date as a number of days, for arithmetic. */
function dateMs(date: string): number {
  return utcMs(...parseDate(date));
}

/** A real calendar date written YYYY-MM-DD (2026-02-30 is not one). */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [year, monthIndex, day] = parseDate(value);
  const date = new Date(utcMs(year, monthIndex, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === monthIndex && date.getUTCDate() === day;
}

/** The Central Time calendar date (YYYY-MM-DD) at `instant`. */
export function centralDate(instant: Date | number): string {
  return dateOfUtcFields(wall(instant));
}

/** `date` plus `days` calendar days (negative goes back). */
export function addDays(date: string, days: number): string {
  return dateOfUtcFields(new Date(dateMs(date) + days * DAY_MS));
}

/** Calendar days from `from` to `to`: 1 from a date to the next, whatever its length in hours. */
export function daysBetween(from: string, to: string): number {
  return Math.round((dateMs(to) - dateMs(from)) / DAY_MS);
}

/** The first day of `date`'s month. */
export function firstOfMonth(date: string): string {
  return `${date.slice(0, -2)}01`;
}

/** Every calendar date from `from` to `to`, both included (none when `to` comes first). */
export function datesFrom(from: string, to: string): string[] {
  const count = daysBetween(from, to) + 1;
  return Array.from({ length: Math.max(count, 0) }, (_, index) => addDays(from, index));
}

/** The day of the week of a calendar date, 0 for Sunday. */
export function weekday(date: string): number {
  return new Date(dateMs(date)).getUTCDay();
}

// ---------------------------------------------------------------------------------------------
// From Central Time to instants
// ---------------------------------------------------------------------------------------------

/**
 * The instants a Central Time date and "HH:mm" name: none in the spring-forward gap (02:00-02:59
 * on the second Sunday of March), two in the fall-back hour (01:00-01:59 on the first Sunday of
 * November, CDT then CST), one otherwise.
 */
function instantsOf(date: string, time: string): number[] {
  const [hours, minutes] = time.split(":").map(Number) as [number, number];
  const local = utcMs(...parseDate(date), hours, minutes);
  // The offsets in force a day either side: Chicago changes at most once in that window.
  const candidates = new Set([centralOffsetMs(local - DAY_MS), centralOffsetMs(local + DAY_MS)]);
  const found: number[] = [];
  for (const offset of candidates) {
    const instant = local - offset;
    if (centralOffsetMs(instant) === offset) found.push(instant);
  }
  return found.sort((a, b) => a - b);
}

/** Whether a Central Time date and "HH:mm" happen at all: 02:30 on the spring-forward Sunday does not. */
export function centralTimeExists(date: string, time: string): boolean {
  return instantsOf(date, time).length > 0;
}

/**
 * The instant a Central Time date and "HH:mm" name. In the fall-back hour, which happens twice, the
 * first one (CDT). In the spring-forward gap, which never happens, the time is read with the
 * offset before the change (02:30 gives 03:30 CDT), as JavaScript's Date and @date-fns/tz do;
 * a form that takes a clock time refuses such a time with `centralTimeExists` instead.
 */
export function centralInstant(date: string, time = "00:00"): Date {
  const [first] = instantsOf(date, time);
  if (first !== undefined) return new Date(first);
  const [hours, minutes] = time.split(":").map(Number) as [number, number];
  const local = utcMs(...parseDate(date), hours, minutes);
  return new Date(local - centralOffsetMs(local - DAY_MS));
}

/** Midnight at the start of a Central Time date (Chicago changes its clocks at 02:00, never at midnight). */
export function startOfCentralDay(date: string): Date {
  return centralInstant(date, "00:00");
}

/** The next midnight in Chicago after `instant`: when "today" there changes. */
export function nextCentralMidnight(instant: Date | number): Date {
  return startOfCentralDay(addDays(centralDate(instant), 1));
}

/** Midnight on the 1st of the Central Time month `instant` falls in: where "this month" starts. */
export function startOfCentralMonth(instant: Date | number): Date {
  return startOfCentralDay(firstOfMonth(centralDate(instant)));
}

// ---------------------------------------------------------------------------------------------
// Day buckets
// ---------------------------------------------------------------------------------------------

/** The Central Time date of each instant, in order: the bucket each event counts in. */
export function centralDates(instants: readonly (Date | number)[]): string[] {
  return instants.map(centralDate);
}

/**
 * The Central Time days the half-open range [from, to) touches, each with the instants it starts
 * and ends at (23 hours on the spring-forward Sunday, 25 on the fall-back one).
 */
export function centralDaysOf(from: Date | number, to: Date | number): Array<{ date: string; startsAt: Date; endsAt: Date }> {
  if (+to <= +from) return [];
  const last = centralDate(+to - 1);
  return datesFrom(centralDate(from), last).map((date) => ({
    date,
    startsAt: startOfCentralDay(date),
    endsAt: startOfCentralDay(addDays(date, 1)),
  }));
}

// ---------------------------------------------------------------------------------------------
// Text (en-US, the formats in use; date-fns patterns named for reference)
// ---------------------------------------------------------------------------------------------

function clockOfWall(w: Date): string {
  const hours = w.getUTCHours();
  return `${hours % 12 === 0 ? 12 : hours % 12}:${pad2(w.getUTCMinutes())} ${hours < 12 ? "AM" : "PM"}`;
}

const monthDayYear = (w: Date, months: readonly string[]) => `${months[w.getUTCMonth()]} ${w.getUTCDate()}, ${padYear(w.getUTCFullYear())}`;
const shortMonths = MONTHS.map((month) => month.slice(0, 3));

/** "Monday, November 2, 2026" (EEEE, MMMM d, yyyy): a calendar date, or the CT date of an instant. */
export function longDate(day: string | Date): string {
  const w = typeof day === "string" ? new Date(dateMs(day)) : wall(day);
  return `${WEEKDAYS[w.getUTCDay()]}, ${monthDayYear(w, MONTHS)}`;
}

/** "Mon, Nov 2, 2026" (EEE, MMM d, yyyy). */
export function shortDate(day: string | Date): string {
  const w = typeof day === "string" ? new Date(dateMs(day)) : wall(day);
  return `${WEEKDAYS[w.getUTCDay()]!.slice(0, 3)}, ${monthDayYear(w, shortMonths)}`;
}

/** "Nov 2, 2026" (MMM d, yyyy). */
export function shortMonthDate(day: string | Date): string {
  return monthDayYear(typeof day === "string" ? new Date(dateMs(day)) : wall(day), shortMonths);
}

/** "November 2, 2026" (MMMM d, yyyy). */
export function monthDate(day: string | Date): string {
  return monthDayYear(typeof day === "string" ? new Date(dateMs(day)) : wall(day), MONTHS);
}

/** "1:30 PM" (h:mm a), the Central Time clock at `instant`. */
export function clockTime(instant: Date | number): string {
  return clockOfWall(wall(instant));
}

/** "13:00" → "1:00 PM": a Central Time "HH:mm" as the site shows it. */
export function clockLabel(time: string): string {
  const [hours, minutes] = time.split(":").map(Number) as [number, number];
  return clockOfWall(new Date(utcMs(2000, 0, 1, hours, minutes)));
}

/** "Nov 2, 2026, 1:30 PM CT" (MMM d, yyyy, h:mm a + " CT"). */
export function dateTime(instant: Date | number): string {
  const w = wall(instant);
  return `${monthDayYear(w, shortMonths)}, ${clockOfWall(w)} ${CENTRAL_ABBREVIATION}`;
}

/** "2026-11-02 13:30" (yyyy-MM-dd HH:mm), for CSV cells. */
export function csvDateTime(instant: Date | number): string {
  const w = wall(instant);
  return `${dateOfUtcFields(w)} ${pad2(w.getUTCHours())}:${pad2(w.getUTCMinutes())}`;
}

/** "13:30" (HH:mm), the Central Time clock at `instant`, as a form's time field holds it. */
export function centralTime(instant: Date | number): string {
  const w = wall(instant);
  return `${pad2(w.getUTCHours())}:${pad2(w.getUTCMinutes())}`;
}
