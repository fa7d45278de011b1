// Sign-out is a POST to /admin-login's action (any signed-in user may sign out), answered with the
// spec's toasts; then the page moves on.
import { LogOut } from "lucide-react";
import { useMemo } from "react";
import { useFetcher, useNavigate } from "react-router";
import { Button } from "~/components/ui/button";
import type { AuthActionResult } from "../action-result";
import { useResultToast } from "./use-auth-result";

export function SignOutButton({
  redirectTo,
  failureDescription,
  variant = "default",
  children = "Sign Out",
}: {
  redirectTo: string;
  /** The admin dashboard says 'Please try again.' where /admin-login says more (SPEC.md 8). */
  failureDescription?: string;
  variant?: "default" | "outline" | "secondary" | "ghost";
  children?: React.ReactNode;
}) {
  const fetcher = useFetcher<AuthActionResult>();
  const navigate = useNavigate();
  const busy = fetcher.state !== "idle";
  const result = useMemo(
    () =>
      fetcher.data && !fetcher.data.ok && failureDescription
        ? { ...fetcher.data, toast: { ...fetcher.data.toast, description: failureDescription } }
        : fetcher.data,
    [fetcher.data, failureDescription],
  );
  useResultToast(result, (outcome) => {
    if (outcome.ok) void navigate(redirectTo, { replace: true });
  });
  return (
    <fetcher.Form
      method="post"
      action="/admin-login"
      onSubmit={(event) => {
        if (busy) event.preventDefault();
      }}
    >
      <input type="hidden" name="intent" value="sign-out" />
      <Button type="submit" variant={variant} disabled={busy} aria-busy={busy}>
        <LogOut aria-hidden="true" />
        {busy ? "Signing out..." : children}
      </Button>
    </fetcher.Form>
  );
}
