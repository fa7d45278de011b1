// Business events are recorded where they happen, in the transaction of the change they describe,
// so an event exists exactly when its change committed (the analytics feature owns `events`).
import { sql, type Placeholder, type SQL } from "drizzle-orm";
import { getDb, type Executor } from "#server/db/client.server";
import { events, type eventNames } from "./schema";

export type BusinessEventName = (typeof eventNames)[number];

export type BusinessEvent = {
  name: BusinessEventName;
  /** The page the visitor was on, when known (a path, never a full URL). */
  path?: string | null;
  /** The day's salted visitor hash, when the request is at hand (never an address). */
  visitorHash?: string | null;
  /** Small facts of the event, e.g. `{ amountCents: 750000 }`; never personal data. */
  properties?: Record<string, string | number | boolean | null>;
};

export async function recordBusinessEvent(event: BusinessEvent, executor: Executor = getDb()): Promise<void> {
  await recordBusinessEvents([event], executor);
}

/** Several events in one insert (none for an empty list). */
export async function recordBusinessEvents(list: BusinessEvent[], executor: Executor = getDb()): Promise<void> {
  if (list.length === 0) return;
  await executor.insert(events).values(
    list.map((event) => ({
      name: event.name,
      path: event.path ?? null,
      visitorHash: event.visitorHash ?? null,
      properties: event.properties ?? null,
    })),
  );
}

/**
 * The event's insert for a caller's own single statement (a data-modifying WITH clause), for a hot
 * path that saves a transaction's round trips: written once per row `source` (a relation of that
 * statement) yields, and only if the statement commits. `path` may be a placeholder of a statement
 * prepared once, or a column of `source`.
 */
export function businessEventInsert(event: Omit<BusinessEvent, "path"> & { path?: string | null | Placeholder | SQL }, source: SQL): SQL {
  return sql`insert into ${events} (name, path, visitor_hash, properties)
    select ${event.name}, ${event.path ?? null}, ${event.visitorHash ?? null}, ${event.properties ? JSON.stringify(event.properties) : null}::jsonb from ${source}`;
}
