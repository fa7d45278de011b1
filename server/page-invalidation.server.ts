// Telling every server instance that cached pages changed (decision 015). A change is announced
// with NOTIFY inside the transaction that makes it, so it is sent exactly when the change commits;
// every instance LISTENs (PostgreSQL: a dedicated connection; PGlite: its one process) and drops
// those pages from its page cache. While an instance is not listening (the connection dropped and
// is being re-opened), its page cache answers nothing from memory: it cannot know what changed.
import { sql } from "drizzle-orm";
import type { Executor, OpenDatabase } from "./db/client.server";
import { logger } from "./logger.server";

const CHANNEL = "page_cache";

type Listener = (paths: readonly string[] | "all") => void;

// Process-wide: the page cache subscribes, the features announce (kept on globalThis so the
// development server's module reloading does not split them).
const state = globalThis as typeof globalThis & { __pageListeners?: Set<Listener>; __pagesListening?: boolean };
const listeners = (state.__pageListeners ??= new Set());

/** Whether changes made by any instance reach this one now (the page cache serves only then). */
export function hearingPageChanges(): boolean {
  return state.__pagesListening === true;
}

/** Calls `listener` with the paths of every change (or "all" after a lapse); returns the unsubscribe. */
export function onPagesChanged(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function dispatch(paths: readonly string[] | "all") {
  for (const listener of listeners) listener(paths);
}

/**
 * Announces that `paths` (request paths, as the page cache keys them) changed: NOTIFY in
 * `executor`'s transaction (sent at its commit, to every instance, this one included).
 */
export async function announcePagesChanged(paths: readonly string[], executor: Executor) {
  await executor.execute(sql`select pg_notify(${CHANNEL}, ${JSON.stringify(paths)})`);
}

/** Drops `paths` here at once (after the commit), ahead of the notification's round trip. */
export function pagesChangedHere(paths: readonly string[]) {
  dispatch(paths);
}

function parsePaths(payload: string): readonly string[] | "all" {
  try {
    const value: unknown = JSON.parse(payload);
    if (Array.isArray(value) && value.every((item) => typeof item === "string")) return value;
  } catch {
    // fall through: an unreadable notice drops everything rather than nothing
  }
  return "all";
}

/** Starts listening on `database`; returns the stop function. */
export async function listenForPageChanges(database: OpenDatabase): Promise<() => Promise<void>> {
  const stop = await database.listen(CHANNEL, {
    onPayload: (payload) => dispatch(parsePaths(payload)),
    onListening: (listening) => {
      state.__pagesListening = listening;
      // Whatever changed while not listening is unknown: start again from the database.
      dispatch("all");
      if (!listening) logger.warn("page cache: not hearing changes; serving rendered pages until listening again");
    },
  });
  return async () => {
    state.__pagesListening = false;
    await stop();
  };
}
