import type { Route } from "./+types/admin-orders-csv";
import { requireAdmin } from "~/features/auth/guards.server";
import { ordersCsvResponse } from "~/features/checkout/admin-csv.server";

/** The list of /admin/orders, with the same filters, as a CSV download. */
export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  return ordersCsvResponse(new URL(args.request.url));
}
