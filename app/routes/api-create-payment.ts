import type { Route } from "./+types/api-create-payment";
import { readSession } from "~/features/auth/guards.server";
import { createPayment } from "~/features/checkout/create-payment.server";
import { clientIpContext } from "~/lib/request-context";

// 'Enroll Now' (decision 019): a form post answered with a 303 to the checkout, or { url } to the
// button's own request. Public; a signed-in buyer is remembered (no self-referral).
export async function action(args: Route.ActionArgs) {
  const session = await readSession(args).catch(() => null);
  return createPayment(args.request, session, args.context.get(clientIpContext));
}
