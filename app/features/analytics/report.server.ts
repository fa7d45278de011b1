// The owner's analytics (decision 020), for a range of Central Time days: the daily series, the
// breakdowns (pages, referrers, campaigns, devices, countries), the business events and the funnels.
// Days already rolled up (rollup.server.ts: every completed day, an hour after it ends) are read from
// the rollups, a few rows each; only the days after them (today, mostly) from the raw page views.
// A visitor is a hash that changes every day: "visitors" over several days are visitor-days, as in
// Plausible, and a visit is a visitor's day.
import { sql } from "drizzle-orm";
import { addDays, CENTRAL_TIME_ZONE, datesFrom, daysBetween, startOfCentralDay } from "~/lib/central-time";
import { getDb, type Executor } from "#server/db/client.server";
import { analyticsDays, events, funnelDays, pageViewDays, pageViews } from "./schema";
import { DIMENSIONS, type Dimension } from "./dimensions";
import { rolledThrough } from "./rollup.server";

export type DayRange = { from: string; to: string };

/** The longest range a report covers: two years (and a day, for a leap year). */
export const MAX_RANGE_DAYS = 731;

/**
 * Every day of a range the page has bounded (admin-pages.server.ts). Counted, not stepped through
 * by comparing strings: the day after 9999-12-31 is "10000-01-01", which sorts before it.
 */
function reportDays(range: DayRange): string[] {
  const length = daysBetween(range.from, range.to) + 1;
  if (!(length >= 1 && length <= MAX_RANGE_DAYS)) throw new RangeError(`not a bounded range: ${range.from} to ${range.to}`);
  return datesFrom(range.from, range.to);
}

/** The first day anything was recorded (a rolled-up day, a page view, an event), or null for none. */
export async function firstRecordedDay(executor: Executor = getDb()): Promise<string | null> {
  const result = await executor.execute(sql`
    select least(
      (select min(day) from ${analyticsDays}),
      (select (min(created_at) at time zone ${CENTRAL_TIME_ZONE})::date from ${pageViews}),
      (select (min(created_at) at time zone ${CENTRAL_TIME_ZONE})::date from ${events})
    )::text as first`);
  return rows<{ first: string | null }>(result)[0]?.first ?? null;
}

const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;
const day = sql.raw(`(created_at at time zone '${CENTRAL_TIME_ZONE}')::date`);

/** The part of `range` in the rollups, and the part to read raw (either may be null). */
async function split(range: DayRange, executor: Executor): Promise<{ rolled: DayRange | null; raw: DayRange | null }> {
  const through = await rolledThrough(executor);
  if (!through || through < range.from) return { rolled: null, raw: range };
  if (through >= range.to) return { rolled: range, raw: null };
  return { rolled: { from: range.from, to: through }, raw: { from: addDays(through, 1), to: range.to } };
}

function rawRange(range: DayRange | null) {
  if (!range) return sql`false`;
  return sql`created_at >= ${startOfCentralDay(range.from)}::timestamptz and created_at < ${startOfCentralDay(addDays(range.to, 1))}::timestamptz`;
}

function rolledRange(range: DayRange | null) {
  return range ? sql`day between ${range.from}::date and ${range.to}::date` : sql`false`;
}

export type DailyRow = { day: string; views: number; visitors: number; bounces: number };

export async function dailySeries(range: DayRange, executor: Executor = getDb()): Promise<DailyRow[]> {
  const { rolled, raw } = await split(range, executor);
  const result = await executor.execute(sql`
    with per_visit as (
      select ${day} as day, visitor_hash, count(*) as n from ${pageViews} where ${rawRange(raw)} group by 1, 2
    )
    select day::text as day, sum(n)::integer as views, count(*)::integer as visitors, (count(*) filter (where n = 1))::integer as bounces
    from per_visit group by day
    union all
    select day::text, views, visitors, bounces from ${analyticsDays} where ${rolledRange(rolled)}`);
  const byDay = new Map(rows<DailyRow>(result).map((row) => [row.day, row]));
  return reportDays(range).map((current) => byDay.get(current) ?? { day: current, views: 0, visitors: 0, bounces: 0 });
}

export type Totals = { views: number; visitors: number; viewsPerVisit: number; bounceRate: number };

export function totalsOf(days: DailyRow[]): Totals {
  const views = days.reduce((sum, row) => sum + row.views, 0);
  const visitors = days.reduce((sum, row) => sum + row.visitors, 0);
  const bounces = days.reduce((sum, row) => sum + row.bounces, 0);
  return { views, visitors, viewsPerVisit: visitors ? views / visitors : 0, bounceRate: visitors ? bounces / visitors : 0 };
}

export type BreakdownRow = { key: string | null; views: number; visitors: number };

export async function breakdown(dimension: Dimension, range: DayRange, limit = 10, executor: Executor = getDb()): Promise<BreakdownRow[]> {
  const { rolled, raw } = await split(range, executor);
  const result = await executor.execute(sql`
    select key, sum(views)::integer as views, sum(visitors)::integer as visitors from (
      select ${DIMENSIONS[dimension]} as key, count(*) as views, count(distinct visitor_hash) as visitors from ${pageViews} where ${rawRange(raw)} group by 1
      union all
      select key, views, visitors from ${pageViewDays} where dimension = ${dimension} and ${rolledRange(rolled)}
    ) counted
    group by key order by views desc, key asc nulls last limit ${limit}`);
  return rows<BreakdownRow>(result);
}

export type EventCounts = Record<"booking_submitted" | "checkout_started" | "order_paid" | "newsletter_subscribed" | "affiliate_click" | "affiliate_conversion", number> & {
  revenueCents: number;
};

export async function eventCounts(range: DayRange, executor: Executor = getDb()): Promise<EventCounts> {
  // A test checkout's order (properties.test) took no money: it is no revenue.
  const result = await executor.execute(sql`
    select name, count(*)::integer as count, coalesce(sum((properties->>'amountCents')::bigint) filter (where name = 'order_paid' and properties->>'test' is null), 0)::bigint as amount
    from ${events} where ${rawRange(range)} group by name`);
  const counts: EventCounts = { booking_submitted: 0, checkout_started: 0, order_paid: 0, newsletter_subscribed: 0, affiliate_click: 0, affiliate_conversion: 0, revenueCents: 0 };
  for (const row of rows<{ name: keyof EventCounts; count: number; amount: string | number }>(result)) {
    if (row.name in counts) counts[row.name] = row.count;
    if (row.name === "order_paid") counts.revenueCents = Number(row.amount);
  }
  return counts;
}

export type Funnels = { visitors: number; booked: number; checkedOut: number; paid: number };

/**
 * Visitors of the range (from `source`, a referrer host or utm_source, when given), then those of
 * them who booked, who started a checkout, and whose checkout was paid. A step is matched to the
 * visit by the visitor's hash, so it counts when it happened on the day of the visit.
 */
export async function funnels(range: DayRange, source: string | null, executor: Executor = getDb()): Promise<Funnels> {
  const { rolled, raw } = await split(range, executor);
  const fromSource = source ? sql`and (referrer_host = ${source} or utm_source = ${source})` : sql``;
  const result = await executor.execute(sql`
    with visitors as (
      select distinct visitor_hash from ${pageViews} where ${rawRange(raw)} ${fromSource}
    ),
    steps as (
      select e.name, e.visitor_hash, e.properties->>'orderId' as order_id from ${events} e
      join visitors v on v.visitor_hash = e.visitor_hash
      where e.name in ('booking_submitted', 'checkout_started')
    ),
    rolled as (
      select coalesce(sum(visitors), 0) as visitors, coalesce(sum(booked), 0) as booked, coalesce(sum(checked_out), 0) as checked_out,
        coalesce(sum(paid), 0) as paid
      from ${funnelDays} where source = ${source ?? ""} and ${rolledRange(rolled)}
    )
    select
      ((select count(*) from visitors) + (select visitors from rolled))::integer as visitors,
      ((select count(distinct visitor_hash) from steps where name = 'booking_submitted') + (select booked from rolled))::integer as booked,
      ((select count(distinct visitor_hash) from steps where name = 'checkout_started') + (select checked_out from rolled))::integer as "checkedOut",
      ((select count(distinct s.visitor_hash) from steps s where s.name = 'checkout_started' and exists (
        select from ${events} p where p.name = 'order_paid' and p.properties->>'orderId' = s.order_id
      )) + (select paid from rolled))::integer as paid`);
  return rows<Funnels>(result)[0]!;
}

/** The sources to filter the funnels by: the range's referrers and campaign sources, busiest first. */
export async function sources(range: DayRange, executor: Executor = getDb()): Promise<string[]> {
  const { rolled, raw } = await split(range, executor);
  const result = await executor.execute(sql`
    select source from (
      select referrer_host as source, count(distinct visitor_hash) as visitors from ${pageViews} where ${rawRange(raw)} and referrer_host is not null group by 1
      union all
      select utm_source, count(distinct visitor_hash) from ${pageViews} where ${rawRange(raw)} and utm_source is not null group by 1
      union all
      select source, visitors from ${funnelDays} where source <> '' and ${rolledRange(rolled)}
    ) found group by source order by sum(visitors) desc, source limit 20`);
  return rows<{ source: string }>(result).map((row) => row.source);
}
