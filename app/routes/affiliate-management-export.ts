import type { Route } from "./+types/affiliate-management-export";
import { affiliateExportResponse } from "~/features/affiliates/admin-csv.server";
import { requireAdmin } from "~/features/auth/guards.server";

/** affiliates.csv (with the list's filters), referrals.csv, payouts.csv: the monthly payout run. */
export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  return affiliateExportResponse(args.params.file, new URL(args.request.url));
}
