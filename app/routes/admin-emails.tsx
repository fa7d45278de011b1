import { RefreshCw } from "lucide-react";
import { useRevalidator } from "react-router";
import type { Route } from "./+types/admin-emails";
import { AdminPageHeader } from "~/components/admin-page-header";
import { Button } from "~/components/ui/button";
import { requireAdmin } from "~/features/auth/guards.server";
import { getOutboxPage } from "~/features/email-admin/email-admin.server";
import {
  OutboxCards,
  OutboxEmpty,
  OutboxPagination,
  OutboxTable,
  StatusFilter,
} from "~/features/email-admin/components/outbox-list";
import { seo } from "~/lib/seo";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "E-mail Outbox",
    description: "Every e-mail the site sends, with its delivery status.",
    noIndex: true,
  });

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  return getOutboxPage(new URL(args.request.url));
}

export default function AdminEmails({ loaderData }: Route.ComponentProps) {
  const { messages, status, page, pageCount, countByStatus, delivery } = loaderData;
  const revalidator = useRevalidator();
  const refreshing = revalidator.state !== "idle";

  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
      <AdminPageHeader
        title="E-mail Outbox"
        description={
          <>
            Every e-mail the site sends: delivery status, attempts and the last error.{" "}
            {delivery.general.transport === "file"
              ? `No SMTP server is configured, so messages are written as .eml files to ${delivery.general.directory}.`
              : `Messages go out over SMTP through ${delivery.general.host}.`}
            {delivery.bookingConfirmationsViaProvider ? " Booking confirmations go through the e-mail provider's API." : ""}
          </>
        }
        actions={
          <Button variant="outline" onClick={() => revalidator.revalidate()} disabled={refreshing}>
            <RefreshCw className={refreshing ? "animate-spin" : undefined} aria-hidden="true" />
            {refreshing ? "Refreshing..." : "Refresh"}
          </Button>
        }
      />

      <div className="mt-8">
        <StatusFilter current={status} countByStatus={countByStatus} />
      </div>

      <section aria-label="Messages" className="mt-6 space-y-6">
        {messages.length === 0 ? (
          <OutboxEmpty status={status} />
        ) : (
          <>
            <OutboxTable messages={messages} />
            <OutboxCards messages={messages} />
          </>
        )}
        <OutboxPagination status={status} page={page} pageCount={pageCount} />
      </section>
    </div>
  );
}
