// /admin/orders as a CSV download, with the list's filters (formula-safe cells, streamed).
import { csvDateTime } from "~/lib/central-time";
import { csvResponse, pagesOf } from "~/lib/csv.server";
import { centsAsDecimal } from "~/lib/money";
import { readOrderFilters } from "./admin-pages.server";
import { listOrders } from "./orders.server";
import { ORDER_STATUS_LOOKS } from "./order-status";

export function ordersCsvResponse(url: URL) {
  const { filters } = readOrderFilters(url);
  return csvResponse({
    filename: ["orders", filters.status, filters.from && `from-${filters.from}`, filters.to && `to-${filters.to}`].filter(Boolean).join("-"),
    header: ["Order", "Status", "Amount (USD)", "Refunded (USD)", "Buyer", "Email", "Company", "Phone", "Affiliate code", "Reference given", "Provider", "Payment id", "Created (CT)", "Paid (CT)"],
    pages: pagesOf((page) => listOrders(filters, page)),
    toRow: (order) => [
      order.id,
      ORDER_STATUS_LOOKS[order.status].label,
      centsAsDecimal(order.amountCents),
      centsAsDecimal(order.refundedCents),
      order.customerName,
      order.customerEmail,
      order.companyName,
      order.phone,
      order.affiliateCode,
      order.affiliateRef,
      order.provider,
      order.providerPaymentId,
      csvDateTime(order.createdAt),
      order.paidAt ? csvDateTime(order.paidAt) : "",
    ],
  });
}
