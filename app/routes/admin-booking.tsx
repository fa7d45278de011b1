import { ArrowLeft } from "lucide-react";
import { Link, useNavigation } from "react-router";
import type { Route } from "./+types/admin-booking";
import { useToast } from "~/components/form";
import { Button } from "~/components/ui/button";
import { requireAdmin } from "~/features/auth/guards.server";
import { changeStatusFromAdmin } from "~/features/booking/admin-actions.server";
import { getBookingView } from "~/features/booking/admin-pages.server";
import { adminBookingStatuses } from "~/features/booking/admin-schema";
import { BookingFacts, StatusPanel } from "~/features/booking/components/admin/booking-detail";
import { BookingStatusBadge } from "~/features/booking/components/admin/booking-status-badge";
import { seo } from "~/lib/seo";

export const meta: Route.MetaFunction = (args) =>
  seo(args, { title: "Booking", description: "One assessment booking.", noIndex: true });

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  return getBookingView(args.params.id, new URL(args.request.url));
}

export async function action(args: Route.ActionArgs) {
  await requireAdmin(args);
  return changeStatusFromAdmin(args.request, args.params.id);
}

export default function AdminBooking({ loaderData: booking, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const submitted = navigation.state === "submitting" ? navigation.formData?.get("status") : null;
  const busyStatus = adminBookingStatuses.find((status) => status === submitted) ?? null;
  useToast(actionData?.toast);

  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6 lg:px-8">
      <Button asChild variant="outline">
        <Link to="/admin/bookings">
          <ArrowLeft aria-hidden="true" />
          All bookings
        </Link>
      </Button>
      <div className="mt-6">
        <h1 className="text-2xl font-bold tracking-tight break-words text-primary sm:text-3xl">{booking.name}</h1>
        <p className="mt-2 flex flex-wrap items-center gap-2 text-muted-foreground">
          <BookingStatusBadge status={booking.status} />
          <span>
            {booking.date} · {booking.time}
          </span>
        </p>
      </div>
      <div className="mt-6">
        <StatusPanel booking={booking} busyStatus={busyStatus} />
      </div>
      <div className="mt-6">
        <BookingFacts booking={booking} />
      </div>
    </div>
  );
}
