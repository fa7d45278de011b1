import { StatusBadge, type StatusTone } from "~/components/status-badge";
import { bookingStatusLabels, type BookingStatus } from "../../admin-schema";

const tones: Record<BookingStatus, StatusTone> = {
  pending: "warning",
  confirmed: "success",
  completed: "neutral",
  cancelled: "danger",
};

export function BookingStatusBadge({ status }: { status: BookingStatus }) {
  return <StatusBadge look={{ label: bookingStatusLabels[status], tone: tones[status] }} />;
}
