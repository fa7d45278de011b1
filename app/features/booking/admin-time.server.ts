// How the admin pages write times: Central Time, the business's zone, so server and browser
// render the same text. Kept apart so it can move onto app/lib/central-time.ts in one change.
import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import { site } from "~/content/site";
import { centralInstant } from "./slots";

const zone = site.location.timeZone;
export const zoneAbbreviation = site.location.timeZoneAbbreviation;

const central = (date: Date) => new TZDate(date, zone);

/** "Tue, Nov 24, 2026" */
export const longDate = (date: Date) => format(central(date), "EEE, MMM d, yyyy");
/** "9:00 AM" */
export const clock = (date: Date) => format(central(date), "h:mm a");
/** "Nov 24, 2026, 9:00 AM CT" */
export const dateTime = (date: Date) => `${format(central(date), "MMM d, yyyy, h:mm a")} ${zoneAbbreviation}`;
/** "2026-11-24 09:00" (the CSV's), or "" */
export const csvDateTime = (date: Date | null) => (date ? format(central(date), "yyyy-MM-dd HH:mm") : "");

/** A session's day and its hours: "Tue, Nov 24, 2026" + "9:00 AM – 10:00 AM CT". */
export function sessionTimes(interval: { startsAt: Date; endsAt: Date }) {
  return { date: longDate(interval.startsAt), time: `${clock(interval.startsAt)} – ${clock(interval.endsAt)} ${zoneAbbreviation}` };
}

/** "Tue, Nov 24, 2026" + "Whole day" or "9:00 AM – 1:00 PM CT" (a block made elsewhere may span days). */
export function describeBlock(block: { startsAt: Date; endsAt: Date }) {
  const start = central(block.startsAt);
  const end = central(block.endsAt);
  const wholeDays = format(start, "HH:mm") === "00:00" && format(end, "HH:mm") === "00:00";
  const lastDay = new Date(block.endsAt.getTime() - 1);
  if (wholeDays) {
    const sameDay = format(start, "yyyy-MM-dd") === format(central(lastDay), "yyyy-MM-dd");
    return sameDay
      ? { when: longDate(block.startsAt), hours: "Whole day" }
      : { when: `${longDate(block.startsAt)} – ${longDate(lastDay)}`, hours: "Whole days" };
  }
  if (format(start, "yyyy-MM-dd") === format(end, "yyyy-MM-dd")) {
    return { when: longDate(block.startsAt), hours: `${clock(block.startsAt)} – ${clock(block.endsAt)} ${zoneAbbreviation}` };
  }
  return { when: `${dateTime(block.startsAt)} –`, hours: dateTime(block.endsAt) };
}

/**
 * The instant a Central Time date and "HH:mm" name, or null when that local time does not exist
 * (the hour skipped when daylight saving time begins: 2:00–2:59 AM on its Sunday in March).
 */
export function existingCentralInstant(date: string, time: string): Date | null {
  const instant = centralInstant(date, time);
  return format(central(instant), "yyyy-MM-dd HH:mm") === `${date} ${time}` ? instant : null;
}
