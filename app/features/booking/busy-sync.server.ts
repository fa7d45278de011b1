// The owner's calendars (calendar_sources) and their busy times (calendar_busy): added and removed
// on /admin/bookings, fetched by a recurring job every 15 minutes. A fetch that works replaces the
// source's busy times whole; one that fails keeps the last good copy and records the error, and
// after a day of failures without a break the owner gets one e-mail (the next success resets that).
import { asc, eq, sql } from "drizzle-orm";
import { getDb, type Executor } from "#server/db/client.server";
import { enqueueEmail } from "#server/email/outbox.server";
import type { JobDefinition } from "#server/jobs/runner.server";
import { logger } from "#server/logger.server";
import { getEnv } from "~/lib/env.server";
import { calendarFailingEmail } from "./busy-email.server";
import { busyIntervalsOf, CalendarParseError } from "./busy-expand.server";
import { CalendarFetchError, fetchCalendar, type FetchLimits } from "./busy-fetch.server";
import { calendarBusy, calendarSources } from "./schema";
import type { Interval } from "./slots";

export const CALENDAR_SYNC_EVERY_MS = 15 * 60_000;
export const CALENDAR_FAILURE_EMAIL_AFTER_MS = 24 * 60 * 60_000;
export const CALENDAR_FAILING_KIND = "calendar_failing";
const DAY_MS = 24 * 60 * 60_000;
const INSERT_BATCH = 1_000;

export const defaultFetchLimits = (): FetchLimits => ({
  timeoutMs: 20_000,
  maxBytes: 5 * 1024 * 1024,
  allowPrivate: getEnv().CALENDAR_ALLOW_PRIVATE,
});

export type CalendarSource = typeof calendarSources.$inferSelect;

const sourceColumns = {
  id: calendarSources.id,
  url: calendarSources.url,
  fetchedAt: calendarSources.fetchedAt,
  busyCount: calendarSources.busyCount,
  lastError: calendarSources.lastError,
  lastErrorAt: calendarSources.lastErrorAt,
  failingSince: calendarSources.failingSince,
  failureNotifiedAt: calendarSources.failureNotifiedAt,
  createdAt: calendarSources.createdAt,
};

export async function listCalendarSources(executor: Executor = getDb()): Promise<CalendarSource[]> {
  return executor.select(sourceColumns).from(calendarSources).orderBy(asc(calendarSources.createdAt));
}

/** Adds an address (normalised by the caller); false when it is already there. */
export async function addCalendarSource(url: string, executor: Executor = getDb()): Promise<{ id: string } | null> {
  const [row] = await executor.insert(calendarSources).values({ url }).onConflictDoNothing().returning({ id: calendarSources.id });
  return row ?? null;
}

/** Removes a calendar and its busy times (the foreign key cascades); false when it was already gone. */
export async function removeCalendarSource(id: string, executor: Executor = getDb()): Promise<boolean> {
  const rows = await executor.delete(calendarSources).where(eq(calendarSources.id, id)).returning({ id: calendarSources.id });
  return rows.length > 0;
}

/** What the busy times are kept for: from yesterday to the end of the booking horizon, with a day's slack. */
export function syncWindow(now: Date, horizonDays: number): Interval {
  return { startsAt: new Date(now.getTime() - DAY_MS), endsAt: new Date(now.getTime() + (horizonDays + 2) * DAY_MS) };
}

export type SyncOptions = { now?: Date; horizonDays?: number; limits?: FetchLimits; executor?: Executor };

/** Fetches one calendar and records the outcome; the error's text when it failed. */
export async function syncCalendarSource(source: Pick<CalendarSource, "id" | "url">, options: SyncOptions = {}): Promise<{ ok: true; busy: number } | { ok: false; error: string }> {
  const { now = new Date(), horizonDays = getEnv().BOOKING_HORIZON_DAYS, limits = defaultFetchLimits(), executor = getDb() } = options;
  let intervals: Interval[];
  try {
    intervals = busyIntervalsOf(await fetchCalendar(source.url, limits), syncWindow(now, horizonDays));
  } catch (error) {
    const known = error instanceof CalendarFetchError || error instanceof CalendarParseError;
    const message = known ? error.message : "The calendar could not be read (an event in it is malformed).";
    if (!known) logger.warn({ err: error, sourceId: source.id }, "calendar not read");
    await recordFailure(source.id, message, now, executor);
    return { ok: false, error: message };
  }
  await executor.transaction(async (tx) => {
    await tx.delete(calendarBusy).where(eq(calendarBusy.sourceId, source.id));
    for (let from = 0; from < intervals.length; from += INSERT_BATCH) {
      await tx.insert(calendarBusy).values(intervals.slice(from, from + INSERT_BATCH).map((interval) => ({ sourceId: source.id, ...interval })));
    }
    await tx
      .update(calendarSources)
      .set({ fetchedAt: now, busyCount: intervals.length, lastError: null, lastErrorAt: null, failingSince: null, failureNotifiedAt: null })
      .where(eq(calendarSources.id, source.id));
  });
  return { ok: true, busy: intervals.length };
}

async function recordFailure(id: string, message: string, now: Date, executor: Executor) {
  await executor.transaction(async (tx) => {
    const [row] = await tx
      .update(calendarSources)
      .set({ lastError: message, lastErrorAt: now, failingSince: sql`coalesce(${calendarSources.failingSince}, ${now}::timestamptz)` })
      .where(eq(calendarSources.id, id))
      .returning({ url: calendarSources.url, failingSince: calendarSources.failingSince, failureNotifiedAt: calendarSources.failureNotifiedAt, fetchedAt: calendarSources.fetchedAt });
    if (!row || row.failureNotifiedAt || now.getTime() - row.failingSince!.getTime() < CALENDAR_FAILURE_EMAIL_AFTER_MS) return;
    await enqueueEmail({ kind: CALENDAR_FAILING_KIND, ...calendarFailingEmail({ url: row.url, error: message, failingSince: row.failingSince!, fetchedAt: row.fetchedAt }) }, tx);
    await tx.update(calendarSources).set({ failureNotifiedAt: now }).where(eq(calendarSources.id, id));
  });
}

/** Every calendar, one after the other (a slow one waits its timeout, the others are not held up by more). */
export async function syncCalendarSources(options: SyncOptions = {}) {
  const sources = await listCalendarSources(options.executor);
  let failed = 0;
  for (const source of sources) {
    const outcome = await syncCalendarSource(source, options);
    if (!outcome.ok) failed += 1;
  }
  if (sources.length > 0) logger.info({ calendars: sources.length, failed }, "calendar busy times fetched");
}

export const calendarSyncJob: JobDefinition = {
  name: "booking:calendar-busy",
  everyMs: CALENDAR_SYNC_EVERY_MS,
  async run() {
    await syncCalendarSources();
  },
};
