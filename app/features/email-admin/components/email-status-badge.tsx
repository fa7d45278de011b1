import { Badge } from "~/components/ui/badge";
import type { emailStatuses } from "#server/db/schema";

export type EmailStatus = (typeof emailStatuses)[number];

const looks = {
  sent: { label: "Sent", variant: "default" },
  pending: { label: "Pending", variant: "secondary" },
  sending: { label: "Sending", variant: "outline" },
  dead: { label: "Dead", variant: "destructive" },
} as const;

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
