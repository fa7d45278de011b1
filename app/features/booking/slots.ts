// Session times in Central Time (SPEC.md section 9, DESIGN.md section 5): hourly start slots from
// 09:00 to 17:00, read in America/Chicago whatever the visitor's or the server's zone, DST included.
// Pure functions with the clock passed in, shared by the page (labels, calendar bounds) and the
// server (the decision).
import { TZDate } from "@date-fns/tz";
import { addDays, format, startOfDay } from "date-fns";
import { site } from "~/content/site";

export const BOOKING_TIME_ZONE = site.location.timeZone;
export const SLOT_TIMES = ["09:00", "10:00", "11:00", "12:00", "13:00", "14:00", "15:00", "16:00", "17:00"] as const;
export type SlotTime = (typeof SLOT_TIMES)[number];
export const SESSION_DURATIONS = ["30", "60", "90"] as const;
export type SessionDuration = (typeof SESSION_DURATIONS)[number];
export const DEFAULT_SESSION_DURATION: SessionDuration = "60";
/** A session must start more than this after now (SPEC.md section 5). */
export const MIN_LEAD_TIME_MS = 3 * 60 * 60_000;
/** The reminder goes out this long before the session (SPEC.md section 2, what happens next). */
export const REMINDER_LEAD_MS = 24 * 60 * 60_000;

export type Interval = { startsAt: Date; endsAt: Date };
export type SlotState = { time: SlotTime; label: string; available: boolean };

export function isSlotTime(value: string): value is SlotTime {
  return (SLOT_TIMES as readonly string[]).includes(value);
}

/** "13:00" → "1:00 PM CT". */
export function slotLabel(time: string): string {
  const [hours, minutes] = time.split(":").map(Number) as [number, number];
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${hour12}:${String(minutes).padStart(2, "0")} ${hours < 12 ? "AM" : "PM"} ${site.location.timeZoneAbbreviation}`;
}

/** A real calendar date written YYYY-MM-DD (2026-02-30 is not one). */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [year, month, day] = value.split("-").map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Midnight of a YYYY-MM-DD date in Central Time, as the calendar (react-day-picker) wants it. */
export function centralDay(date: string): TZDate {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  return new TZDate(year, month - 1, day, BOOKING_TIME_ZONE);
}

/** The instant a date and a "HH:mm" time name in Central Time. */
export function centralInstant(date: string, time: string): Date {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const [hours, minutes] = time.split(":").map(Number) as [number, number];
  return new Date(new TZDate(year, month - 1, day, hours, minutes, BOOKING_TIME_ZONE).getTime());
}

export function sessionInterval(date: string, time: string, durationMinutes: number): Interval {
  const startsAt = centralInstant(date, time);
  return { startsAt, endsAt: new Date(startsAt.getTime() + durationMinutes * 60_000) };
}

/** The Central Time calendar date (YYYY-MM-DD) at `instant`. */
export function centralDate(instant: Date): string {
  return format(new TZDate(instant, BOOKING_TIME_ZONE), "yyyy-MM-dd");
}

// The schema asks on every submission, and the answer changes only at Central Time's midnight:
// the last answer is kept with the day it holds for.
let lastAnswer: { horizonDays: number; dayStartsAt: number; nextDayStartsAt: number; date: string } | undefined;

/** The last date a session may be booked on: today (Central Time) plus the horizon. */
export function lastBookableDate(now: Date, horizonDays: number): string {
  const time = now.getTime();
  if (lastAnswer?.horizonDays === horizonDays && time >= lastAnswer.dayStartsAt && time < lastAnswer.nextDayStartsAt) {
    return lastAnswer.date;
  }
  const today = startOfDay(new TZDate(now, BOOKING_TIME_ZONE));
  const date = format(addDays(today, horizonDays), "yyyy-MM-dd");
  lastAnswer = { horizonDays, dayStartsAt: today.getTime(), nextDayStartsAt: addDays(today, 1).getTime(), date };
  return date;
}

export function isWithinHorizon(date: string, now: Date, horizonDays: number): boolean {
  // YYYY-MM-DD strings compare in calendar order.
  return date <= lastBookableDate(now, horizonDays);
}

/** More than 3 hours ahead: exactly 3 hours is too late. */
export function meetsLeadTime(startsAt: Date, now: Date): boolean {
  return startsAt.getTime() - now.getTime() > MIN_LEAD_TIME_MS;
}

/** Half-open intervals: a session may start the minute another one ends. */
export function overlaps(a: Interval, b: Interval): boolean {
  return a.startsAt < b.endsAt && b.startsAt < a.endsAt;
}

/** From the first slot's start to the end of the longest session in the last slot. */
export function dayWindow(date: string): Interval {
  const longest = Math.max(...SESSION_DURATIONS.map(Number));
  return { startsAt: centralInstant(date, SLOT_TIMES[0]), endsAt: sessionInterval(date, SLOT_TIMES.at(-1)!, longest).endsAt };
}

/**
 * Every start slot of `date` for a session of `durationMinutes`: available when it is inside the
 * horizon, more than 3 hours ahead, and overlaps nothing in `busy` (bookings and blocked times).
 */
export function daySlots(options: {
  date: string;
  durationMinutes: number;
  now: Date;
  horizonDays: number;
  busy: readonly Interval[];
}): SlotState[] {
  const { date, durationMinutes, now, horizonDays, busy } = options;
  const inHorizon = isWithinHorizon(date, now, horizonDays);
  return SLOT_TIMES.map((time) => {
    const session = sessionInterval(date, time, durationMinutes);
    const available = inHorizon && meetsLeadTime(session.startsAt, now) && !busy.some((taken) => overlaps(session, taken));
    return { time, label: slotLabel(time), available };
  });
}

/** When the reminder goes out: 24 hours before the session, or never when that moment has passed. */
export function reminderSendTime(startsAt: Date, now: Date): Date | null {
  const sendAt = new Date(startsAt.getTime() - REMINDER_LEAD_MS);
  return sendAt.getTime() >= now.getTime() ? sendAt : null;
}
