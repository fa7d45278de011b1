// create-payment (SPEC.md section 7, decision 019): 'Enroll Now' posts the page's affiliate reference
// here; an order is written (open) before the provider is asked, so abandoned checkouts show, and
// the answer is the checkout's address: a 303 for a plain form post (no JavaScript needed), or
// { url } for the button's own request, which opens it in a new tab. Which checkout is CHECKOUT_MODE's
// (Stripe, the built-in test checkout, or none: then the answer says so and no order is written).
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { bootcamp } from "~/content/bootcamp";
import { readAttributionReference } from "~/features/affiliates/index.server";
import { isAffiliateReference } from "~/lib/affiliate-reference";
import { recordBusinessEvent, visitorHash } from "~/features/analytics/index.server";
import type { AuthSession } from "~/features/auth/index.server";
import { NO_STORE } from "~/lib/cache-headers";
import { getEnv } from "~/lib/env.server";
import { redirectWithToast } from "~/lib/flash-toast.server";
import { readFormData } from "~/lib/form-data.server";
import { getDb } from "#server/db/client.server";
import { loggableError } from "#server/db/errors.server";
import { logger } from "#server/logger.server";
import { rateLimitRequest, refusalHeaders } from "#server/rate-limits.server";
import { insertOpenOrder, markOrderFailed, setProviderSession } from "./orders.server";
import { CHECKOUT_FAILED_MESSAGE } from "./messages";
import { createPaymentSchema } from "./forms";
import { createStripeCheckoutSession } from "./stripe.server";
import { testCheckoutUrl, newTestSessionId } from "./test-checkout.server";

export const BOOTCAMP_PRICE_CENTS = bootcamp.price.amount * 100;

const wantsJson = (request: Request) => /application\/json/i.test(request.headers.get("accept") ?? "");

function failure(request: Request, status: number, message = CHECKOUT_FAILED_MESSAGE, headers: HeadersInit = NO_STORE, detail?: string) {
  if (wantsJson(request)) return data({ error: message, ...(detail ? { detail } : {}) }, { status, headers });
  // A plain form post opened this in a new tab: the bootcamp page there says what went wrong.
  return redirectWithToast("/bootcamp", { kind: "error", title: message, ...(detail ? { description: detail } : {}) });
}

export async function createPayment(request: Request, session: AuthSession | null, clientIp: string | undefined) {
  const formData = await readFormData(request, { schema: [createPaymentSchema] });
  const submission = parseWithZod(formData, { schema: createPaymentSchema });
  if (submission.status !== "success") return failure(request, 400);
  const { CHECKOUT_MODE, OWNER_EMAIL, SITE_URL } = getEnv();
  if (CHECKOUT_MODE === "off") {
    return failure(request, 503, CHECKOUT_FAILED_MESSAGE, NO_STORE, `Online enrollment is not available on this site. Please write to ${OWNER_EMAIL} to enroll.`);
  }
  const refusal = await rateLimitRequest(request, { client: clientIp, email: session?.user.email });
  if (refusal) return failure(request, 429, refusal.message, refusalHeaders(refusal));

  // The page's reference (sessionStorage.affiliateRef), else the last affiliate click's cookie.
  const fromPage = submission.value.affiliateRef;
  const affiliateRef = isAffiliateReference(fromPage) ? fromPage : await readAttributionReference(request);
  const orderId = crypto.randomUUID();
  const stripe = CHECKOUT_MODE === "stripe";
  const testSessionId = stripe ? null : newTestSessionId();
  // Analytics never stands in a sale's way.
  const visitor = await visitorHash(clientIp, request.headers.get("user-agent")).catch(() => null);

  await getDb().transaction(async (tx) => {
    await insertOpenOrder(
      {
        id: orderId,
        provider: stripe ? "stripe" : "test",
        // Stripe names its session only once asked; until then the order holds its own placeholder.
        providerSessionId: testSessionId ?? `pending_${orderId}`,
        amountCents: BOOTCAMP_PRICE_CENTS,
        affiliateRef,
        buyerUserId: session?.user.id ?? null,
        customerEmail: session?.user.email ?? null,
      },
      tx,
    );
    // The order's id ties this visitor's checkout to its payment in the analytics funnel.
    await recordBusinessEvent({ name: "checkout_started", path: "/bootcamp", visitorHash: visitor, properties: { orderId, provider: stripe ? "stripe" : "test" } }, tx);
  });

  let url: string;
  if (testSessionId) {
    url = testCheckoutUrl(testSessionId);
  } else {
    try {
      const checkout = await createStripeCheckoutSession({ orderId, amountCents: BOOTCAMP_PRICE_CENTS, affiliateRef, customerEmail: session?.user.email ?? null, siteUrl: SITE_URL });
      await setProviderSession(orderId, checkout.id);
      url = checkout.url;
    } catch (error) {
      logger.error({ err: loggableError(error), orderId }, "checkout: Stripe did not create a session");
      await markOrderFailed(orderId);
      return failure(request, 502);
    }
  }
  logger.info({ orderId, provider: stripe ? "stripe" : "test", affiliateRef }, "checkout started");
  if (wantsJson(request)) return data({ url }, { headers: NO_STORE });
  return redirect(url, { status: 303, headers: NO_STORE });
}
