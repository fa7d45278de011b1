// The query string of an admin list: a page number, a status, a date range, and the id in a
// detail page's path. Each piece falls back instead of failing: a link with a stale or
// hand-edited query still answers with a list. Importable by the browser bundle.
import { z } from "./zod";

const MAX_PAGE = 10_000;

/** ?page=N, 1 when missing or not a page number. Clamp it to the list's length with `pageWindow`. */
export const pageParam = z.coerce.number().int().min(1).max(MAX_PAGE).catch(1).default(1);

/** ?status=…, one of `statuses` or none. */
export function statusParam<const S extends readonly [string, ...string[]]>(statuses: S) {
  return z.enum(statuses).optional().catch(undefined);
}

/** ?from= / ?to=, a real calendar date (YYYY-MM-DD) or none. */
export const dateParam = z.iso.date().optional().catch(undefined);

export const DATE_RANGE_ERROR = "The end date must be on or after the start date.";

/**
 * The span a list's dates fall in. A filter date beyond it selects the same rows as its edge, and the
 * database is never handed year 0 or, a day later, year 10000: neither is a date to PostgreSQL.
 */
export const FILTER_DATE_SPAN = { first: "1970-01-01", last: "2999-12-31" } as const;

function withinFilterSpan(date: string | undefined) {
  if (date === undefined) return undefined;
  if (date < FILTER_DATE_SPAN.first) return FILTER_DATE_SPAN.first;
  return date > FILTER_DATE_SPAN.last ? FILTER_DATE_SPAN.last : date;
}

/** The date range to filter by; one whose end comes before its start is set aside, and said so. */
export function dateRange(query: { from?: string; to?: string }) {
  const rangeError = query.from && query.to && query.to < query.from ? DATE_RANGE_ERROR : null;
  if (rangeError) return { from: undefined, to: undefined, rangeError };
  return { from: withinFilterSpan(query.from), to: withinFilterSpan(query.to), rangeError };
}

/** A list's query parsed by its schema (repeated keys: the first one counts). */
export function readListQuery<T extends z.ZodType>(schema: T, url: URL): z.output<T> {
  const params: Record<string, string> = {};
  for (const [key, value] of url.searchParams) params[key] ??= value;
  return schema.parse(params);
}

/** The page actually shown: past the last page shows the last one. */
export function pageWindow(requested: number, total: number, pageSize: number) {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, requested), pageCount);
  return { page, pageCount, offset: (page - 1) * pageSize, limit: pageSize };
}

const uuid = z.uuid();

/** An id from a path (/admin/…/:id): anything but a UUID is answered 404 without asking the database. */
export function isUuid(value: string | undefined): value is string {
  return uuid.safeParse(value).success;
}

/** The query string of a list with these filters ("" for none; page 1 is left out). */
export function listSearch(params: Record<string, string | number | null | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === null || value === undefined || value === "" || (key === "page" && Number(value) <= 1)) continue;
    search.set(key, String(value));
  }
  const query = search.toString();
  return query ? `?${query}` : "";
}
