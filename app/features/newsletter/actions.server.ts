// The newsletter's server side: POST /newsletter (the footer form and the popup) and
// /newsletter/unsubscribe/:token (the page and its button) and /newsletter/one-click/:token (the
// List-Unsubscribe URL a mail client posts to).
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { z } from "zod";
import type { ActionResult } from "~/components/form";
import { NO_STORE } from "~/lib/cache-headers";
import { getEnv } from "~/lib/env.server";
import { redirectWithToast } from "~/lib/flash-toast.server";
import { readFormData } from "~/lib/form-data.server";
import { safeRedirectPath } from "~/lib/safe-redirect";
import type { Toast } from "~/lib/toast";
import { deliverNow } from "#server/email/outbox.server";
import { visitorHash } from "~/features/analytics/index.server";
import { logger } from "#server/logger.server";
import { rateLimitRequest, refusalHeaders } from "#server/rate-limits.server";
import {
  ALREADY_SUBSCRIBED,
  invalidFormToast,
  NEWSLETTER_FOOTER_ID,
  SUBSCRIBED,
  SUBSCRIPTION_FAILED,
  UNSUBSCRIBE_INTENT,
} from "./messages";
import { newsletterSchema } from "./forms";
import { findSubscriptionByToken, subscribe, unsubscribe, type SubscribeOutcome } from "./subscriptions.server";


/**
 * The answer: to a fetcher (JavaScript) the form's result; to the footer's plain form (it sends
 * `returnTo`) a redirect back to the form, with the toast in the flash cookie.
 */
async function answer(returnTo: unknown, status: number, result: ActionResult & { toast: Toast }, headers: HeadersInit = NO_STORE) {
  if (typeof returnTo === "string") {
    const back = safeRedirectPath(returnTo, "/blog", getEnv().SITE_URL).replace(/#.*$/, "");
    return redirectWithToast(`${back}#${NEWSLETTER_FOOTER_ID}`, result.toast, new Headers(headers));
  }
  return data(result, { status, headers });
}

/** POST /newsletter. `clientIp`: the client's address as the trusted proxy reports it. */
export async function subscribeFromForm(request: Request, clientIp?: string) {
  const formData = await readFormData(request, { schema: newsletterSchema });
  const submission = parseWithZod(formData, { schema: newsletterSchema });
  const returnTo = formData.get("returnTo");
  if (submission.status !== "success") {
    return answer(returnTo, 400, { ok: false, toast: invalidFormToast(submission.error?.email), reply: submission.reply() });
  }
  const { email, source } = submission.value;

  // --- Rate limit (server/rate-limits.server.ts): per client address and per e-mail address.
  const refusal = await rateLimitRequest(request, { client: clientIp, email });
  if (refusal) {
    const toast: Toast = { ...SUBSCRIPTION_FAILED, description: refusal.message };
    return answer(returnTo, 429, { ok: false, toast, reply: submission.reply({ formErrors: [refusal.message] }) }, refusalHeaders(refusal));
  }
  // --- end of rate limit

  let subscribed: SubscribeOutcome;
  try {
    const visitor = await visitorHash(clientIp, request.headers.get("user-agent")).catch(() => null);
    subscribed = await subscribe({ email, source, visitorHash: visitor });
  } catch (error) {
    logger.error({ err: error }, "newsletter sign-up could not be saved");
    return answer(returnTo, 500, { ok: false, toast: SUBSCRIPTION_FAILED, reply: submission.reply() });
  }
  if (subscribed.outcome === "already-subscribed") {
    return answer(returnTo, 409, {
      ok: false,
      toast: ALREADY_SUBSCRIBED,
      reply: submission.reply({ fieldErrors: { email: [ALREADY_SUBSCRIBED.description!] } }),
    });
  }
  // The welcome's first delivery; if it fails the outbox retries, and the sign-up stands.
  const delivery = await deliverNow(subscribed.welcomeEmailId).catch((error: unknown) => ({ ok: false, error: String(error) }));
  if (!delivery.ok) logger.warn({ outboxId: subscribed.welcomeEmailId, error: delivery.error }, "newsletter welcome: first delivery failed");
  return answer(returnTo, 200, { ok: true, toast: SUBSCRIBED, reply: submission.reply({ resetForm: true }) });
}

/** "r•••@example.com": enough for its owner to recognise, not the address itself. */
export function maskEmail(email: string) {
  const at = email.lastIndexOf("@");
  return `${email.slice(0, Math.min(1, at))}•••${email.slice(at)}`;
}

export type UnsubscribePage = { state: "subscribed"; maskedEmail: string } | { state: "not-subscribed"; maskedEmail: string | null };

/** GET /newsletter/unsubscribe/:token: a token no subscription has reads as "not subscribed". */
export async function unsubscribePageData(token: string) {
  const subscription = await findSubscriptionByToken(token);
  const page: UnsubscribePage =
    subscription && !subscription.unsubscribedAt
      ? { state: "subscribed", maskedEmail: maskEmail(subscription.email) }
      : { state: "not-subscribed", maskedEmail: subscription ? maskEmail(subscription.email) : null };
  return data(page, { headers: NO_STORE });
}

export const UNSUBSCRIBED: Toast = {
  kind: "success",
  title: "Unsubscribed",
  description: "You will not receive the newsletter any more.",
};
export const ONE_CLICK_ANSWER = "Unsubscribed: this address will not receive the newsletter any more.";

const buttonSchema = z.object({ intent: z.literal(UNSUBSCRIBE_INTENT) });

/** The page's Unsubscribe button. Every token gets the same answer: a guess learns nothing. */
export async function unsubscribeFromPage(request: Request, token: string, now = new Date()) {
  const form = buttonSchema.safeParse(Object.fromEntries(await readFormData(request, { schema: buttonSchema })));
  if (!form.success) throw data("Bad request: use the Unsubscribe button.", { status: 400, headers: NO_STORE });
  await unsubscribe(token, now);
  // Back to the page (reloading it does not post again), which now says so.
  return redirectWithToast(`/newsletter/unsubscribe/${encodeURIComponent(token)}`, UNSUBSCRIBED);
}

// RFC 8058: the mail client posts `List-Unsubscribe=One-Click` (url-encoded or multipart).
const oneClickSchema = z.object({ "List-Unsubscribe": z.literal("One-Click") });

/**
 * The one-click POST to the List-Unsubscribe URL, from a mail client: no session, cookie or origin
 * (the token is the authority; the route table lets it skip the same-origin check). Every token
 * gets the same 200, so a guess learns nothing about any address.
 */
export async function unsubscribeOneClick(request: Request, token: string, now = new Date()) {
  const form = oneClickSchema.safeParse(Object.fromEntries(await readFormData(request, { schema: oneClickSchema })));
  if (!form.success) return new Response("Bad request: expected List-Unsubscribe=One-Click.", { status: 400, headers: NO_STORE });
  await unsubscribe(token, now);
  return new Response(ONE_CLICK_ANSWER, { headers: { ...NO_STORE, "Content-Type": "text/plain; charset=utf-8" } });
}
