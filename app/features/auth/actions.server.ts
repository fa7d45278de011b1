// The actions of /admin-login and /auth: validate with the shared schema, run the flow, answer
// with the spec's toast (SPEC.md section 8) and Better Auth's cookies.
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { readFormData } from "~/lib/form-data.server";
import type { Toast } from "~/lib/toast";
import { logger } from "#server/logger.server";
import type { AuthActionResult } from "./action-result";
import { requestPasswordReset, resetPassword, signIn, signUp, type AuthFailure } from "./flows.server";
import { clearLoginRequired, readLoginRequired, safeLocalPath } from "./notice.server";
import {
  credentialsSchema,
  DEFAULT_AUTH_REDIRECT,
  MISSING_CREDENTIALS,
  MISSING_EMAIL,
  newPasswordSchema,
  resetRequestSchema,
} from "./forms";
import { NO_STORE, noStore } from "~/lib/cache-headers";

export type AuthPage = "admin-login" | "auth";

const SOMETHING_WENT_WRONG = "Something went wrong. Please try again.";

function respond(result: AuthActionResult, status: number, setCookies: string[] = []) {
  const headers = noStore();
  for (const cookie of setCookies) headers.append("Set-Cookie", cookie);
  return data(result, { status, headers });
}

function tooManyAttempts(failure: AuthFailure, what: string) {
  const seconds = failure.retryAfterSeconds ?? 10;
  return `Too many ${what} attempts. Please wait ${seconds} second${seconds === 1 ? "" : "s"} and try again.`;
}

function signInFailureToast(page: AuthPage, failure: AuthFailure): Toast {
  const title = page === "admin-login" ? "Login failed" : "Sign in failed";
  if (failure.status === 429) return { kind: "error", title, description: tooManyAttempts(failure, "sign-in") };
  if (failure.code === "INVALID_EMAIL_OR_PASSWORD" || /invalid (login credentials|email or password)/i.test(failure.message)) {
    return {
      kind: "error",
      title,
      description:
        page === "admin-login"
          ? "Invalid email or password. Please check your credentials and try again."
          : "Invalid email or password",
    };
  }
  if (failure.code === "EMAIL_NOT_VERIFIED") {
    return {
      kind: "error",
      title,
      description: "Please confirm your email address first. We have sent you a new confirmation link.",
    };
  }
  return { kind: "error", title, description: failure.message };
}

function signUpFailureToast(page: AuthPage, failure: AuthFailure): Toast {
  if (failure.code === "USER_ALREADY_EXISTS") {
    return page === "admin-login"
      ? {
          kind: "error",
          title: "Account exists",
          description: "An account with this email already exists. Try logging in instead.",
        }
      : {
          kind: "error",
          title: "Sign up failed",
          description: "An account with this email already exists. Try signing in instead.",
        };
  }
  if (failure.status === 429) {
    return { kind: "error", title: "Sign up failed", description: tooManyAttempts(failure, "sign-up") };
  }
  return { kind: "error", title: "Sign up failed", description: failure.message };
}

type ActionInput = { request: Request; clientIp: string | undefined; page: AuthPage };

async function credentialsAction({ request, clientIp, page }: ActionInput, formData: FormData) {
  const submission = parseWithZod(formData, { schema: credentialsSchema });
  if (submission.status !== "success") {
    const intent = formData.get("intent") === "sign-up" ? "sign-up" : "sign-in";
    return respond(
      {
        intent,
        ok: false,
        toast: { kind: "error", title: "Missing information", description: MISSING_CREDENTIALS },
        reply: submission.reply({ hideFields: ["password"] }),
      },
      400,
    );
  }
  const { intent, email, password } = submission.value;
  const caller = { request, clientIp };

  if (intent === "sign-in") {
    const outcome = await signIn(caller, { email, password });
    if (!outcome.ok) {
      const toast = signInFailureToast(page, outcome);
      return respond(
        { intent, ok: false, toast, reply: submission.reply({ formErrors: [toast.description ?? toast.title], hideFields: ["password"] }) },
        outcome.status,
      );
    }
    const setCookies = [...outcome.setCookies];
    let navigateTo: string | undefined;
    if (page === "auth") {
      navigateTo = safeLocalPath(new URL(request.url).searchParams.get("redirect"), DEFAULT_AUTH_REDIRECT);
    } else {
      const notice = await readLoginRequired(request);
      if (notice) {
        navigateTo = notice.from;
        setCookies.push(await clearLoginRequired());
      }
    }
    const title = page === "admin-login" ? "Logged in successfully!" : "Signed in successfully";
    return respond({ intent, ok: true, toast: { kind: "success", title }, navigateTo }, 200, setCookies);
  }

  // The confirmation link returns to where the visitor was going (/auth?redirect=…), else the root.
  const confirmedPath =
    page === "auth" ? safeLocalPath(new URL(request.url).searchParams.get("redirect"), DEFAULT_AUTH_REDIRECT) : undefined;
  const outcome = await signUp(caller, { email, password, confirmedPath });
  if (!outcome.ok) {
    const toast = signUpFailureToast(page, outcome);
    return respond(
      {
        intent,
        ok: false,
        toast,
        switchToSignIn: outcome.code === "USER_ALREADY_EXISTS",
        reply: submission.reply({ formErrors: [toast.description ?? toast.title], hideFields: ["password"] }),
      },
      outcome.status,
    );
  }
  const toast: Toast =
    page === "admin-login"
      ? { kind: "success", title: "Sign up successful", description: "Please check your email to confirm your account." }
      : { kind: "success", title: "Check your email to confirm your account" };
  return respond({ intent, ok: true, toast, reply: submission.reply({ resetForm: true }) }, 200, outcome.setCookies);
}

async function requestResetAction({ request, clientIp, page }: ActionInput, formData: FormData) {
  const submission = parseWithZod(formData, { schema: resetRequestSchema });
  if (submission.status !== "success") {
    const missing = !String(formData.get("email") ?? "").trim();
    return respond(
      {
        intent: "request-reset",
        ok: false,
        toast: missing
          ? { kind: "error", title: "Missing email", description: MISSING_EMAIL }
          : { kind: "error", title: "Reset failed", description: "Please enter a valid email address" },
        reply: submission.reply(),
      },
      400,
    );
  }
  const outcome = await requestPasswordReset({ request, clientIp }, { email: submission.value.email });
  if (!outcome.ok) {
    const description =
      outcome.status === 429 ? tooManyAttempts(outcome, "reset") : outcome.message || SOMETHING_WENT_WRONG;
    return respond(
      {
        intent: "request-reset",
        ok: false,
        toast: { kind: "error", title: "Reset failed", description },
        reply: submission.reply({ formErrors: [description] }),
      },
      outcome.status,
    );
  }
  const toast: Toast =
    page === "admin-login"
      ? { kind: "success", title: "Reset email sent", description: "Check your email for password reset instructions." }
      : { kind: "success", title: "Check your email for password reset instructions" };
  return respond({ intent: "request-reset", ok: true, toast, reply: submission.reply({ resetForm: true }) }, 200);
}

async function resetPasswordAction({ request, clientIp }: ActionInput, formData: FormData) {
  const submission = parseWithZod(formData, { schema: newPasswordSchema });
  if (submission.status !== "success") {
    return respond(
      {
        intent: "reset-password",
        ok: false,
        toast: { kind: "error", title: "Reset failed", description: "Please check the highlighted fields." },
        reply: submission.reply({ hideFields: ["password", "confirmPassword"] }),
      },
      400,
    );
  }
  const outcome = await resetPassword({ request, clientIp }, submission.value);
  if (!outcome.ok) {
    const description =
      outcome.code === "INVALID_TOKEN"
        ? "This reset link is invalid or has expired. Request a new one."
        : outcome.status === 429
          ? tooManyAttempts(outcome, "reset")
          : outcome.message || SOMETHING_WENT_WRONG;
    return respond(
      {
        intent: "reset-password",
        ok: false,
        toast: { kind: "error", title: "Reset failed", description },
        reply: submission.reply({ formErrors: [description], hideFields: ["password", "confirmPassword"] }),
      },
      outcome.status,
    );
  }
  return respond(
    {
      intent: "reset-password",
      ok: true,
      toast: {
        kind: "success",
        title: "Password updated",
        description: "Sign in with your new password. Other devices have been signed out.",
      },
      navigateTo: "/admin-login",
    },
    200,
  );
}

/** The whole action of /admin-login or /auth (dispatched on the form's `intent`). */
export async function handleAuthAction(input: ActionInput) {
  const formData = await readFormData(input.request, { schema: [credentialsSchema, resetRequestSchema, newPasswordSchema] });
  const intent = formData.get("intent");
  try {
    switch (intent) {
      case "sign-in":
      case "sign-up":
        return await credentialsAction(input, formData);
      case "request-reset":
        return await requestResetAction(input, formData);
      case "reset-password":
        if (input.page !== "admin-login") break;
        return await resetPasswordAction(input, formData);
    }
  } catch (error) {
    logger.error({ err: error, intent }, "auth action failed");
    return respond(
      {
        intent: intent === "sign-up" || intent === "request-reset" || intent === "reset-password" ? intent : "sign-in",
        ok: false,
        toast: { kind: "error", title: "Authentication error", description: SOMETHING_WENT_WRONG },
      },
      500,
    );
  }
  throw data("Bad request: unknown form.", { status: 400, headers: NO_STORE });
}
