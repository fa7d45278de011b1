import { useEffect, useRef } from "react";
import { useFetcher, useNavigate } from "react-router";
import { toast } from "sonner";
import type { AuthActionResult } from "../action-result";

/** Shows an action result's toast once per result (a new submission yields a new object). */
export function useResultToast(result: AuthActionResult | undefined, after?: (result: AuthActionResult) => void) {
  useEffect(() => {
    if (!result) return;
    const { kind, title, description } = result.toast;
    if (kind === "success") toast.success(title, { description });
    else toast.error(title, { description });
    after?.(result);
    // Keyed on the result alone: `after` is a fresh closure on every render.
  }, [result]);
}

/**
 * For the keyed fetcher of a form that may unmount once the session changes (the sign-in form
 * gives way to 'Admin Access Granted'): called by the page, which stays. Toasts as soon as the
 * result arrives; navigates once the revalidation that follows the action has settled, so the
 * next page loads with the new session.
 */
export function useAuthResult(key: string, onResult?: (result: AuthActionResult) => void) {
  const fetcher = useFetcher<AuthActionResult>({ key });
  const navigate = useNavigate();
  const navigated = useRef<AuthActionResult | undefined>(undefined);
  useResultToast(fetcher.data, onResult);
  useEffect(() => {
    const result = fetcher.data;
    if (fetcher.state !== "idle" || !result?.ok || !result.navigateTo || navigated.current === result) return;
    navigated.current = result;
    void navigate(result.navigateTo, { replace: true });
  }, [fetcher.state, fetcher.data, navigate]);
}
