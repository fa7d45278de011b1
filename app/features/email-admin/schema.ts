// The mail viewer's inputs: the list's query string, and the Resend form. Importable by the
// browser bundle, so it only takes types from the database schema.
import { z } from "zod";
import type { emailStatuses } from "#server/db/schema";

export const outboxStatuses = ["pending", "sending", "sent", "dead", "dropped"] as const satisfies ReadonlyArray<
  (typeof emailStatuses)[number]
>;

export const outboxQuerySchema = z.object({
  status: z.enum(outboxStatuses).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(10_000).catch(1).default(1),
});

export const RESEND_INTENT = "resend";
export const resendSchema = z.object({ intent: z.literal(RESEND_INTENT) });
