import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/admin-email";
import { Button } from "~/components/ui/button";
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

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  return getOutboxMessageView(args.params.id);
}

export async function action(args: Route.ActionArgs) {
  await requireAdmin(args);
  return resendFromAdmin(args.request, args.params.id);
}

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
        {/* Only a dead message can be resent; a dropped one (e.g. a cancelled booking's reminder) was withdrawn on purpose. */}
        {message.status === "dead" ? <ResendButton /> : null}
      </div>
      <div className="mt-6">
        <DeliveryFacts message={message} />
      </div>
      <MessageParts message={message} />
    </div>
  );
}
