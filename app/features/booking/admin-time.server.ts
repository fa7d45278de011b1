// How the admin pages describe a session and a blocked time, in Central Time (app/lib/central-time.ts),
// the business's zone, so server and browser render the same text.
import { CENTRAL_ABBREVIATION, centralDate, centralInstant, centralTime, centralTimeExists, clockTime, dateTime, shortDate } from "~/lib/central-time";

/** A session's day and its hours: "Tue, Nov 24, 2026" + "9:00 AM – 10:00 AM CT". */
export function sessionTimes(interval: { startsAt: Date; endsAt: Date }) {
  return { date: shortDate(interval.startsAt), time: `${clockTime(interval.startsAt)} – ${clockTime(interval.endsAt)} ${CENTRAL_ABBREVIATION}` };
}

/** "Tue, Nov 24, 2026" + "Whole day" or "9:00 AM – 1:00 PM CT" (a block made elsewhere may span days). */
export function describeBlock(block: { startsAt: Date; endsAt: Date }) {
  const wholeDays = centralTime(block.startsAt) === "00:00" && centralTime(block.endsAt) === "00:00";
  const lastDay = new Date(block.endsAt.getTime() - 1);
  if (wholeDays) {
    return centralDate(block.startsAt) === centralDate(lastDay)
      ? { when: shortDate(block.startsAt), hours: "Whole day" }
      : { when: `${shortDate(block.startsAt)} – ${shortDate(lastDay)}`, hours: "Whole days" };
  }
  if (centralDate(block.startsAt) === centralDate(block.endsAt)) {
    return { when: shortDate(block.startsAt), hours: `${clockTime(block.startsAt)} – ${clockTime(block.endsAt)} ${CENTRAL_ABBREVIATION}` };
  }
  return { when: `${dateTime(block.startsAt)} –`, hours: dateTime(block.endsAt) };
}

/**
 * The instant a Central Time date and "HH:mm" name, or null when that local time does not exist
 * (the hour skipped when daylight saving time begins: 2:00–2:59 AM on its Sunday in March).
 */
export function existingCentralInstant(date: string, time: string): Date | null {
  return centralTimeExists(date, time) ? centralInstant(date, time) : null;
}
