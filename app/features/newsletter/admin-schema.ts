// The admin's side of the subscriber list (/admin/subscribers): the list's query string and the
// "unsubscribe by hand" form. Importable by the browser bundle.
import { z } from "~/lib/zod";
import { listSearch, pageParam, statusParam } from "~/lib/list-query";
import { plainText } from "~/lib/plain-text";
import type { StatusLook } from "~/components/status-badge";
import type { NewsletterSource } from "./messages";

// In the order the filter shows them.
export const subscriberStates = ["active", "unsubscribed"] as const;
export type SubscriberState = (typeof subscriberStates)[number];

export const subscriberStateLooks: Record<SubscriberState, StatusLook> = {
  active: { label: "Active", tone: "success" },
  unsubscribed: { label: "Unsubscribed", tone: "muted" },
};

export const subscriberSourceLabels: Record<NewsletterSource, string> = {
  blog_footer: "Blog footer",
  popup: "Popup",
};

export const SEARCH_MAX = 254;

/** ?q= (part of an e-mail address, any case), ?state=, ?page=; nonsense falls back, never a 400. */
export const subscriberListQuerySchema = z.object({
  q: plainText().trim().max(SEARCH_MAX).optional().catch(undefined),
  state: statusParam(subscriberStates),
  page: pageParam,
});

export type SubscriberFilters = { q?: string; state?: SubscriberState };

/** The query string of a list (or export) with these filters. */
export function subscriberListSearch(filters: { q?: string | null; state?: SubscriberState | null; page?: number }) {
  return listSearch({ q: filters.q, state: filters.state, page: filters.page });
}

export const UNSUBSCRIBE_BY_HAND_INTENT = "unsubscribe-subscriber";

export const unsubscribeByHandSchema = z.object({
  intent: z.literal(UNSUBSCRIBE_BY_HAND_INTENT),
  subscriptionId: z.uuid(),
});
