// Sign-out (any signed-in user, SPEC.md section 6): a form POST that ends the session and
// redirects, carrying the spec's toast to the next page. No page has to revalidate around it, and
// it works without JavaScript.
import type { Route } from "./+types/logout";
import { signOutAndRedirect } from "~/features/auth/sign-out.server";
import { clientIpContext } from "~/lib/request-context";
import { noStore } from "~/lib/cache-headers";

export async function action({ request, context }: Route.ActionArgs) {
  return signOutAndRedirect(request, context.get(clientIpContext));
}

export async function loader() {
  return new Response("Sign out with a POST request.", {
    status: 405,
    headers: noStore({ Allow: "POST", "Content-Type": "text/plain; charset=utf-8" }),
  });
}
