// The monthly payout run's CSV files: affiliates with their totals, referrals, payouts
// (app/lib/csv.server.ts: formula-safe cells, BOM, CRLF, streamed a page at a time).
import { data } from "react-router";
import { csvDateTime } from "~/lib/central-time";
import { NO_STORE } from "~/lib/cache-headers";
import { csvResponse, pagesOf } from "~/lib/csv.server";
import { centsAsDecimal } from "~/lib/money";
import { listAffiliates, listPayoutsForExport, listReferralsForExport } from "./admin-data.server";
import { readAffiliateFilters } from "./admin-pages.server";

const percent = (rate: string) => (Number(rate) * 100).toFixed(1);

export const AFFILIATE_EXPORTS = ["affiliates.csv", "referrals.csv", "payouts.csv"] as const;

export function affiliateExportResponse(file: string | undefined, url: URL) {
  switch (file) {
    case "affiliates.csv": {
      const { filters } = readAffiliateFilters(url);
      return csvResponse({
        filename: ["affiliates", filters.status].filter(Boolean).join("-"),
        header: ["Code", "Status", "Account email", "Payout email", "Commission rate (%)", "Clicks", "Conversions", "Earned (USD)", "Paid out (USD)", "Balance (USD)", "Applied at (CT)"],
        pages: pagesOf((page) => listAffiliates(filters, page)),
        toRow: (row) => [
          row.affiliateCode,
          row.status,
          row.accountEmail,
          row.payoutEmail,
          percent(row.commissionRate),
          row.clicks,
          row.conversions,
          centsAsDecimal(row.earnedCents),
          centsAsDecimal(row.paidCents),
          centsAsDecimal(row.balanceCents),
          csvDateTime(row.createdAt),
        ],
      });
    }
    case "referrals.csv":
      return csvResponse({
        filename: "affiliate-referrals",
        header: ["Date (CT)", "Affiliate code", "Payout email", "Order", "Order status", "Sale (USD)", "Rate (%)", "Commission (USD)", "Reversed (USD)", "Net commission (USD)", "Status", "Customer email"],
        pages: pagesOf(listReferralsForExport),
        toRow: (row) => [
          csvDateTime(row.createdAt),
          row.affiliateCode,
          row.payoutEmail,
          row.orderId,
          row.orderStatus,
          centsAsDecimal(row.saleAmountCents),
          percent(row.commissionRate),
          centsAsDecimal(row.commissionCents),
          centsAsDecimal(row.reversedCents),
          centsAsDecimal(row.commissionCents - row.reversedCents),
          row.status,
          row.customerEmail,
        ],
      });
    case "payouts.csv":
      return csvResponse({
        filename: "affiliate-payouts",
        header: ["Paid on", "Affiliate code", "Payout email", "Amount (USD)", "Method", "Reference", "Note", "Recorded by", "Recorded at (CT)"],
        pages: pagesOf(listPayoutsForExport),
        toRow: (row) => [row.paidOn, row.affiliateCode, row.payoutEmail, centsAsDecimal(row.amountCents), row.method, row.reference, row.note, row.recordedBy, csvDateTime(row.createdAt)],
      });
    default:
      throw data(null, { status: 404, headers: NO_STORE });
  }
}
