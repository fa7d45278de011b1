import type { Route } from "./+types/admin-analytics-csv";
import { analyticsCsvResponse } from "~/features/analytics/admin-pages.server";
import { requireAdmin } from "~/features/auth/guards.server";

/** The range's daily series (visitors, page views, single-page visits) as CSV. */
export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  return analyticsCsvResponse(new URL(args.request.url));
}
