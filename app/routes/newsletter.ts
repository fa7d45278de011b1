import type { Route } from "./+types/newsletter";
import { subscribeFromForm } from "~/features/newsletter/actions.server";
import { clientIpContext } from "~/lib/request-context";

// POST only (the route table): the footer form and the popup post here.
export async function action({ request, context }: Route.ActionArgs) {
  return subscribeFromForm(request, context.get(clientIpContext));
}
