// What the auth pages' actions answer, read by the page components (toasts, mode switches,
// client-side navigation after success).
import type { SubmissionResult } from "@conform-to/react";

export type AuthIntent = "sign-in" | "sign-up" | "request-reset" | "reset-password" | "sign-out";

export type AuthToast = { kind: "success" | "error"; title: string; description?: string };

export type AuthActionResult = {
  intent: AuthIntent;
  ok: boolean;
  toast: AuthToast;
  /** Conform's reply: field errors, plus the failure as a form error shown on the page. */
  reply?: SubmissionResult<string[]>;
  /** 'User already registered' switches the page to sign-in mode. */
  switchToSignIn?: boolean;
  /** After success, where the page goes (it navigates on the client once the toast is up). */
  navigateTo?: string;
};
