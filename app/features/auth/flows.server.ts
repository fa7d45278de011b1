// The account flows the auth pages' actions run: each one calls Better Auth's HTTP handler on the
// visitor's behalf (so its rate limits, origin checks and cookies apply) and turns the answer into
// what the page shows. The texts are SPEC.md section 8's.
import { eq } from "drizzle-orm";
import { getDb, type Executor } from "#server/db/client.server";
import { users } from "./schema";
import { logger } from "#server/logger.server";
import { callAuth } from "./auth.server";

/** Where the password-reset e-mail's link lands (SPEC.md: back to /admin-login). */
export const PASSWORD_RESET_PAGE = "/admin-login";
/** Where the sign-up confirmation link lands unless the page names a target (SPEC.md: the site root). */
export const SIGN_UP_CONFIRMED_PAGE = "/";

export type AuthFailure = {
  ok: false;
  /** HTTP status Better Auth answered with (429 when rate limited). */
  status: number;
  code: string | null;
  message: string;
  retryAfterSeconds: number | null;
};
export type AuthSuccess = { ok: true; setCookies: string[] };
export type AuthOutcome = AuthSuccess | AuthFailure;

async function readOutcome(response: Response): Promise<AuthOutcome> {
  const setCookies = response.headers.getSetCookie();
  if (response.ok) return { ok: true, setCookies };
  let code: string | null = null;
  let message = "Something went wrong. Please try again.";
  try {
    const body = (await response.json()) as { code?: unknown; message?: unknown };
    if (typeof body.code === "string") code = body.code;
    if (typeof body.message === "string" && body.message) message = body.message;
  } catch {
    // Not JSON: keep the generic message.
  }
  const retryAfter = Number(response.headers.get("x-retry-after"));
  return {
    ok: false,
    status: response.status,
    code,
    message,
    retryAfterSeconds: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null,
  };
}

type Caller = { request: Request; clientIp: string | undefined };

export async function signIn(caller: Caller, input: { email: string; password: string }) {
  const response = await callAuth(caller.request, caller.clientIp, "/sign-in/email", {
    email: input.email,
    password: input.password,
    rememberMe: true,
  });
  return readOutcome(response);
}

async function accountExists(email: string, executor: Executor = getDb()): Promise<boolean> {
  const [row] = await executor
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, email.toLowerCase()))
    .limit(1);
  return Boolean(row);
}

/**
 * Creates the account (unverified) and sends the confirmation e-mail. Better Auth answers a
 * duplicate address with a silent success; the spec wants 'Account exists', so we check first and
 * report it (rate-limited like every sign-up). Only e-mail and password are passed on: a visitor
 * cannot set any other field of their account (a `role`, say) through this form.
 */
export async function signUp(
  caller: Caller,
  input: { email: string; password: string; confirmedPath?: string },
): Promise<AuthOutcome | { ok: false; status: 409; code: "USER_ALREADY_EXISTS"; message: string; retryAfterSeconds: null }> {
  const existed = await accountExists(input.email);
  const response = await callAuth(caller.request, caller.clientIp, "/sign-up/email", {
    email: input.email,
    password: input.password,
    name: input.email.split("@")[0] ?? input.email,
    callbackURL: input.confirmedPath ?? SIGN_UP_CONFIRMED_PAGE,
  });
  const outcome = await readOutcome(response);
  if (outcome.ok && existed) {
    return {
      ok: false,
      status: 409,
      code: "USER_ALREADY_EXISTS",
      message: "User already registered",
      retryAfterSeconds: null,
    };
  }
  return outcome;
}

/** Always answers success for a well-formed address (no account enumeration through resets). */
export async function requestPasswordReset(caller: Caller, input: { email: string }) {
  const response = await callAuth(caller.request, caller.clientIp, "/request-password-reset", {
    email: input.email,
    redirectTo: PASSWORD_RESET_PAGE,
  });
  return readOutcome(response);
}

/** Sets the new password; Better Auth then revokes every session of the account. */
export async function resetPassword(caller: Caller, input: { token: string; password: string }) {
  const response = await callAuth(caller.request, caller.clientIp, "/reset-password", {
    token: input.token,
    newPassword: input.password,
  });
  return readOutcome(response);
}

export async function signOut(caller: Caller): Promise<AuthOutcome> {
  try {
    const response = await callAuth(caller.request, caller.clientIp, "/sign-out", {});
    return await readOutcome(response);
  } catch (error) {
    logger.error({ err: error }, "sign-out failed");
    return {
      ok: false,
      status: 500,
      code: null,
      message: "Sign out failed",
      retryAfterSeconds: null,
    };
  }
}
