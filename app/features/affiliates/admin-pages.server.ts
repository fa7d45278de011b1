// What /affiliate-management shows: the stat cards over the whole program, and the affiliates
// (searched, filtered by status, paged) with their totals.
import { data } from "react-router";
import { NO_STORE } from "~/lib/cache-headers";
import { longDate } from "~/lib/central-time";
import { pageParam, pageWindow, readListQuery, statusParam } from "~/lib/list-query";
import { z } from "~/lib/zod";
import { countAffiliates, listAffiliates, programStats, type AffiliateFilters } from "./admin-data.server";
import { formatCents, formatWholeDollars } from "~/lib/money";
import { formatRate } from "./commission-rate";
import { actionsFor, AFFILIATE_STATUSES } from "./status";

export const AFFILIATES_PAGE_SIZE = 25;

export const affiliateListQuerySchema = z.object({
  status: statusParam(AFFILIATE_STATUSES),
  q: z.string().trim().max(100).optional().catch(undefined),
  page: pageParam,
});

export function readAffiliateFilters(url: URL) {
  const query = readListQuery(affiliateListQuerySchema, url);
  const filters: AffiliateFilters = { status: query.status, search: query.q || undefined };
  return { query, filters };
}

export async function getAffiliateManagementPage(url: URL) {
  const { query, filters } = readAffiliateFilters(url);
  const [stats, total] = await Promise.all([programStats(), countAffiliates(filters)]);
  const { page, pageCount, limit, offset } = pageWindow(query.page, total, AFFILIATES_PAGE_SIZE);
  const rows = await listAffiliates(filters, { limit, offset });
  return data(
    {
      stats: {
        total: stats.total,
        active: stats.active,
        revenueCommissions: formatWholeDollars(stats.earnedCents),
        clicks: stats.clicks,
      },
      countByStatus: stats.countByStatus,
      filters: { status: filters.status ?? null, q: filters.search ?? "" },
      page,
      pageCount,
      total,
      affiliates: rows.map((row) => ({
        id: row.id,
        code: row.affiliateCode,
        status: row.status,
        actions: actionsFor(row.status),
        payoutEmail: row.payoutEmail,
        accountEmail: row.accountEmail,
        ratePercent: Number(row.commissionRate) * 100,
        rateLabel: formatRate(row.commissionRate),
        earnings: formatCents(row.earnedCents),
        balance: formatCents(row.balanceCents),
        balanceCents: row.balanceCents,
        clicks: row.clicks,
        conversions: row.conversions,
        appliedLabel: longDate(row.createdAt),
        application: row.socialMediaHandles ?? null,
      })),
    },
    { headers: NO_STORE },
  );
}
