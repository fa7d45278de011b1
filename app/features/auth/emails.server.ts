// Account e-mails go through the outbox like every other message: stored first, then delivered
// right after the visitor's answer; a failed first delivery stays in the outbox for the worker.
//
// Each address gets at most 3 of each kind an hour, whoever asks and from wherever: sign-in attempts
// on an unconfirmed account, or reset requests, cannot flood a mailbox. The visitor is answered the
// same either way.
import { sql } from "drizzle-orm";
import { getDb } from "#server/db/client.server";
import { countRecentEmails, deliverNow, enqueueEmail } from "#server/email/outbox.server";
import { passwordResetEmail, verificationEmail, type RenderedEmail } from "./email-templates.server";
import { logger } from "#server/logger.server";

export const ACCOUNT_EMAIL_LIMIT = { perAddress: 3, windowMs: 60 * 60_000 } as const;

type AccountEmailKind = "account_verification" | "password_reset";

/** Queues the message unless the address had its share; then delivers it without waiting. */
async function queueAndDeliver(kind: AccountEmailKind, to: string, message: RenderedEmail) {
  const id = await getDb().transaction(async (tx) => {
    // One sender at a time per address and kind, so that simultaneous requests cannot all pass.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`${kind}:${to}`}))`);
    const since = new Date(Date.now() - ACCOUNT_EMAIL_LIMIT.windowMs);
    if ((await countRecentEmails({ to, kind, since }, tx)) >= ACCOUNT_EMAIL_LIMIT.perAddress) return undefined;
    return (await enqueueEmail({ kind, to, ...message }, tx)).id;
  });
  if (!id) {
    logger.warn({ kind, to }, "account e-mail: this address had its hourly share, none sent");
    return;
  }
  void deliverNow(id).then(
    (result) => {
      if (!result.ok) logger.warn({ kind, outboxId: id, error: result.error }, "account e-mail: first delivery failed; the outbox retries");
    },
    (error: unknown) => logger.error({ kind, outboxId: id, err: error }, "account e-mail: first delivery failed; the outbox retries"),
  );
}

export async function sendVerificationEmail({ email, url }: { email: string; url: string }) {
  await queueAndDeliver("account_verification", email, verificationEmail({ url, email }));
}

const queueing = new Set<Promise<void>>();

/**
 * Reset mails leave the response path entirely, rendering included: a request for a registered
 * address must take as long as one for an unknown address, or its timing tells which addresses
 * have accounts.
 */
export function sendPasswordResetEmail({ email, url }: { email: string; url: string }): void {
  const task = new Promise<void>((resolve) => setImmediate(resolve))
    .then(() => queueAndDeliver("password_reset", email, passwordResetEmail({ url, email })))
    .catch((error: unknown) => logger.error({ kind: "password_reset", err: error }, "account e-mail could not be queued"))
    .finally(() => queueing.delete(task));
  queueing.add(task);
}

/** Resolves once every reset mail requested so far is in the outbox (or was refused by the limit). */
export async function passwordResetEmailsQueued(): Promise<void> {
  await Promise.all([...queueing]);
}
