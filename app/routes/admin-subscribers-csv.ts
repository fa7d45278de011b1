import type { Route } from "./+types/admin-subscribers-csv";
import { requireAdmin } from "~/features/auth/guards.server";
import { subscribersCsvResponse } from "~/features/newsletter/admin-subscribers.server";

/** The list of /admin/subscribers, with the same filters, as a CSV download. */
export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  return subscribersCsvResponse(new URL(args.request.url));
}
