// What the auth pages' actions answer, read by the page components (toasts, mode switches,
// client-side navigation after success).
import type { ActionResult } from "~/components/form";
import type { Toast } from "~/lib/toast";

export type AuthIntent = "sign-in" | "sign-up" | "request-reset" | "reset-password";

export type AuthActionResult = ActionResult & {
  intent: AuthIntent;
  toast: Toast;
  /** 'User already registered' switches the page to sign-in mode. */
  switchToSignIn?: boolean;
};
