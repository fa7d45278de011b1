// The protected-route states of SPEC.md section 4: waiting, 'Login Required', 'Access Denied',
// 'Authentication Error'. The server decides (guards.server.ts); these screens say what it decided.
import { AlertTriangle, LogIn, ShieldAlert } from "lucide-react";
import { isRouteErrorResponse, Link, useNavigation, useRouteError } from "react-router";
import { NotFound } from "~/components/not-found";
import { Button } from "~/components/ui/button";
import { Spinner } from "~/components/ui/spinner";
import type { AuthErrorData } from "../guards.server";
import { ACCESS_DENIED_MESSAGE } from "../messages";
import { isProtectedPath } from "~/lib/route-access";
import { SignOutButton } from "./sign-out-button";

export function AuthPending({ message }: { message: "Checking authentication..." | "Loading permissions..." }) {
  return (
    <div className="flex items-center justify-center gap-3 py-10 text-muted-foreground" aria-live="polite">
      <Spinner className="size-6 text-brand" label={message} />
      <p>{message}</p>
    </div>
  );
}

/**
 * While the client waits for a protected page's loader (its guard), a small notice says so.
 * Mounted on the auth pages and the protected screens; the root layout may mount it too.
 */
export function ProtectedNavigationNotice() {
  const navigation = useNavigation();
  if (navigation.state !== "loading" || !isProtectedPath(navigation.location.pathname)) return null;
  return (
    <div
      className="fixed inset-x-0 top-20 z-50 mx-auto flex w-fit items-center gap-2 rounded-full border bg-background px-4 py-2 text-sm shadow-md"
      aria-live="polite"
    >
      <Spinner className="text-brand" label="Checking authentication..." />
      <span>Checking authentication...</span>
    </div>
  );
}

function StateScreen({
  icon,
  title,
  children,
  actions,
}: {
  icon: React.ReactNode;
  title: string;
  children: React.ReactNode;
  actions: React.ReactNode;
}) {
  return (
    <section className="mx-auto flex max-w-lg flex-col items-center px-4 py-20 text-center" aria-labelledby="auth-state-title">
      <div className="flex size-14 items-center justify-center rounded-full bg-secondary" aria-hidden="true">
        {icon}
      </div>
      <h1 id="auth-state-title" className="mt-5 text-2xl font-semibold tracking-tight text-primary">
        {title}
      </h1>
      <div className="mt-3 text-muted-foreground">{children}</div>
      <div className="mt-8 flex flex-wrap items-center justify-center gap-3">{actions}</div>
      <ProtectedNavigationNotice />
    </section>
  );
}

export function LoginRequired() {
  return (
    <StateScreen
      icon={<LogIn className="size-7 text-primary" />}
      title="Login Required"
      actions={
        <Button asChild>
          <Link to="/admin-login">Go to Login</Link>
        </Button>
      }
    >
      <p>You need to be logged in to access this page.</p>
    </StateScreen>
  );
}

export function AccessDenied() {
  return (
    <StateScreen
      icon={<ShieldAlert className="size-7 text-destructive" />}
      title="Access Denied"
      actions={
        <>
          <Button asChild variant="outline">
            <Link to="/">Go Home</Link>
          </Button>
          <SignOutButton redirectTo="/admin-login" variant="default">
            Try Different Account
          </SignOutButton>
        </>
      }
    >
      <p>{ACCESS_DENIED_MESSAGE}</p>
    </StateScreen>
  );
}

export function AuthenticationError({ message }: { message: string }) {
  return (
    <StateScreen
      icon={<AlertTriangle className="size-7 text-destructive" />}
      title="Authentication Error"
      actions={
        <>
          <Button type="button" onClick={() => window.location.reload()}>
            Try Again
          </Button>
          <Button asChild variant="outline">
            <Link to="/admin-login">Go to Login</Link>
          </Button>
        </>
      }
    >
      <p>{message}</p>
    </StateScreen>
  );
}

function isAuthErrorData(value: unknown): value is AuthErrorData {
  return typeof value === "object" && value !== null && "reason" in value && "message" in value;
}

/**
 * The ErrorBoundary of every protected route: a guard's 403 becomes 'Access Denied', its 503
 * 'Authentication Error'. Any other failure gets the same plain message as the root boundary
 * (never a stack trace; the server has logged it).
 */
export function ProtectedRouteErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error)) {
    if (error.status === 403) return <AccessDenied />;
    if (error.status === 404) return <NotFound />;
    if (error.status === 401) return <LoginRequired />;
    if (error.status === 503 && isAuthErrorData(error.data)) return <AuthenticationError message={error.data.message} />;
  }
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-2xl font-semibold">Something went wrong</h1>
      <p className="mt-3 text-muted-foreground">
        Please try again in a moment. If the problem persists, use the booking page to reach us.
      </p>
    </div>
  );
}
