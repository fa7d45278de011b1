// Better Auth, configured for this site (DESIGN.md sections 1 and 7): e-mail + password with
// verification required, password reset that revokes sessions, rate limits in every environment,
// stored in the database so every instance shares them. Created on first use, after the database
// has been opened, and rebuilt if the process switches databases (tests do).
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { getEnv } from "~/lib/env.server";
import { getDb, type Database } from "#server/db/client.server";
import { accounts, rateLimits, sessions, users, verifications } from "./schema";
import { logger } from "#server/logger.server";
import { sendPasswordResetEmail, sendVerificationEmail } from "./emails.server";
import { resolveAuthSecret } from "~/lib/auth-secret.server";

/**
 * The header Better Auth reads the client address from. Every request we hand to Better Auth is
 * built by us (see callAuth and the /api/auth route) with this header set from Express's `req.ip`,
 * and whatever a visitor sent under the same name is dropped, so it cannot be spoofed.
 */
export const CLIENT_IP_HEADER = "x-site-client-ip";


function createAuth(db: Database) {
  const env = getEnv();
  return betterAuth({
    appName: "Halvorsen Manufacturing Advisory",
    baseURL: env.SITE_URL,
    basePath: "/api/auth",
    secret: resolveAuthSecret({ configured: env.BETTER_AUTH_SECRET, dataDir: env.DATA_DIR }),
    trustedOrigins: [env.SITE_URL],
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: {
        user: users,
        session: sessions,
        account: accounts,
        verification: verifications,
        rateLimit: rateLimits,
      },
    }),
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      revokeSessionsOnPasswordReset: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      // Returns at once: the mail is queued after the answer (see sendPasswordResetEmail).
      sendResetPassword: async ({ user, url }) => sendPasswordResetEmail({ email: user.email, url }),
    },
    // Expired rows are deleted hourly by verification-housekeeping.server.ts, not on lookups: the
    // lookup's clean-up made an unknown address's reset request slower than a registered one's.
    verification: { disableCleanup: true },
    emailVerification: {
      sendOnSignUp: true,
      // Someone who signs in before confirming gets a fresh link instead of a dead end.
      sendOnSignIn: true,
      autoSignInAfterVerification: true,
      sendVerificationEmail: async ({ user, url }) => {
        await sendVerificationEmail({ email: user.email, url });
      },
    },
    rateLimit: {
      enabled: true,
      storage: "database",
      window: 60,
      max: 100,
      // SPEC.md: the 4th sign-in attempt within 10 seconds is refused (SIGN_IN_LIMIT_* change it;
      // the browser tests do). Sign-up shares Better Auth's rule of the same size.
      customRules: {
        "/sign-in/email": { window: env.SIGN_IN_LIMIT_WINDOW_SECONDS, max: env.SIGN_IN_LIMIT_MAX },
        "/sign-up/email": { window: env.SIGN_IN_LIMIT_WINDOW_SECONDS, max: env.SIGN_IN_LIMIT_MAX },
      },
    },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: env.SITE_URL.startsWith("https://"),
    },
    telemetry: { enabled: false },
    logger: {
      log(level, message) {
        // Better Auth's messages can name an e-mail address; never a password or token.
        if (level === "error") logger.error({ source: "better-auth" }, message);
        else if (level === "warn") logger.warn({ source: "better-auth" }, message);
        else logger.debug({ source: "better-auth" }, message);
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

const holder = globalThis as typeof globalThis & {
  __auth?: { db: Database; auth: Auth };
};

export function getAuth(): Auth {
  const db = getDb();
  if (holder.__auth?.db !== db) holder.__auth = { db, auth: createAuth(db) };
  return holder.__auth.auth;
}

// Headers of the visitor's request that Better Auth needs: the session cookie, and what its
// origin / CSRF checks read.
const FORWARDED_HEADERS = [
  "cookie",
  "origin",
  "referer",
  "user-agent",
  "sec-fetch-site",
  "sec-fetch-mode",
  "sec-fetch-dest",
  "accept-language",
];

/** The Request Better Auth should see for `request`: only the headers above, plus the client IP. */
export function toAuthRequest(
  request: Request,
  clientIp: string | undefined,
  target: { url: string; method: string; body?: BodyInit | null; contentType?: string | null },
): Request {
  const headers = new Headers();
  for (const name of FORWARDED_HEADERS) {
    const value = request.headers.get(name);
    if (value !== null) headers.set(name, value);
  }
  if (clientIp) headers.set(CLIENT_IP_HEADER, clientIp);
  if (target.contentType) headers.set("content-type", target.contentType);
  return new Request(target.url, {
    method: target.method,
    headers,
    body: target.body ?? null,
    redirect: "manual",
  });
}

/**
 * Calls one Better Auth endpoint on behalf of the visitor who sent `request` (from a route action),
 * through its HTTP handler so that rate limits and origin checks apply exactly as for /api/auth.
 */
export async function callAuth(
  request: Request,
  clientIp: string | undefined,
  endpoint: `/${string}`,
  body: Record<string, unknown>,
): Promise<Response> {
  const url = `${getEnv().SITE_URL}/api/auth${endpoint}`;
  return getAuth().handler(
    toAuthRequest(request, clientIp, {
      url,
      method: "POST",
      body: JSON.stringify(body),
      contentType: "application/json",
    }),
  );
}
