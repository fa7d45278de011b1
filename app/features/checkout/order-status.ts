// How the admin sees an order's status. Browser-safe.
import type { StatusLook } from "~/components/status-badge";
import type { orderStatuses } from "./schema";

export type OrderStatus = (typeof orderStatuses)[number];

export const ORDER_STATUS_LOOKS: Record<OrderStatus, StatusLook> = {
  open: { label: "Checkout open", tone: "muted" },
  processing: { label: "Processing", tone: "info" },
  paid: { label: "Paid", tone: "success" },
  partially_refunded: { label: "Partly refunded", tone: "warning" },
  refunded: { label: "Refunded", tone: "neutral" },
  expired: { label: "Expired", tone: "muted" },
  failed: { label: "Failed", tone: "danger" },
};

export const ADMIN_ORDER_STATUSES = ["paid", "partially_refunded", "refunded", "processing", "open", "expired", "failed"] as const satisfies readonly OrderStatus[];
