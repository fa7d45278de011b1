import { Badge } from "~/components/ui/badge";
import { bookingStatusLabels, type BookingStatus } from "../../admin-schema";

const variants = {
  pending: "secondary",
  confirmed: "default",
  completed: "outline",
  cancelled: "destructive",
} as const;

export function BookingStatusBadge({ status }: { status: BookingStatus }) {
  return <Badge variant={variants[status]}>{bookingStatusLabels[status]}</Badge>;
}
