import type { Route } from "./+types/admin-bookings-csv";
import { requireAdmin } from "~/features/auth/guards.server";
import { bookingsCsvResponse } from "~/features/booking/admin-csv.server";

/** The list of /admin/bookings, with the same filters, as a CSV download. */
export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  return bookingsCsvResponse(new URL(args.request.url));
}
