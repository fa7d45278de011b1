import { Download } from "lucide-react";
import { useNavigation } from "react-router";
import type { Route } from "./+types/admin-orders";
import { AdminPageHeader } from "~/components/admin-page-header";
import { Button } from "~/components/ui/button";
import { requireAdmin } from "~/features/auth/guards.server";
import { getOrdersPage } from "~/features/checkout/admin-pages.server";
import { OrderFilters, OrderList } from "~/features/checkout/components/admin-orders";
import { listSearch } from "~/lib/list-query";
import { seo } from "~/lib/seo";

export const meta: Route.MetaFunction = (args) => seo(args, { title: "Orders", description: "Bootcamp enrolments and payments.", noIndex: true });

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  return getOrdersPage(new URL(args.request.url));
}

export default function AdminOrders({ loaderData }: Route.ComponentProps) {
  const { filters, rangeError, countByStatus, orders, page, pageCount, total } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === "loading" && navigation.location.pathname === "/admin/orders";
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
      <AdminPageHeader
        title="Orders"
        description="Bootcamp enrolments from the moment checkout starts: open (abandoned), paid, refunded. Times are Central Time (CT)."
        actions={
          <Button asChild variant="outline">
            <a href={`/admin/orders/export.csv${listSearch(filters)}`} download>
              <Download aria-hidden="true" />
              Export CSV
            </a>
          </Button>
        }
      />
      <div className="mt-8">
        <OrderFilters filters={filters} countByStatus={countByStatus} rangeError={rangeError} busy={busy} />
      </div>
      <section aria-labelledby="orders-heading" aria-busy={busy} className="mt-8 space-y-6">
        <h2 id="orders-heading" className="text-xl font-semibold">
          Orders ({total})
        </h2>
        <OrderList orders={orders} filters={filters} page={page} pageCount={pageCount} />
      </section>
    </div>
  );
}
