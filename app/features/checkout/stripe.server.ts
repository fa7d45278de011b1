// The Stripe side of checkout (DESIGN.md section 5): one client from the environment (its address
// changeable for stripe-mock and the tests' stand-in), the Checkout Session for the bootcamp, and
// the webhook's signature check. CHECKOUT_MODE decides whether 'Enroll Now' comes here.
import Stripe from "stripe";
import { bootcamp } from "~/content/bootcamp";
import { getEnv } from "~/lib/env.server";

/** Stripe's default: a signed event older than five minutes is refused (replays). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

let client: { key: string; base: string | undefined; stripe: Stripe } | undefined;

export function getStripe(): Stripe {
  const { STRIPE_SECRET_KEY: key, STRIPE_API_BASE: base } = getEnv();
  if (!key) throw new Error("STRIPE_SECRET_KEY is not set");
  if (client?.key !== key || client.base !== base) {
    const api = base ? new URL(base) : undefined;
    const stripe = new Stripe(key, {
      ...(api ? { host: api.hostname, port: api.port || (api.protocol === "https:" ? 443 : 80), protocol: api.protocol === "https:" ? "https" : "http" } : {}),
      // A failed call is retried with the same idempotency key: at most one session per attempt.
      maxNetworkRetries: 2,
      timeout: 20_000,
      telemetry: false,
    });
    client = { key, base, stripe };
  }
  return client.stripe;
}

export type CheckoutSessionRequest = {
  orderId: string;
  amountCents: number;
  affiliateRef: string | null;
  customerEmail: string | null;
  siteUrl: string;
};

/** The hosted checkout for one enrolment; the idempotency key makes a retried call the same session. */
export async function createStripeCheckoutSession(request: CheckoutSessionRequest) {
  const session = await getStripe().checkout.sessions.create(
    {
      mode: "payment",
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: "usd",
            unit_amount: request.amountCents,
            product_data: { name: bootcamp.name, description: `${bootcamp.length.display} on-site manufacturing bootcamp` },
          },
        },
      ],
      metadata: { orderId: request.orderId, affiliateRef: request.affiliateRef ?? "" },
      ...(request.affiliateRef ? { client_reference_id: request.affiliateRef } : {}),
      ...(request.customerEmail ? { customer_email: request.customerEmail } : {}),
      payment_intent_data: { metadata: { orderId: request.orderId } },
      phone_number_collection: { enabled: true },
      custom_fields: [{ key: "company_name", label: { type: "custom", custom: "Company name" }, type: "text" }],
      success_url: `${request.siteUrl}/payment-success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${request.siteUrl}/payment-canceled`,
    },
    { idempotencyKey: `checkout-${request.orderId}` },
  );
  if (!session.url) throw new Error("No checkout URL returned");
  return { id: session.id, url: session.url };
}

export function retrieveStripeCheckoutSession(sessionId: string) {
  return getStripe().checkout.sessions.retrieve(sessionId);
}

/** The event, if its signature is Stripe's and it is recent; throws otherwise. */
export function verifiedStripeEvent(payload: string, signature: string | null, secret: string): Stripe.Event {
  if (!signature) throw new Error("No Stripe-Signature header");
  return getStripeWebhooks().constructEvent(payload, signature, secret, WEBHOOK_TOLERANCE_SECONDS);
}

// Signatures are checked without an API key (a webhook may be set up before the key).
function getStripeWebhooks() {
  return Stripe.webhooks;
}
