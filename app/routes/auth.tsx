import { UserRound } from "lucide-react";
import { useState } from "react";
import { data, redirect, useLocation } from "react-router";
import type { Route } from "./+types/auth";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { handleAuthAction } from "~/features/auth/actions.server";
import { ProtectedNavigationNotice } from "~/features/auth/components/auth-states";
import { CredentialsForm, type CredentialsLabels, type CredentialsMode } from "~/features/auth/components/credentials-form";
import { ResetRequestForm } from "~/features/auth/components/reset-request-form";
import { useAuthResult } from "~/features/auth/components/use-auth-result";
import { readSession } from "~/features/auth/guards.server";
import { safeLocalPath } from "~/features/auth/notice.server";
import { DEFAULT_AUTH_REDIRECT } from "~/features/auth/forms";
import { clientIpContext } from "~/lib/request-context";
import { seo } from "~/lib/seo";
import { logger } from "#server/logger.server";
import { loaderOrActionHeaders, NO_STORE } from "~/lib/cache-headers";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Sign In or Create Account",
    description: "Sign in or create an account to apply as an affiliate partner.",
    noIndex: true,
  });

export async function loader(args: Route.LoaderArgs) {
  const redirectTo = safeLocalPath(new URL(args.request.url).searchParams.get("redirect"), DEFAULT_AUTH_REDIRECT);
  let signedIn = false;
  try {
    signedIn = (await readSession(args)) !== null;
  } catch (error) {
    // The form still works; the target page's guard reports the failure if it persists.
    logger.error({ err: error }, "/auth: session lookup failed");
  }
  // A signed-in user goes straight to the target (SPEC.md section 2).
  if (signedIn) throw redirect(redirectTo, { headers: NO_STORE });
  return data(null, { headers: NO_STORE });
}

export async function action({ request, context }: Route.ActionArgs) {
  return handleAuthAction({ request, clientIp: context.get(clientIpContext), page: "auth" });
}

export const headers = loaderOrActionHeaders;

const CREDENTIALS_FORM = "auth-credentials";

const labels: CredentialsLabels = {
  "sign-up": {
    submit: "Create Account",
    busy: "Creating account...",
    toggleQuestion: "Already have an account?",
    toggleAction: "Sign in",
  },
  "sign-in": {
    submit: "Sign In",
    busy: "Signing in...",
    toggleQuestion: "Need an account?",
    toggleAction: "Create one",
  },
};

export default function Auth() {
  const location = useLocation();
  // The form posts to this very URL so the action sees the same `redirect` parameter.
  const action = `/auth${location.search}`;
  const [mode, setMode] = useState<CredentialsMode>("sign-up");
  const [forgotOpen, setForgotOpen] = useState(false);
  useAuthResult(CREDENTIALS_FORM, (result) => {
    if (result.switchToSignIn) setMode("sign-in");
  });

  return (
    <div className="mx-auto grid max-w-md gap-6 px-4 py-12 sm:py-16">
      <div className="text-center">
        <div className="mx-auto flex size-12 items-center justify-center rounded-full bg-secondary" aria-hidden="true">
          <UserRound className="size-6 text-primary" />
        </div>
        <h1 className="mt-4 text-3xl font-bold tracking-tight text-primary">
          {mode === "sign-up" && !forgotOpen ? "Create Account" : "Sign In"}
        </h1>
        <p className="mt-2 text-sm text-muted-foreground">
          {mode === "sign-up" && !forgotOpen
            ? "Create an account to apply to the affiliate program."
            : "Sign in to continue to your affiliate application and dashboard."}
        </p>
      </div>

      {forgotOpen ? (
        <Card>
          <CardHeader>
            <CardTitle className="text-lg">Reset Password</CardTitle>
            <CardDescription>Enter your email address and we will send you a link to choose a new password.</CardDescription>
          </CardHeader>
          <CardContent>
            <ResetRequestForm id="auth-reset-request" action={action} onCancel={() => setForgotOpen(false)} />
          </CardContent>
        </Card>
      ) : (
        <Card>
          <CardHeader>
            <CardTitle className="text-lg">{mode === "sign-up" ? "Create account" : "Sign in"}</CardTitle>
            <CardDescription>
              {mode === "sign-up"
                ? "We will e-mail you a link to confirm your address."
                : "Use the email and password of your account."}
            </CardDescription>
          </CardHeader>
          <CardContent>
            <CredentialsForm
              id={CREDENTIALS_FORM}
              action={action}
              mode={mode}
              labels={labels}
              onModeChange={setMode}
              onForgotPassword={() => setForgotOpen(true)}
            />
          </CardContent>
        </Card>
      )}
      <ProtectedNavigationNotice />
    </div>
  );
}
