// Account e-mails go through the outbox like every other message: stored first, then delivered
// at once; a failed first delivery stays in the outbox for the worker to retry.
import { getDb } from "#server/db/client.server";
import { deliverNow, enqueueEmail } from "#server/email/outbox.server";
import { passwordResetEmail, verificationEmail } from "#server/email/templates/account";
import { logger } from "#server/logger.server";

async function enqueueAndDeliver(
  kind: "account_verification" | "password_reset",
  to: string,
  message: { subject: string; html: string; text: string },
) {
  const { id } = await enqueueEmail(getDb(), { kind, to, ...message });
  const result = await deliverNow(id);
  if (!result.ok) {
    logger.warn({ kind, outboxId: id, error: result.error }, "account e-mail: first delivery failed; the outbox retries");
  }
}

export async function sendVerificationEmail({ email, url }: { email: string; url: string }) {
  await enqueueAndDeliver("account_verification", email, verificationEmail({ url, email }));
}

export async function sendPasswordResetEmail({ email, url }: { email: string; url: string }) {
  await enqueueAndDeliver("password_reset", email, passwordResetEmail({ url, email }));
}
