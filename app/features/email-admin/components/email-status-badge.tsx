import { StatusBadge, statusLabelsOf, type StatusLook } from "~/components/status-badge";
import type { emailStatuses } from "#server/db/schema";

export type EmailStatus = (typeof emailStatuses)[number];

const looks: Record<EmailStatus, StatusLook> = {
  sent: { label: "Sent", tone: "success" },
  pending: { label: "Pending", tone: "warning" },
  sending: { label: "Sending", tone: "info" },
  dead: { label: "Dead", tone: "danger" },
  // Withdrawn on purpose before it went out (a cancelled booking's reminder): not a failure.
  dropped: { label: "Dropped", tone: "muted" },
};

/** A status whose last error is a problem; a sent message's is history, a dropped one's the reason. */
export function isFailureStatus(status: EmailStatus) {
  return status !== "sent" && status !== "dropped";
}

export const statusLabels = statusLabelsOf(looks);

export function EmailStatusBadge({ status }: { status: EmailStatus }) {
  return <StatusBadge look={looks[status]} />;
}

/** booking_confirmation → Booking confirmation */
export function kindLabel(kind: string) {
  const words = kind.replace(/[_-]+/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
