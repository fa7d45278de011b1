import type { Route } from "./+types/admin-bookings-csv";
import { requireAdmin } from "~/features/auth/guards.server";

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  return new Response("", { headers: { "Content-Type": "text/csv; charset=utf-8", "Cache-Control": "no-store" } });
}
