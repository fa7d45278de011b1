// /admin/analytics: the range (today, 7, 30, 90 days or custom, in Central Time days), every figure
// beside the previous period of the same length, the funnels filtered by source, and the daily
// series as CSV.
import { data } from "react-router";
import { addDays, centralDate, daysBetween } from "~/lib/central-time";
import { NO_STORE } from "~/lib/cache-headers";
import { csvResponse } from "~/lib/csv.server";
import { dateParam, readListQuery } from "~/lib/list-query";
import { z } from "~/lib/zod";
import { breakdown, dailySeries, eventCounts, funnels, sources, totalsOf, type DayRange } from "./report.server";

export const RANGES = ["today", "7d", "30d", "90d", "custom"] as const;
export type RangeName = (typeof RANGES)[number];
const RANGE_DAYS: Record<Exclude<RangeName, "custom">, number> = { today: 1, "7d": 7, "30d": 30, "90d": 90 };
const MAX_CUSTOM_DAYS = 731;

const querySchema = z.object({
  range: z.enum(RANGES).catch("30d").default("30d"),
  from: dateParam,
  to: dateParam,
  source: z.string().trim().max(253).optional().catch(undefined),
});

export function readRange(url: URL, now = new Date()) {
  const query = readListQuery(querySchema, url);
  const today = centralDate(now);
  let range: RangeName = query.range;
  let error: string | null = null;
  let current: DayRange;
  if (range === "custom" && query.from && query.to && query.from <= query.to && daysBetween(query.from, query.to) < MAX_CUSTOM_DAYS) {
    current = { from: query.from, to: query.to };
  } else {
    if (range === "custom") {
      error = "Pick a start and an end date, the end on or after the start, at most two years apart. Showing the last 30 days.";
      range = "30d";
    }
    current = { from: addDays(today, -(RANGE_DAYS[range as Exclude<RangeName, "custom">] - 1)), to: today };
  }
  const length = daysBetween(current.from, current.to) + 1;
  const previous = { from: addDays(current.from, -length), to: addDays(current.from, -1) };
  return { range, current, previous, source: query.source || null, error };
}

export async function getAnalyticsPage(url: URL, now = new Date()) {
  const { range, current, previous, source, error } = readRange(url, now);
  const dimensions = ["pages", "referrers", "campaigns", "devices", "countries"] as const;
  // The previous period's rows of each breakdown, more of them, so this period's keys find theirs.
  const withPrevious = async (dimension: (typeof dimensions)[number]) => {
    const [now, before] = await Promise.all([breakdown(dimension, current), breakdown(dimension, previous, 100)]);
    const previousViews = new Map(before.map((row) => [row.key, row.views]));
    return now.map((row) => ({ ...row, previousViews: previousViews.get(row.key) ?? (before.length < 100 ? 0 : null) }));
  };
  const [days, previousDays, pages, referrers, campaigns, devices, countries, eventsNow, eventsBefore, funnel, funnelBefore, sourceList] = await Promise.all([
    dailySeries(current),
    dailySeries(previous),
    withPrevious("pages"),
    withPrevious("referrers"),
    withPrevious("campaigns"),
    withPrevious("devices"),
    withPrevious("countries"),
    eventCounts(current),
    eventCounts(previous),
    funnels(current, source),
    funnels(previous, source),
    sources(current),
  ]);
  return data(
    {
      range,
      current,
      previous,
      source,
      error,
      sources: source && !sourceList.includes(source) ? [source, ...sourceList] : sourceList,
      days,
      totals: totalsOf(days),
      previousTotals: totalsOf(previousDays),
      breakdowns: { pages, referrers, campaigns, devices, countries },
      events: eventsNow,
      previousEvents: eventsBefore,
      funnel,
      previousFunnel: funnelBefore,
    },
    { headers: NO_STORE },
  );
}

export type AnalyticsPage = Awaited<ReturnType<typeof getAnalyticsPage>>["data"];

/** The range's daily series as CSV (formula-safe, like every export). */
export async function analyticsCsvResponse(url: URL, now = new Date()) {
  const { current } = readRange(url, now);
  const days = await dailySeries(current);
  return csvResponse({
    filename: `analytics-${current.from}-to-${current.to}`,
    header: ["Day (CT)", "Page views", "Visitors", "Single-page visits"],
    pages: (async function* () {
      yield days;
    })(),
    toRow: (row) => [row.day, row.views, row.visitors, row.bounces],
  });
}
