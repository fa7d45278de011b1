// Is there a session cookie Better Auth signed? Checked before anything costs a database lookup:
// the page cache serves anonymous visitors from memory, and the guards skip the session lookup,
// unless the cookie carries a valid signature. A made-up `better-auth.session_token=x.y` is
// anonymous for free (the lookup would find nothing anyway).
import crypto from "node:crypto";
import { getSessionCookie } from "better-auth/cookies";
import { getEnv } from "~/lib/env.server";
import { resolveAuthSecret } from "~/lib/auth-secret.server";

const secrets = new Map<string, string>();

/** The key Better Auth signs with, read once per configuration (the file is not read per request). */
function signingSecret(): string {
  const env = getEnv();
  const key = `${env.BETTER_AUTH_SECRET ?? ""}\n${env.DATA_DIR}`;
  let secret = secrets.get(key);
  if (secret === undefined) {
    secret = resolveAuthSecret({ configured: env.BETTER_AUTH_SECRET, dataDir: env.DATA_DIR });
    secrets.set(key, secret);
  }
  return secret;
}

/** True when the Cookie header holds a session token with a valid HMAC-SHA256 signature. */
export function hasSignedSessionCookie(cookieHeader: string | null | undefined): boolean {
  if (!cookieHeader) return false;
  let value = getSessionCookie(new Headers({ cookie: cookieHeader }));
  if (!value) return false;
  if (value.includes("%")) {
    try {
      value = decodeURIComponent(value);
    } catch {
      return false;
    }
  }
  // better-call's format: `${token}.${base64(HMAC-SHA256(token, secret))}`.
  const dot = value.lastIndexOf(".");
  if (dot < 1) return false;
  const given = Buffer.from(value.slice(dot + 1), "base64");
  const expected = crypto.createHmac("sha256", signingSecret()).update(value.slice(0, dot)).digest();
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}
