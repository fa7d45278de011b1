import { useNavigation } from "react-router";
import type { Route } from "./+types/checkout-test";
import { TestCheckoutForm } from "~/features/checkout/components/test-checkout-form";
import { getTestCheckoutPage, testCheckoutAction } from "~/features/checkout/test-checkout.server";
import { loaderOrActionHeaders } from "~/lib/cache-headers";
import { seo } from "~/lib/seo";

export const meta: Route.MetaFunction = (args) =>
  seo(args, { title: "Test checkout", description: "The site's built-in test checkout.", noIndex: true });

export async function loader({ params }: Route.LoaderArgs) {
  return getTestCheckoutPage(params.sessionId);
}

export async function action({ request, params }: Route.ActionArgs) {
  return testCheckoutAction(request, params.sessionId);
}

export const headers = loaderOrActionHeaders;

export default function TestCheckout({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  return (
    <TestCheckoutForm
      amountCents={loaderData.amountCents}
      email={loaderData.email}
      lastResult={actionData?.reply}
      busy={navigation.state === "submitting" && navigation.formData?.get("intent") === "pay"}
    />
  );
}
