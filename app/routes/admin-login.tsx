import { LayoutDashboard, LogIn, ShieldAlert, ShieldCheck } from "lucide-react";
import { useState } from "react";
import { data, Link, useLocation } from "react-router";
import type { Route } from "./+types/admin-login";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { handleAuthAction } from "~/features/auth/actions.server";
import { ProtectedNavigationNotice } from "~/features/auth/components/auth-states";
import { CredentialsForm, type CredentialsLabels, type CredentialsMode } from "~/features/auth/components/credentials-form";
import { AuthDebugPanel } from "~/features/auth/components/debug-panel";
import { NEW_PASSWORD_FORM, NewPasswordForm } from "~/features/auth/components/new-password-form";
import { ResetRequestForm } from "~/features/auth/components/reset-request-form";
import { SignOutButton } from "~/features/auth/components/sign-out-button";
import { useAuthResult } from "~/features/auth/components/use-auth-result";
import { ACCESS_DENIED_MESSAGE } from "~/features/auth/messages";
import { loginRequiredCookie, readLoginRequired } from "~/features/auth/notice.server";
import { findFirstAdminEmail } from "~/features/auth/roles.server";
import { useAuth } from "~/features/auth/use-auth";
import { getEnv } from "~/lib/env.server";
import { clientIpContext } from "~/lib/request-context";
import { seo } from "~/lib/seo";
import { loaderOrActionHeaders, noStore } from "~/lib/cache-headers";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Admin Login",
    description: "Sign in to the admin area.",
    noIndex: true,
  });

export async function loader({ request }: Route.LoaderArgs) {
  const env = getEnv();
  const url = new URL(request.url);
  const resetToken = url.searchParams.get("token");
  const headers = noStore();
  // 'Login Required' shows once per guard redirect (never above the new-password form); the
  // notice keeps the page to return to after signing in.
  const notice = await readLoginRequired(request);
  if (notice && !notice.shown) {
    headers.append("Set-Cookie", await loginRequiredCookie.serialize({ from: notice.from, shown: true }));
  }
  return data(
    {
      adminEmail: (env.ADMIN_PASSWORD && env.ADMIN_EMAIL) || (await findFirstAdminEmail()) || env.OWNER_EMAIL,
      showDebug: env.NODE_ENV !== "production",
      loginRequired: Boolean(notice && !notice.shown && !resetToken),
      resetToken,
      resetLinkInvalid: url.searchParams.get("error") === "INVALID_TOKEN",
    },
    { headers },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  return handleAuthAction({ request, clientIp: context.get(clientIpContext), page: "admin-login" });
}

export const headers = loaderOrActionHeaders;

const CREDENTIALS_FORM = "admin-credentials";

const labels: CredentialsLabels = {
  "sign-in": {
    submit: "Sign In",
    busy: "Signing in...",
    toggleQuestion: "Don't have an account?",
    toggleAction: "Sign up",
  },
  "sign-up": {
    submit: "Sign Up",
    busy: "Creating account...",
    toggleQuestion: "Already have an account?",
    toggleAction: "Sign in",
  },
};

export default function AdminLogin({ loaderData }: Route.ComponentProps) {
  const { adminEmail, showDebug, loginRequired, resetToken, resetLinkInvalid } = loaderData;
  const auth = useAuth();
  const location = useLocation();
  const [mode, setMode] = useState<CredentialsMode>("sign-in");
  const [forgotOpen, setForgotOpen] = useState(false);
  useAuthResult(CREDENTIALS_FORM, (result) => {
    if (result.switchToSignIn) setMode("sign-in");
  });
  useAuthResult(NEW_PASSWORD_FORM);

  let card: React.ReactNode;
  if (auth.user && auth.isAdmin) {
    card = (
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2 text-lg">
            <ShieldCheck aria-hidden="true" className="size-5 text-primary" />
            Admin Access Granted
          </CardTitle>
          <CardDescription>
            You are signed in as <strong className="text-foreground">{auth.user.email}</strong> with admin privileges.
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-wrap gap-3">
          <Button asChild>
            <Link to="/admin">
              <LayoutDashboard aria-hidden="true" />
              Go to Admin Dashboard
            </Link>
          </Button>
          <SignOutButton redirectTo="/admin-login" variant="outline" />
        </CardContent>
      </Card>
    );
  } else if (auth.user) {
    // SPEC.md section 4: an admin page opened without the admin role lands here.
    card = (
      <Card className="border-destructive/30">
        <CardHeader>
          <CardTitle className="flex items-center gap-2 text-lg">
            <ShieldAlert aria-hidden="true" className="size-5 text-destructive" />
            <h2>Access Denied</h2>
          </CardTitle>
          <CardDescription>
            {ACCESS_DENIED_MESSAGE} You are signed in as <strong className="text-foreground">{auth.user.email}</strong>.
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-wrap gap-3">
          <Button asChild variant="outline">
            <Link to="/">Go Home</Link>
          </Button>
          <SignOutButton redirectTo="/admin-login">Try Different Account</SignOutButton>
        </CardContent>
      </Card>
    );
  } else if (resetToken) {
    card = (
      <Card>
        <CardHeader>
          <CardTitle className="text-lg">Set a New Password</CardTitle>
          <CardDescription>Choose a new password for your account. Other devices will be signed out.</CardDescription>
        </CardHeader>
        <CardContent>
          <NewPasswordForm token={resetToken} />
        </CardContent>
      </Card>
    );
  } else if (forgotOpen) {
    card = (
      <Card>
        <CardHeader>
          <CardTitle className="text-lg">Reset Password</CardTitle>
          <CardDescription>Enter your email address and we will send you a link to choose a new password.</CardDescription>
        </CardHeader>
        <CardContent>
          <ResetRequestForm id="admin-reset-request" action="/admin-login" onCancel={() => setForgotOpen(false)} />
        </CardContent>
      </Card>
    );
  } else {
    card = (
      <Card>
        <CardHeader>
          <CardTitle className="text-lg">{mode === "sign-in" ? "Sign In" : "Create Account"}</CardTitle>
          <CardDescription>
            {mode === "sign-in"
              ? "Sign in to manage the blog, affiliates and analytics."
              : "Create an account. We will e-mail you a link to confirm your address."}
          </CardDescription>
        </CardHeader>
        <CardContent>
          <CredentialsForm
            id={CREDENTIALS_FORM}
            action="/admin-login"
            mode={mode}
            labels={labels}
            onModeChange={setMode}
            onForgotPassword={() => setForgotOpen(true)}
          />
        </CardContent>
      </Card>
    );
  }

  return (
    <div className="mx-auto grid max-w-md gap-6 px-4 py-12 sm:py-16">
      <div className="text-center">
        <div className="mx-auto flex size-12 items-center justify-center rounded-full bg-secondary" aria-hidden="true">
          <LogIn className="size-6 text-primary" />
        </div>
        <h1 className="mt-4 text-3xl font-bold tracking-tight text-primary">Admin Login</h1>
        <p className="mt-2 text-sm text-muted-foreground">
          Admin access uses the owner&apos;s account: <strong className="text-foreground">{adminEmail}</strong>
        </p>
      </div>

      {/* Keyed by the visit: kept while the visitor tries to sign in, gone on the next visit. */}
      {auth.user ? null : <LoginRequiredBanner key={location.key} show={loginRequired} />}
      {resetLinkInvalid && !auth.user ? (
        <div role="alert" className="rounded-lg border border-destructive/30 bg-destructive/5 px-4 py-3 text-sm text-destructive">
          This password reset link is invalid or has expired. Use &apos;Forgot password?&apos; to get a new one.
        </div>
      ) : null}
      {auth.error ? (
        <div role="alert" className="rounded-lg border border-destructive/30 bg-destructive/5 px-4 py-3 text-sm text-destructive">
          {auth.error}
        </div>
      ) : null}

      {card}

      <ProtectedNavigationNotice />

      {showDebug ? (
        <AuthDebugPanel
          authenticated={Boolean(auth.user)}
          isAdmin={auth.isAdmin}
          loading={auth.loading}
          email={auth.user?.email ?? null}
        />
      ) : null}
    </div>
  );
}

function LoginRequiredBanner({ show }: { show: boolean }) {
  // The loader says it once; a failed sign-in's revalidation must not take it away.
  const [visible] = useState(show);
  if (!visible) return null;
  return (
    <div role="status" className="rounded-lg border border-primary/20 bg-secondary px-4 py-3 text-sm">
      <p className="font-semibold">Login Required</p>
      <p className="text-muted-foreground">You need to be logged in to access this page.</p>
    </div>
  );
}
