// Server side of /admin/emails: what the viewer shows, already formatted in Central Time (the
// owner's zone, so server and browser render the same text), and the Resend action.
import { data } from "react-router";
import { findOutboxMessage, listOutbox, resendDeadMessage } from "#server/email/outbox.server";
import { describeDelivery, senderOf } from "#server/email/transport.server";
import { formatMailAddress } from "~/lib/email-address";
import { dateTime } from "~/lib/central-time";
import { getEnv } from "~/lib/env.server";
import type { ActionResult } from "~/components/form";
import { NO_STORE } from "~/lib/cache-headers";
import { readFormData } from "~/lib/form-data.server";
import { isUuid, readListQuery } from "~/lib/list-query";
import { outboxQuerySchema, resendSchema } from "./forms";

function central(date: Date | null) {
  return date ? dateTime(date) : null;
}

export async function getOutboxPage(url: URL) {
  const query = readListQuery(outboxQuerySchema, url);
  let result = await listOutbox(query);
  // Past the last page (a stale link): the last page, as the other admin lists do.
  if (result.page > result.pageCount) result = await listOutbox({ ...query, page: result.pageCount });
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

export async function getOutboxMessageView(id: string) {
  const message = isUuid(id) ? await findOutboxMessage(id) : undefined;
  if (!message) throw data(null, { status: 404, headers: NO_STORE });
  return {
    id: message.id,
    kind: message.kind,
    // The sender and recipients exactly as the transports hand them to Nodemailer.
    from: formatMailAddress(senderOf(getEnv())),
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

/** Resends a dead message; the answer's toast says how it went (the page reloads the new status). */
export async function resendFromAdmin(request: Request, id: string) {
  const form = resendSchema.safeParse(Object.fromEntries(await readFormData(request, { schema: resendSchema })));
  if (!form.success || !isUuid(id)) throw data("Bad request: unknown form.", { status: 400, headers: NO_STORE });
  const sent = await resendDeadMessage(id);
  const result: ActionResult = !sent
    ? { ok: false, toast: { kind: "error", title: "Resend failed", description: "Only a message that could not be delivered can be resent." } }
    : sent.ok
      ? { ok: true, toast: { kind: "success", title: "E-mail sent", description: "The message was delivered this time." } }
      : { ok: false, toast: { kind: "error", title: "Resend failed", description: sent.error } };
  return data(result, { headers: NO_STORE });
}
