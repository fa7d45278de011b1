import { useEffect, useRef } from "react";
import { useFetcher, useNavigate } from "react-router";
import { useToast } from "~/components/form";
import type { AuthActionResult } from "../action-result";

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
  useToast(fetcher.data?.toast);
  useEffect(() => {
    if (fetcher.data) onResult?.(fetcher.data);
    // Once per result: `onResult` is a fresh closure on every render.
  }, [fetcher.data]);
  useEffect(() => {
    const result = fetcher.data;
    if (fetcher.state !== "idle" || !result?.ok || !result.navigateTo || navigated.current === result) return;
    navigated.current = result;
    void navigate(result.navigateTo, { replace: true });
  }, [fetcher.state, fetcher.data, navigate]);
}
