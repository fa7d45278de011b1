// What /admin/subscribers shows and does: the list (search, state filter, pages), unsubscribing an
// address by hand (asked first: ?unsubscribe=<id> is a page state, so it works without scripts),
// and the CSV export of the same filters.
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { ActionResult } from "~/components/form";
import { NO_STORE } from "~/lib/cache-headers";
import { csvDateTime, shortMonthDate } from "~/lib/central-time";
import { csvResponse, pagesOf } from "~/lib/csv.server";
import { readFormData } from "~/lib/form-data.server";
import { pageWindow, readListQuery } from "~/lib/list-query";
import type { Toast } from "~/lib/toast";
import {
  subscriberListQuerySchema,
  subscriberSourceLabels,
  subscriberStateLooks,
  unsubscribeByHandSchema,
  type SubscriberFilters,
} from "./admin-schema";
import { countSubscribersByState, listSubscribers, type SubscriberRow } from "./subscriber-list.server";
import { unsubscribeById } from "./subscriptions.server";

export const SUBSCRIBERS_PAGE_SIZE = 50;

function readSubscriberFilters(url: URL) {
  const query = readListQuery(subscriberListQuerySchema, url);
  const filters: SubscriberFilters = { q: query.q || undefined, state: query.state };
  return { query, filters };
}

export async function getSubscribersPage(url: URL) {
  const { query, filters } = readSubscriberFilters(url);
  const countByState = await countSubscribersByState(filters.q);
  const total = filters.state ? countByState[filters.state] : countByState.active + countByState.unsubscribed;
  const { page, pageCount, limit, offset } = pageWindow(query.page, total, SUBSCRIBERS_PAGE_SIZE);
  const rows = await listSubscribers(filters, { limit, offset });
  const subscribers = rows.map((row) => ({
    id: row.id,
    email: row.email,
    source: subscriberSourceLabels[row.source],
    state: row.unsubscribedAt ? ("unsubscribed" as const) : ("active" as const),
    subscribedOn: shortMonthDate(row.subscribedAt),
    unsubscribedOn: row.unsubscribedAt ? shortMonthDate(row.unsubscribedAt) : null,
  }));
  const confirmId = url.searchParams.get("unsubscribe");
  return {
    filters: { q: filters.q ?? null, state: filters.state ?? null },
    page,
    pageCount,
    total,
    countByState,
    subscribers,
    // The listed active subscriber whose unsubscribing waits for a yes.
    confirmUnsubscribeId: subscribers.some((s) => s.id === confirmId && s.state === "active") ? confirmId : null,
  };
}

export type SubscriberActionResult = ActionResult & { toast: Toast };

export async function subscriberActionFromAdmin(request: Request, now = new Date()) {
  const submission = parseWithZod(await readFormData(request, { schema: unsubscribeByHandSchema }), { schema: unsubscribeByHandSchema });
  if (submission.status !== "success") throw data("Bad request: unknown form or subscriber.", { status: 400, headers: NO_STORE });
  const email = await unsubscribeById(submission.value.subscriptionId, now);
  const result: SubscriberActionResult = email
    ? {
        ok: true,
        toast: { kind: "success", title: "Unsubscribed", description: `${email} will not receive the newsletter any more.` },
      }
    : // Answered 200 so the page reloads the list as it is now.
      { ok: false, toast: { kind: "error", title: "Not subscribed", description: "That address was unsubscribed already." } };
  return data(result, { headers: NO_STORE });
}

const csvHeader = ["Email", "Source", "State", "Subscribed (CT)", "Unsubscribed (CT)"];

const toCsvRow = (row: SubscriberRow) => [
  row.email,
  subscriberSourceLabels[row.source],
  subscriberStateLooks[row.unsubscribedAt ? "unsubscribed" : "active"].label,
  csvDateTime(row.subscribedAt),
  row.unsubscribedAt ? csvDateTime(row.unsubscribedAt) : "",
];

/** The list of /admin/subscribers with the same filters and order, streamed a page at a time. */
export function subscribersCsvResponse(url: URL, pageSize?: number) {
  const { filters } = readSubscriberFilters(url);
  return csvResponse({
    filename: ["subscribers", filters.state, filters.q && "search"].filter(Boolean).join("-"),
    header: csvHeader,
    pages: pagesOf((page) => listSubscribers(filters, page), pageSize),
    toRow: toCsvRow,
  });
}
