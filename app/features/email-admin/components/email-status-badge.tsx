import { Badge } from "~/components/ui/badge";
import type { emailStatuses } from "#server/db/schema";

export type EmailStatus = (typeof emailStatuses)[number];

const looks = {
  sent: { label: "Sent", variant: "default" },
  pending: { label: "Pending", variant: "secondary" },
  sending: { label: "Sending", variant: "outline" },
  dead: { label: "Dead", variant: "destructive" },
  // Withdrawn on purpose before it went out (a cancelled booking's reminder): not a failure.
  dropped: { label: "Dropped", variant: "secondary" },
} as const;

/** A status whose last error is a problem; a sent message's is history, a dropped one's the reason. */
export function isFailureStatus(status: EmailStatus) {
  return status !== "sent" && status !== "dropped";
}

export const statusLabels = Object.fromEntries(Object.entries(looks).map(([status, look]) => [status, look.label])) as Record<
  EmailStatus,
  string
>;

export function EmailStatusBadge({ status }: { status: EmailStatus }) {
  const look = looks[status];
  return <Badge variant={look.variant}>{look.label}</Badge>;
}

/** booking_confirmation → Booking confirmation */
export function kindLabel(kind: string) {
  const words = kind.replace(/[_-]+/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
