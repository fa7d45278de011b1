// Daily rollups (decision 020): every completed Central Time day is rolled up once, an hour after it
// ends — totals (analytics_days), one set of rows per breakdown (page_view_days) and the funnels per
// source (funnel_days) — so a report reads a few rows per day instead of every view. Days are rolled
// in order, without gaps (a day with no views gets its row of zeros), so "rolled through D" says
// everything up to D is in the rollups. Raw views stay for ANALYTICS_RETENTION_DAYS (400), then go;
// their days' figures stay what they were. Old salts go at the same time.
import { max, sql } from "drizzle-orm";
import { addDays, centralDate, CENTRAL_TIME_ZONE, daysBetween, startOfCentralDay } from "~/lib/central-time";
import { getEnv } from "~/lib/env.server";
import { getDb, type Executor } from "#server/db/client.server";
import { analyticsDays, events, funnelDays, pageViewDays, pageViews } from "./schema";
import type { JobDefinition } from "#server/jobs/runner.server";
import { logger } from "#server/logger.server";
import { DIMENSIONS } from "./dimensions";
import { dropOldSalts } from "./visitor.server";

const HOUR_MS = 60 * 60 * 1000;
const day = sql.raw(`(created_at at time zone '${CENTRAL_TIME_ZONE}')::date`);

/** The last day in the rollups (every day up to it is there), or null. */
export async function rolledThrough(executor: Executor = getDb()): Promise<string | null> {
  const [row] = await executor.select({ day: max(analyticsDays.day) }).from(analyticsDays);
  return row?.day ?? null;
}

/** The days to roll up now: after the last rolled one (else from the first view) to the last completed an hour ago. */
async function daysToRoll(now: Date, executor: Executor): Promise<{ from: string; to: string } | null> {
  const to = addDays(centralDate(new Date(now.getTime() - HOUR_MS)), -1);
  const last = await rolledThrough(executor);
  let from = last ? addDays(last, 1) : null;
  if (!from) {
    const [first] = await executor.select({ at: sql<Date | string | null>`min(${pageViews.createdAt})` }).from(pageViews);
    if (!first?.at) return null;
    from = centralDate(new Date(first.at));
  }
  return from <= to ? { from, to } : null;
}

/** Rolls up every completed day not rolled up yet, in one transaction; returns how many days. */
export async function rollUpCompletedDays(now = new Date(), executor: Executor = getDb()): Promise<number> {
  return executor.transaction(async (tx) => {
    const days = await daysToRoll(now, tx);
    if (!days) return 0;
    const start = startOfCentralDay(days.from);
    const end = startOfCentralDay(addDays(days.to, 1));
    const inRange = sql`created_at >= ${start}::timestamptz and created_at < ${end}::timestamptz`;
    await tx.execute(sql`
      insert into ${analyticsDays} (day, views, visitors, bounces)
      select d::date, coalesce(sum(per_visit.n), 0), count(per_visit.visitor_hash), count(*) filter (where per_visit.n = 1)
      from generate_series(${days.from}::date, ${days.to}::date, interval '1 day') as d
      left join (
        select ${day} as day, visitor_hash, count(*) as n from ${pageViews} where ${inRange} group by 1, 2
      ) per_visit on per_visit.day = d::date
      group by d`);
    for (const [dimension, key] of Object.entries(DIMENSIONS)) {
      await tx.execute(sql`
        insert into ${pageViewDays} (day, dimension, key, views, visitors)
        select ${day}, ${dimension}, ${key}, count(*), count(distinct visitor_hash) from ${pageViews} where ${inRange} group by 1, 3`);
    }
    // Each visitor's day (their hash is the day's), where they came from, and the steps they took.
    await tx.execute(sql`
      with visits as (
        select ${day} as day, visitor_hash, array_remove(array_agg(distinct referrer_host) || array_agg(distinct utm_source), null) as sources
        from ${pageViews} where ${inRange} group by 1, 2
      ),
      steps as (
        select e.visitor_hash,
          bool_or(e.name = 'booking_submitted') as booked,
          bool_or(e.name = 'checkout_started') as checked_out,
          bool_or(e.name = 'checkout_started' and exists (
            select from ${events} p where p.name = 'order_paid' and p.properties->>'orderId' = e.properties->>'orderId'
          )) as paid
        from ${events} e
        where e.created_at >= ${start}::timestamptz and e.created_at < ${end}::timestamptz
          and e.name in ('booking_submitted', 'checkout_started') and e.visitor_hash is not null
        group by e.visitor_hash
      ),
      visit_steps as (
        select v.day, v.sources, coalesce(s.booked, false) as booked, coalesce(s.checked_out, false) as checked_out, coalesce(s.paid, false) as paid
        from visits v left join steps s on s.visitor_hash = v.visitor_hash
      )
      insert into ${funnelDays} (day, source, visitors, booked, checked_out, paid)
      select day, '', count(*), count(*) filter (where booked), count(*) filter (where checked_out), count(*) filter (where paid)
      from visit_steps group by day
      union all
      select day, source, count(*), count(*) filter (where booked), count(*) filter (where checked_out), count(*) filter (where paid)
      from visit_steps, unnest(sources) as source group by day, source`);
    return daysBetween(days.from, days.to) + 1;
  });
}

/** Deletes raw page views of rolled-up days older than the retention age; returns how many. */
export async function deleteOldPageViews(now = new Date(), retentionDays = getEnv().ANALYTICS_RETENTION_DAYS, executor: Executor = getDb()): Promise<number> {
  const through = await rolledThrough(executor);
  if (!through) return 0;
  const cutoffDay = addDays(centralDate(now), -retentionDays);
  const cutoff = startOfCentralDay(cutoffDay < addDays(through, 1) ? cutoffDay : addDays(through, 1));
  const removed = await executor.execute(sql`delete from ${pageViews} where created_at < ${cutoff}::timestamptz`);
  return (removed as unknown as { rowCount?: number; affectedRows?: number }).rowCount ?? (removed as unknown as { affectedRows?: number }).affectedRows ?? 0;
}

/** Hourly, once across the instances (server/jobs): each day is rolled up within the hour after the hour it ends. */
export const analyticsHousekeeping: JobDefinition = {
  name: "analytics:housekeeping",
  everyMs: HOUR_MS,
  async run() {
    const rolled = await rollUpCompletedDays();
    const removed = await deleteOldPageViews();
    await dropOldSalts();
    if (rolled > 0 || removed > 0) logger.info({ daysRolledUp: rolled, oldViewsRemoved: removed }, "analytics housekeeping");
  },
};
