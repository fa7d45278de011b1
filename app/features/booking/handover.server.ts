// How /booking hands a new booking to /booking/confirmation across its redirect, with or without
// JavaScript: a cookie naming the booking by its random id (the booking_<timestamp> reference can
// be guessed, and the page shows the visitor's contact details) and, for one view, why the
// confirmation e-mail could not be sent. The page copies the booking into localStorage.lastBooking.
// The cookie is signed (HMAC-SHA256): one forged or altered, say with another booking's id, is
// ignored like no cookie at all.
import crypto from "node:crypto";
import { serialize } from "cookie-es";
import { createCookie, type Cookie } from "react-router";
import { z } from "zod";
import { resolveAuthSecret } from "~/lib/auth-secret.server";
import { getEnv } from "~/lib/env.server";

const COOKIE_NAME = "last_booking";
const COOKIE_OPTIONS = {
  path: "/booking",
  httpOnly: true,
  sameSite: "lax",
  // Long enough to reload the page without JavaScript; afterwards localStorage remembers it.
  maxAge: 60 * 60,
} as const;

// Signed with a key of its own, derived from the site's secret (the one Better Auth signs with);
// made once per configuration, with React Router's cookie that reads it back.
let handover: { env: ReturnType<typeof getEnv>; key: string; cookie: Cookie } | undefined;
function handoverSigning() {
  const env = getEnv();
  if (handover?.env !== env) {
    const secret = resolveAuthSecret({ configured: env.BETTER_AUTH_SECRET, dataDir: env.DATA_DIR });
    const key = crypto.createHmac("sha256", secret).update(`${COOKIE_NAME} cookie`).digest("base64url");
    handover = { env, key, cookie: createCookie(COOKIE_NAME, { ...COOKIE_OPTIONS, secrets: [key] }) };
  }
  return handover;
}

const handoverSchema = z.object({ id: z.string().max(64), emailError: z.string().max(1_000).optional() });
export type BookingHandover = z.infer<typeof handoverSchema>;

/**
 * The Set-Cookie header that hands `handover` to the confirmation page, in React Router's signed
 * cookie format (its parse reads it back below): the value's JSON in base64, a dot, its HMAC-SHA256
 * in base64 without padding. Signed here in one synchronous call: React Router signs with WebCrypto,
 * a trip to the thread pool that made every booking wait a turn of the event loop for it (under
 * load 8-12 ms, at the 99th percentile 78).
 */
export function handOverBooking(handover: BookingHandover): string {
  const value = Buffer.from(JSON.stringify(handover), "utf8").toString("base64");
  const signature = crypto.createHmac("sha256", handoverSigning().key).update(value).digest("base64").replace(/=+$/, "");
  return serialize(COOKIE_NAME, `${value}.${signature}`, { ...COOKIE_OPTIONS, secure: getEnv().SITE_URL.startsWith("https://") });
}

/** The booking handed over; null without a cookie, or with one that is not signed by this site. */
export async function readBookingHandover(request: Request): Promise<BookingHandover | null> {
  // parse() answers null for a bad signature.
  const parsed = handoverSchema.safeParse(await handoverSigning().cookie.parse(request.headers.get("cookie")));
  return parsed.success ? parsed.data : null;
}
