import { ArrowLeft } from "lucide-react";
import { Link, useNavigation } from "react-router";
import { useToast } from "~/components/form";
import type { Route } from "./+types/admin-order";
import { Button } from "~/components/ui/button";
import { requireAdmin } from "~/features/auth/guards.server";
import { getOrderView, refundFromAdmin } from "~/features/checkout/admin-pages.server";
import { OrderBadges, OrderFacts, RefundForm } from "~/features/checkout/components/admin-orders";
import { seo } from "~/lib/seo";

export const meta: Route.MetaFunction = (args) => seo(args, { title: "Order", description: "One bootcamp order.", noIndex: true });

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  return getOrderView(args.params.id);
}

export async function action(args: Route.ActionArgs) {
  await requireAdmin(args);
  return refundFromAdmin(args.request, args.params.id);
}

export default function AdminOrder({ loaderData, actionData }: Route.ComponentProps) {
  const { order, canRefund, events } = loaderData;
  const navigation = useNavigation();
  useToast(actionData?.toast);
  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6 lg:px-8">
      <Button asChild variant="outline">
        <Link to="/admin/orders">
          <ArrowLeft aria-hidden="true" />
          All orders
        </Link>
      </Button>
      <div className="mt-6 flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold tracking-tight break-words text-primary sm:text-3xl">{order.buyer}</h1>
        <OrderBadges order={order} />
      </div>
      <div className="mt-6 grid gap-6">
        {order.paymentProblem ? (
          <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-900">
            {order.paymentProblem}
          </p>
        ) : null}
        <OrderFacts order={order} />
        {canRefund ? (
          // A new amount after each refund: the form starts again from the rest.
          <RefundForm key={order.refundableCents} refundableCents={order.refundableCents} lastResult={actionData?.reply} busy={navigation.state === "submitting"} />
        ) : null}
        <section aria-labelledby="events-heading" className="rounded-xl border bg-card p-5 shadow-sm">
          <h2 id="events-heading" className="text-lg font-semibold">
            Provider events
          </h2>
          {events.length === 0 ? (
            <p className="mt-2 text-sm text-muted-foreground">No webhook events for this order{order.provider === "test" ? " (the test checkout calls the same code directly)" : ""}.</p>
          ) : (
            <ol className="mt-3 grid gap-2 text-sm">
              {events.map((event) => (
                <li key={event.id} className="flex flex-wrap justify-between gap-2 border-b pb-2 last:border-0">
                  <span className="font-mono">{event.type}</span>
                  <span className="text-muted-foreground">
                    {event.eventId} · {event.processedLabel}
                  </span>
                </li>
              ))}
            </ol>
          )}
        </section>
      </div>
    </div>
  );
}
