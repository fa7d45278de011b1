import { redirect } from "react-router";
import type { Route } from "./+types/newsletter-one-click";
import { unsubscribeOneClick } from "~/features/newsletter/actions.server";

// The List-Unsubscribe URL (RFC 8058). A mail client without one-click support opens it in a
// browser: that GET goes to the page with the button, and unsubscribes nothing.
export function loader({ params }: Route.LoaderArgs) {
  return redirect(`/newsletter/unsubscribe/${encodeURIComponent(params.token)}`);
}

export async function action({ request, params }: Route.ActionArgs) {
  return unsubscribeOneClick(request, params.token);
}
