import type { Route } from "./+types/api-stripe-webhook";
import { receiveStripeWebhook } from "~/features/checkout/webhook.server";

// Stripe's events (raw body, signature checked; exempt from the origin check only because of it).
export async function action({ request }: Route.ActionArgs) {
  return receiveStripeWebhook(request);
}
