import type { Route } from "./+types/newsletter-unsubscribe";
import { unsubscribeFromPage, unsubscribePageData } from "~/features/newsletter/actions.server";
import { UnsubscribePage } from "~/features/newsletter/components/unsubscribe-page";
import { seo } from "~/lib/seo";

export const meta: Route.MetaFunction = (args) =>
  seo(args, { title: "Unsubscribe", description: "Stop receiving the newsletter.", noIndex: true });

export async function loader({ params }: Route.LoaderArgs) {
  return unsubscribePageData(params.token);
}

export async function action({ request, params }: Route.ActionArgs) {
  return unsubscribeFromPage(request, params.token);
}

export default function NewsletterUnsubscribe({ loaderData }: Route.ComponentProps) {
  return <UnsubscribePage {...loaderData} />;
}
