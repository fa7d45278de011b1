// The mail viewer's inputs: the list's query string, and the Resend form. Importable by the
// browser bundle, so it only takes types from the database schema.
import { z } from "~/lib/zod";
import { listSearch, pageParam, statusParam } from "~/lib/list-query";
import type { emailStatuses } from "#server/db/schema";

export const outboxStatuses = ["pending", "sending", "sent", "dead", "dropped"] as const satisfies ReadonlyArray<
  (typeof emailStatuses)[number]
>;

export const outboxQuerySchema = z.object({
  status: statusParam(outboxStatuses),
  page: pageParam,
});

/** The list's URL with this filter and page. */
export function outboxListHref(status: (typeof outboxStatuses)[number] | null, page = 1) {
  return `/admin/emails${listSearch({ status, page })}`;
}

export const RESEND_INTENT = "resend";
export const resendSchema = z.object({ intent: z.literal(RESEND_INTENT) });
