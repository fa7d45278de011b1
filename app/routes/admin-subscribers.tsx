import { Download } from "lucide-react";
import { useNavigation } from "react-router";
import type { Route } from "./+types/admin-subscribers";
import { AdminPageHeader } from "~/components/admin-page-header";
import { useToast } from "~/components/form";
import { Button } from "~/components/ui/button";
import { requireAdmin } from "~/features/auth/guards.server";
import { subscriberListSearch } from "~/features/newsletter/admin-schema";
import { getSubscribersPage, subscriberActionFromAdmin } from "~/features/newsletter/admin-subscribers.server";
import {
  SubscriberList,
  SubscriberSearch,
  SubscribersEmpty,
  SubscribersPagination,
  SubscriberStateFilter,
} from "~/features/newsletter/components/admin-subscriber-list";
import { seo } from "~/lib/seo";

export const meta: Route.MetaFunction = (args) =>
  seo(args, { title: "Subscribers", description: "Newsletter subscribers.", noIndex: true });

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  return getSubscribersPage(new URL(args.request.url));
}

export async function action(args: Route.ActionArgs) {
  await requireAdmin(args);
  return subscriberActionFromAdmin(args.request);
}

export default function AdminSubscribers({ loaderData, actionData }: Route.ComponentProps) {
  const { filters, subscribers, page, pageCount, total, countByState, confirmUnsubscribeId } = loaderData;
  const navigation = useNavigation();
  // A new list on its way (a search, a filter, a page), not the reload after a form or the question.
  const searching =
    navigation.state === "loading" &&
    navigation.formMethod !== "POST" &&
    navigation.location.pathname === "/admin/subscribers" &&
    !navigation.location.search.includes("unsubscribe=");
  const busyId = navigation.state === "submitting" ? String(navigation.formData?.get("subscriptionId") ?? "") : null;
  useToast(actionData?.toast);

  const listUrl = `/admin/subscribers${subscriberListSearch({ ...filters, page })}`;

  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
      <AdminPageHeader
        title="Subscribers"
        description="Newsletter subscribers from the blog's footer and popup. Dates are Central Time (CT)."
        actions={
          <Button asChild variant="outline">
            {/* A file download, not a page: the browser fetches it directly. */}
            <a href={`/admin/subscribers/export.csv${subscriberListSearch(filters)}`} download>
              <Download aria-hidden="true" />
              Export CSV
            </a>
          </Button>
        }
      />

      <div className="mt-8 space-y-4">
        <SubscriberStateFilter filters={filters} countByState={countByState} />
        <SubscriberSearch filters={filters} busy={searching} />
      </div>

      <section aria-labelledby="subscribers-heading" aria-busy={searching} className="mt-8 space-y-6">
        <h2 id="subscribers-heading" className="sr-only">
          Subscribers ({total})
        </h2>
        {subscribers.length === 0 ? (
          <SubscribersEmpty filters={filters} />
        ) : (
          <SubscriberList subscribers={subscribers} listUrl={listUrl} confirmId={confirmUnsubscribeId} busyId={busyId} />
        )}
        <SubscribersPagination filters={filters} page={page} pageCount={pageCount} />
      </section>
    </div>
  );
}
