// The booking form's checks with the booking schema, as the page runs them (the visitor's clock)
// and as its HTML constraints come from it. The page loads this module once it runs, not to start:
// Zod and Conform's Zod adapter are 35 KB of gzip (decision 037). The server's loader hands the
// page its constraints, so the HTML is the same before and after.
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { bookingSchema } from "./forms";

// The schema reads the clock when it checks, so one per horizon serves every render (building it
// and its constraints took a tenth of a server render of /booking).
const formSchemas = new Map<number, { schema: ReturnType<typeof bookingSchema>; constraint: ReturnType<typeof getZodConstraint> }>();
function formSchema(horizonDays: number) {
  let entry = formSchemas.get(horizonDays);
  if (!entry) {
    const schema = bookingSchema({ now: () => new Date(), horizonDays });
    entry = { schema, constraint: getZodConstraint(schema) };
    formSchemas.set(horizonDays, entry);
  }
  return entry;
}

/** The fields' HTML constraints (required, lengths) for a booking horizon: plain data. */
export function bookingFormConstraint(horizonDays: number) {
  return formSchema(horizonDays).constraint;
}

/** Conform's submission of the form as the schema reads it, against the visitor's clock. */
export function validateBookingForm(formData: FormData, horizonDays: number) {
  return parseWithZod(formData, { schema: formSchema(horizonDays).schema });
}
