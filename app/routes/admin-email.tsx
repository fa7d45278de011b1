import { ArrowLeft } from "lucide-react";
import { data, Link } from "react-router";
import type { Route } from "./+types/admin-email";
import { Button } from "~/components/ui/button";
import { ProtectedNavigationNotice, ProtectedRouteErrorBoundary } from "~/features/auth/components/auth-states";
import { requireAdmin } from "~/features/auth/guards.server";
import { getOutboxMessageView, resendFromAdmin } from "~/features/email-admin/email-admin.server";
import { DeliveryFacts, MessageParts } from "~/features/email-admin/components/message-view";
import { ResendButton, useResendToasts } from "~/features/email-admin/components/resend-button";
import { seo } from "~/lib/seo";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "E-mail",
    description: "One message of the e-mail outbox.",
    noIndex: true,
  });

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  return data(await getOutboxMessageView(params.id), { headers: { "Cache-Control": "no-store" } });
}

export async function action({ request, params }: Route.ActionArgs) {
  await requireAdmin(request);
  return data(await resendFromAdmin(request, params.id), { headers: { "Cache-Control": "no-store" } });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const ErrorBoundary = ProtectedRouteErrorBoundary;

export default function AdminEmail({ loaderData: message }: Route.ComponentProps) {
  useResendToasts();
  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6 lg:px-8">
      <Button asChild variant="outline">
        <Link to="/admin/emails">
          <ArrowLeft aria-hidden="true" />
          All e-mails
        </Link>
      </Button>
      <div className="mt-6 flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <h1 className="min-w-0 text-2xl font-bold tracking-tight break-words text-primary sm:text-3xl">
          {message.subject}
        </h1>
        {message.status === "dead" ? <ResendButton /> : null}
      </div>
      <div className="mt-6">
        <DeliveryFacts message={message} />
      </div>
      <MessageParts message={message} />
      <ProtectedNavigationNotice />
    </div>
  );
}
