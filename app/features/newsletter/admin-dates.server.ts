// How the subscriber pages write dates: Central Time, the business's zone, so server and browser
// render the same text. Kept apart so it can move onto app/lib/central-time.ts in one change.
import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import { site } from "~/content/site";

const central = (date: Date) => new TZDate(date, site.location.timeZone);

/** "Nov 24, 2026" (the list's), or null */
export const subscriberDate = (date: Date | null) => (date ? format(central(date), "MMM d, yyyy") : null);
/** "2026-11-24 09:00" (the CSV's), or "" */
export const csvSubscriberDate = (date: Date | null) => (date ? format(central(date), "yyyy-MM-dd HH:mm") : "");
