// Affiliate statuses and the admin's actions on them (SPEC.md section 4): pending → approved
// (Approve) or rejected (Reject); approved → suspended (Suspend); suspended → approved
// (Reactivate); rejected has none. The server allows exactly these and refuses the rest.
import type { StatusLook } from "~/components/status-badge";

export const AFFILIATE_STATUSES = ["pending", "approved", "rejected", "suspended"] as const;
export type AffiliateStatus = (typeof AFFILIATE_STATUSES)[number];

export const STATUS_ACTIONS = {
  approve: { label: "Approve", from: "pending", to: "approved" },
  reject: { label: "Reject", from: "pending", to: "rejected" },
  suspend: { label: "Suspend", from: "approved", to: "suspended" },
  reactivate: { label: "Reactivate", from: "suspended", to: "approved" },
} as const satisfies Record<string, { label: string; from: AffiliateStatus; to: AffiliateStatus }>;

export type StatusAction = keyof typeof STATUS_ACTIONS;
export const STATUS_ACTION_NAMES = Object.keys(STATUS_ACTIONS) as [StatusAction, ...StatusAction[]];

/** The actions the admin is offered for an affiliate in `status`. */
export function actionsFor(status: AffiliateStatus): StatusAction[] {
  return STATUS_ACTION_NAMES.filter((action) => STATUS_ACTIONS[action].from === status);
}

// The admin table's badges (approved default, pending secondary, rejected destructive, other outlined).
export const ADMIN_STATUS_LOOKS: Record<AffiliateStatus, StatusLook> = {
  approved: { label: "approved", tone: "success" },
  pending: { label: "pending", tone: "warning" },
  rejected: { label: "rejected", tone: "danger" },
  suspended: { label: "suspended", tone: "muted" },
};

// The dashboard's badges (active default, pending secondary, suspended destructive, unknown as
// pending). The spec's original stored 'approved' but its dashboard only knew 'active', so an
// approved partner saw 'pending'; an approved affiliate is the active one, and says so.
export function dashboardStatusLook(status: string): StatusLook {
  switch (status) {
    case "approved":
    case "active":
      return { label: "active", tone: "success" };
    case "suspended":
      return { label: "suspended", tone: "danger" };
    case "rejected":
      return { label: "rejected", tone: "muted" };
    default:
      return { label: "pending", tone: "warning" };
  }
}
