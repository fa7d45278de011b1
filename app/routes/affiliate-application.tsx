import { Link, useNavigation } from "react-router";
import type { Route } from "./+types/affiliate-application";
import { useToast } from "~/components/form";
import { Button } from "~/components/ui/button";
import { submitApplication } from "~/features/affiliates/application-action.server";
import { findAffiliateOfUser } from "~/features/affiliates/applications.server";
import { ApplicationForm } from "~/features/affiliates/components/application-form";
import { ProtectedRouteErrorBoundary } from "~/features/auth/components/auth-states";
import { readSession, requireUser } from "~/features/auth/guards.server";
import { redirectWithToast } from "~/lib/flash-toast.server";
import { loaderOrActionHeaders, NO_STORE } from "~/lib/cache-headers";
import { clientIpContext } from "~/lib/request-context";
import { seo } from "~/lib/seo";
import { data } from "react-router";

const APPLICATION_SIGN_IN = "/auth?redirect=/affiliate-application";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Affiliate Application",
    description: "Apply to become an affiliate partner.",
    noIndex: true,
  });

// Signed-in users only; an anonymous visitor goes to /auth?redirect=/affiliate-application (SPEC.md
// section 2, declared in app/lib/route-access.ts).
export async function loader(args: Route.LoaderArgs) {
  const { user } = await requireUser(args);
  const affiliate = await findAffiliateOfUser(user.id);
  return data({ email: user.email, alreadyApplied: Boolean(affiliate) }, { headers: NO_STORE });
}

export async function action(args: Route.ActionArgs) {
  // A session that ended while the form was open: the spec's message, then the sign-in page.
  if ((await readSession(args).catch(() => undefined)) === null) {
    throw await redirectWithToast(APPLICATION_SIGN_IN, { kind: "error", title: "You must be logged in to submit an application" });
  }
  const { user } = await requireUser(args);
  return submitApplication(args.request, user, args.context.get(clientIpContext));
}

export const headers = loaderOrActionHeaders;

export const ErrorBoundary = ProtectedRouteErrorBoundary;

export default function AffiliateApplication({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  useToast(actionData?.toast);
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-primary">Affiliate Application</h1>
      <p className="mt-3 text-muted-foreground">
        Earn 15% on every bootcamp sale you refer. Tell us about yourself; we review applications within 2-3 business days.
      </p>
      <p className="mt-4 rounded-lg border bg-secondary/40 px-4 py-3 text-sm" aria-live="polite">
        Signed in as <strong>{loaderData.email}</strong>
      </p>
      {loaderData.alreadyApplied ? (
        <div className="mt-8 rounded-xl border bg-card p-6 shadow-sm">
          <p className="font-medium">You have already submitted an application.</p>
          <Button asChild className="mt-4">
            <Link to="/affiliate-dashboard">Go to Dashboard</Link>
          </Button>
        </div>
      ) : (
        <div className="mt-8 rounded-xl border bg-card p-6 shadow-sm">
          <ApplicationForm lastResult={actionData?.reply} busy={navigation.state === "submitting"} defaultPayoutEmail={loaderData.email} />
        </div>
      )}
    </div>
  );
}
