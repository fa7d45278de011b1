import type { Route } from "./+types/admin-bookings";
import { PagePlaceholder } from "~/components/page-placeholder";
import { requireAdmin } from "~/features/auth/guards.server";
import { seo } from "~/lib/seo";

export const meta: Route.MetaFunction = (args) =>
  seo(args, { title: "Bookings", description: "Assessment bookings and blocked times.", noIndex: true });

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  return null;
}

export default function AdminBookings() {
  return <PagePlaceholder title="Bookings" />;
}
