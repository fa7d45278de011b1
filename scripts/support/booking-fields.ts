// A valid booking form for the load and reliability runs (the soak, the hard suite): the n-th
// booking of a run, in a slot of its own — every start time of a day, then the next day — from
// `firstDay` days ahead on.
import { SLOT_TIMES } from "~/features/booking/slots";
import { centralDate } from "~/lib/central-time";

const DAY = 24 * 60 * 60_000;

export function bookingFields(n: number, { email, firstDay, description }: { email: string; firstDay: number; description: string }): Record<string, string> {
  return {
    firstName: "Ada",
    lastName: "Lovelace",
    email,
    phone: "316-555-0100",
    sessionDate: centralDate(new Date(Date.now() + (firstDay + Math.floor(n / SLOT_TIMES.length)) * DAY)),
    sessionTime: SLOT_TIMES[n % SLOT_TIMES.length]!,
    sessionDuration: "60",
    projectType: "Process Optimization",
    projectDescription: description,
    experienceLevel: "beginner",
  };
}
