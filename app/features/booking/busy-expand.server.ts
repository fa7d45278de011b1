// The owner's busy times from one of their calendars (an iCalendar file as Google, Outlook and Apple
// publish it): every opaque, not-cancelled event that overlaps a window, recurring events expanded
// by ical.js with their EXDATEs and moved or cancelled occurrences (RECURRENCE-ID), times converted
// with the file's own VTIMEZONE definitions (so DST falls where the calendar says).
import ICAL from "ical.js";
import { TZDate } from "@date-fns/tz";
import { CENTRAL_TIME_ZONE, centralInstant } from "~/lib/central-time";
import type { Interval } from "./slots";

/** A recurring event stops expanding after this many occurrences (a daily event since 1970 is ~20,000). */
const MAX_OCCURRENCES_PER_EVENT = 50_000;

export class CalendarParseError extends Error {}

function isTimeZone(name: string) {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/**
 * The instant of a calendar time. A date (an all-day event) is the owner's day, midnight in Central
 * Time. A time whose TZID the file does not define (ical.js then leaves it floating) is read as a
 * wall clock in that IANA zone when it is one, else in Central Time.
 */
function instantOf(time: ICAL.Time, tzid: string | null): Date {
  if (time.isDate) {
    return centralInstant(`${time.year}-${String(time.month).padStart(2, "0")}-${String(time.day).padStart(2, "0")}`);
  }
  if (time.zone && time.zone !== ICAL.Timezone.localTimezone && time.zone.tzid !== "floating") return time.toJSDate();
  const zone = tzid && isTimeZone(tzid) ? tzid : CENTRAL_TIME_ZONE;
  return new Date(new TZDate(time.year, time.month - 1, time.day, time.hour, time.minute, time.second, zone).getTime());
}

/** Free time: TRANSP:TRANSPARENT (Google's and Apple's "free"), or Outlook's busy status FREE. */
function isFree(event: ICAL.Component) {
  const transparency = String(event.getFirstPropertyValue("transp") ?? "").toUpperCase();
  const outlookStatus = String(event.getFirstPropertyValue("x-microsoft-cdo-busystatus") ?? "").toUpperCase();
  return transparency === "TRANSPARENT" || outlookStatus === "FREE";
}

const isCancelled = (event: ICAL.Component) => String(event.getFirstPropertyValue("status") ?? "").toUpperCase() === "CANCELLED";

function parseCalendar(text: string): ICAL.Component {
  let parsed: unknown;
  try {
    parsed = ICAL.parse(text);
  } catch (error) {
    throw new CalendarParseError(`This is not an iCalendar file (${(error as Error).message}).`);
  }
  // A file of several VCALENDARs parses to a list: the first is the calendar.
  const root = new ICAL.Component((Array.isArray(parsed) && Array.isArray(parsed[0]) ? parsed[0] : parsed) as unknown[]);
  if (root.name !== "vcalendar") throw new CalendarParseError("This is not an iCalendar file (no VCALENDAR).");
  return root;
}

/** The busy intervals of `text` that overlap `window`, merged where they touch or overlap, earliest first. */
export function busyIntervalsOf(text: string, window: Interval): Interval[] {
  const root = parseCalendar(text);
  const vevents = root.getAllSubcomponents("vevent");
  // Moved or cancelled occurrences, by the UID of the series they belong to.
  const exceptions = new Map<string, ICAL.Event[]>();
  const series: ICAL.Event[] = [];
  for (const vevent of vevents) {
    const event = new ICAL.Event(vevent);
    if (event.isRecurrenceException()) {
      const list = exceptions.get(event.uid) ?? [];
      list.push(event);
      exceptions.set(event.uid, list);
    } else {
      series.push(event);
    }
  }

  const intervals: Interval[] = [];
  const add = (component: ICAL.Component, start: ICAL.Time, end: ICAL.Time, tzid: string | null) => {
    if (isFree(component) || isCancelled(component)) return;
    const startsAt = instantOf(start, tzid);
    // An event without an end lasts a day when it is a date, else no time at all (RFC 5545 3.6.1).
    const endsAt = end ? instantOf(end, tzid) : start.isDate ? new Date(startsAt.getTime() + 24 * 60 * 60_000) : startsAt;
    if (endsAt > startsAt && startsAt < window.endsAt && endsAt > window.startsAt) intervals.push({ startsAt, endsAt });
  };

  const windowEnd = ICAL.Time.fromJSDate(window.endsAt, true);
  for (const event of series) {
    if (!event.startDate) continue;
    const tzid = (event.component.getFirstProperty("dtstart")?.getParameter("tzid") as string | undefined) ?? null;
    if (!event.isRecurring()) {
      add(event.component, event.startDate, event.endDate, tzid);
      continue;
    }
    for (const exception of exceptions.get(event.uid) ?? []) event.relateException(exception);
    const iterator = event.iterator();
    for (let count = 0, next = iterator.next(); next && count < MAX_OCCURRENCES_PER_EVENT; next = iterator.next(), count++) {
      // Occurrences come in order of their original start: past the window (a day's slack for a
      // moved one), nothing later counts.
      if (instantOf(next, tzid).getTime() > windowEnd.toJSDate().getTime() + 24 * 60 * 60_000) break;
      const occurrence = event.getOccurrenceDetails(next);
      add(occurrence.item.component, occurrence.startDate, occurrence.endDate, tzid);
    }
  }
  // Exceptions whose series is not in the file (a calendar may publish only the moved occurrence).
  const seriesIds = new Set(series.map((event) => event.uid));
  for (const [uid, list] of exceptions) {
    if (seriesIds.has(uid)) continue;
    for (const exception of list) {
      const tzid = (exception.component.getFirstProperty("dtstart")?.getParameter("tzid") as string | undefined) ?? null;
      add(exception.component, exception.startDate, exception.endDate, tzid);
    }
  }
  return mergeIntervals(intervals);
}

/** Sorted, with overlapping or touching intervals joined: fewer rows, the same busy time. */
export function mergeIntervals(intervals: Interval[]): Interval[] {
  const sorted = [...intervals].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  const merged: Interval[] = [];
  for (const interval of sorted) {
    const last = merged.at(-1);
    if (last && interval.startsAt <= last.endsAt) {
      if (interval.endsAt > last.endsAt) last.endsAt = interval.endsAt;
    } else {
      merged.push({ startsAt: interval.startsAt, endsAt: interval.endsAt });
    }
  }
  return merged;
}
