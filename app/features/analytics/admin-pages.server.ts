// /admin/analytics: the range (today, 7, 30, 90 days or custom, in Central Time days), every figure
// beside the previous period of the same length, the funnels filtered by source, and the daily
// series as CSV. A custom range is cut to the days with figures and to two years; a reversed or
// unreadable one is refused with its reason (a 400), never replaced by another range unsaid.
import { data } from "react-router";
import { addDays, centralDate, daysBetween } from "~/lib/central-time";
import { NO_STORE } from "~/lib/cache-headers";
import { csvResponse } from "~/lib/csv.server";
import { DATE_RANGE_ERROR, dateParam, readListQuery } from "~/lib/list-query";
import { z } from "~/lib/zod";
import { breakdown, dailySeries, eventCounts, firstRecordedDay, funnels, MAX_RANGE_DAYS, sources, totalsOf, type DayRange } from "./report.server";

export const RANGES = ["today", "7d", "30d", "90d", "custom"] as const;
export type RangeName = (typeof RANGES)[number];
const RANGE_DAYS: Record<Exclude<RangeName, "custom">, number> = { today: 1, "7d": 7, "30d": 30, "90d": 90 };
const PICK_DATES = "Pick a start and an end date (YYYY-MM-DD).";

const querySchema = z.object({
  range: z.enum(RANGES).catch("30d").default("30d"),
  from: dateParam,
  to: dateParam,
  source: z.string().trim().max(253).optional().catch(undefined),
});

/**
 * A custom range cut to the days with figures (`first` to `today`) and to MAX_RANGE_DAYS, with a
 * notice when it was cut, or why it cannot be shown. The dates are real four-digit calendar dates
 * here (dateParam, centralDate), so comparing them as text is comparing them in time.
 */
export function boundCustomRange(from: string | undefined, to: string | undefined, first: string, today: string): { current: DayRange; notice: string | null } | { error: string } {
  if (!from || !to) return { error: PICK_DATES };
  if (to < from) return { error: DATE_RANGE_ERROR };
  if (to < first || from > today) return { error: `There are no figures from ${from} to ${to}: they run from ${first} to ${today}.` };
  const within = { from: from < first ? first : from, to: to > today ? today : to };
  if (daysBetween(within.from, within.to) >= MAX_RANGE_DAYS) {
    const current = { from: addDays(within.to, -(MAX_RANGE_DAYS - 1)), to: within.to };
    return { current, notice: `Showing the last two years of the range: ${current.from} to ${current.to}.` };
  }
  const cut = within.from !== from || within.to !== to;
  return { current: within, notice: cut ? `Showing ${within.from} to ${within.to}: the figures run from ${first} to ${today}.` : null };
}

/** The period of the same length just before `range`. */
function previousOf(range: DayRange): DayRange {
  const length = daysBetween(range.from, range.to) + 1;
  return { from: addDays(range.from, -length), to: addDays(range.from, -1) };
}

/** The range the query asks for, bounded, or why it is refused. */
export async function readRange(url: URL, now = new Date()) {
  const query = readListQuery(querySchema, url);
  const today = centralDate(now);
  const source = query.source || null;
  if (query.range !== "custom") {
    const current = { from: addDays(today, -(RANGE_DAYS[query.range] - 1)), to: today };
    return { ok: true as const, range: query.range, current, previous: previousOf(current), source, notice: null };
  }
  const recorded = (await firstRecordedDay()) ?? today;
  const bounded = boundCustomRange(query.from, query.to, recorded < today ? recorded : today, today);
  if ("error" in bounded) return { ok: false as const, range: query.range, picked: { from: query.from ?? null, to: query.to ?? null }, source, error: bounded.error };
  return { ok: true as const, range: query.range, current: bounded.current, previous: previousOf(bounded.current), source, notice: bounded.notice };
}

async function reportOf(current: DayRange, previous: DayRange, source: string | null) {
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
  return {
    current,
    previous,
    sources: source && !sourceList.includes(source) ? [source, ...sourceList] : sourceList,
    days,
    totals: totalsOf(days),
    previousTotals: totalsOf(previousDays),
    breakdowns: { pages, referrers, campaigns, devices, countries },
    events: eventsNow,
    previousEvents: eventsBefore,
    funnel,
    previousFunnel: funnelBefore,
  };
}

export type AnalyticsReport = Awaited<ReturnType<typeof reportOf>>;

export async function getAnalyticsPage(url: URL, now = new Date()) {
  const choice = await readRange(url, now);
  if (!choice.ok) {
    const { range, picked, source, error } = choice;
    return data({ range, picked, source, error, notice: null, report: null }, { status: 400, headers: NO_STORE });
  }
  const { range, current, previous, source, notice } = choice;
  return data({ range, picked: current, source, error: null, notice, report: await reportOf(current, previous, source) }, { headers: NO_STORE });
}

export type AnalyticsPage = Awaited<ReturnType<typeof getAnalyticsPage>>["data"];

/** The range's daily series as CSV (formula-safe, like every export). */
export async function analyticsCsvResponse(url: URL, now = new Date()) {
  const choice = await readRange(url, now);
  if (!choice.ok) return new Response(choice.error, { status: 400, headers: { ...NO_STORE, "Content-Type": "text/plain; charset=utf-8" } });
  const { current } = choice;
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
