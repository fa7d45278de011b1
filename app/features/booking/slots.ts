// Session times in Central Time (SPEC.md section 9, DESIGN.md section 5): hourly start slots from
// 09:00 to 17:00, read in America/Chicago whatever the visitor's or the server's zone, DST included.
// Pure functions with the clock passed in, shared by the page (labels, calendar bounds) and the
// server (the decision).
import { addDays, CENTRAL_ABBREVIATION, CENTRAL_TIME_ZONE, centralDate, centralInstant, clockLabel } from "~/lib/central-time";

export const BOOKING_TIME_ZONE = CENTRAL_TIME_ZONE;
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
  return `${clockLabel(time)} ${CENTRAL_ABBREVIATION}`;
}

/** A day's slots as the time select offers them: a taken one stays listed, marked and disabled. */
export function slotOptions(slots: readonly SlotState[]) {
  return slots.map((slot) => ({
    value: slot.time,
    label: slot.available ? slot.label : `${slot.label} (Unavailable)`,
    disabled: !slot.available,
  }));
}

export function sessionInterval(date: string, time: string, durationMinutes: number): Interval {
  const startsAt = centralInstant(date, time);
  return { startsAt, endsAt: new Date(startsAt.getTime() + durationMinutes * 60_000) };
}

/** The last date a session may be booked on: today (Central Time) plus the horizon. */
export function lastBookableDate(now: Date, horizonDays: number): string {
  return addDays(centralDate(now), horizonDays);
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
