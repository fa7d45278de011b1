// Server side of /admin/emails: what the viewer shows, already formatted in Central Time (the
// owner's zone, so server and browser render the same text), and the Resend action.
import { data } from "react-router";
import { findOutboxMessage, listOutbox, resendDeadMessage } from "#server/email/outbox.server";
import { describeDelivery } from "#server/email/transport.server";
import { dateTime } from "~/lib/central-time";
import { getEnv } from "~/lib/env.server";
import { readFormData } from "~/lib/form-data.server";
import { outboxQuerySchema, resendSchema } from "./schema";

function central(date: Date | null) {
  return date ? dateTime(date) : null;
}

export async function getOutboxPage(url: URL) {
  const query = outboxQuerySchema.parse(Object.fromEntries(url.searchParams));
  const result = await listOutbox(query);
  return {
    status: query.status ?? null,
    page: result.page,
    pageCount: result.pageCount,
    countByStatus: result.countByStatus,
    delivery: describeDelivery(getEnv()),
    messages: result.rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      to: row.to,
      subject: row.subject,
      status: row.status,
      attempts: row.attempts,
      lastError: row.lastError,
      createdAt: central(row.createdAt)!,
      nextAttemptAt: row.status === "pending" ? central(row.nextAttemptAt) : null,
    })),
  };
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function getOutboxMessageView(id: string) {
  const message = uuidPattern.test(id) ? await findOutboxMessage(id) : undefined;
  if (!message) throw data(null, { status: 404, headers: { "Cache-Control": "no-store" } });
  return {
    id: message.id,
    kind: message.kind,
    to: message.to,
    cc: message.cc,
    subject: message.subject,
    html: message.html,
    text: message.text,
    status: message.status,
    attempts: message.attempts,
    lastError: message.lastError,
    createdAt: central(message.createdAt)!,
    sentAt: central(message.sentAt),
    nextAttemptAt: message.status === "pending" ? central(message.nextAttemptAt) : null,
    attachments: message.attachments.map((attachment) => {
      const bytes = Buffer.from(attachment.content, "base64");
      return {
        filename: attachment.filename,
        contentType: attachment.contentType,
        size: bytes.length,
        // Text attachments (the .ics) are shown inline; others are only listed.
        text: attachment.contentType.startsWith("text/") ? bytes.toString("utf8") : null,
      };
    }),
    templateParams: message.templateParams ? Object.entries(message.templateParams) : null,
  };
}

export type ResendResult = { ok: true } | { ok: false; error: string };

export async function resendFromAdmin(request: Request, id: string): Promise<ResendResult> {
  const form = resendSchema.safeParse(Object.fromEntries(await readFormData(request)));
  if (!form.success || !uuidPattern.test(id)) throw data("Bad request: unknown form.", { status: 400 });
  const result = await resendDeadMessage(id);
  if (!result) return { ok: false, error: "Only a message that could not be delivered can be resent." };
  return result.ok ? { ok: true } : { ok: false, error: result.error };
}
