// How /booking hands a new booking to /booking/confirmation across its redirect, with or without
// JavaScript: a cookie naming the booking by its random id (the booking_<timestamp> reference can
// be guessed, and the page shows the visitor's contact details) and, for one view, why the
// confirmation e-mail could not be sent. The page copies the booking into localStorage.lastBooking.
// The cookie is signed (HMAC-SHA256): one forged or altered, say with another booking's id, is
// ignored like no cookie at all.
import crypto from "node:crypto";
import { createCookie, type Cookie } from "react-router";
import { z } from "zod";
import { resolveAuthSecret } from "~/features/auth/secret.server";
import { getEnv } from "~/lib/env.server";

const COOKIE_NAME = "last_booking";

// Signed with a key of its own, derived from the site's secret (the one Better Auth signs with);
// made once per configuration.
let handover: { env: ReturnType<typeof getEnv>; cookie: Cookie } | undefined;
function handoverCookie(): Cookie {
  const env = getEnv();
  if (handover?.env !== env) {
    const secret = resolveAuthSecret({ configured: env.BETTER_AUTH_SECRET, dataDir: env.DATA_DIR });
    const key = crypto.createHmac("sha256", secret).update(`${COOKIE_NAME} cookie`).digest("base64url");
    const cookie = createCookie(COOKIE_NAME, {
      path: "/booking",
      httpOnly: true,
      sameSite: "lax",
      secrets: [key],
      // Long enough to reload the page without JavaScript; afterwards localStorage remembers it.
      maxAge: 60 * 60,
    });
    handover = { env, cookie };
  }
  return handover.cookie;
}

const handoverSchema = z.object({ id: z.string().max(64), emailError: z.string().max(1_000).optional() });
export type BookingHandover = z.infer<typeof handoverSchema>;

/** The Set-Cookie header that hands `handover` to the confirmation page. */
export function handOverBooking(handover: BookingHandover): Promise<string> {
  return handoverCookie().serialize(handover, { secure: getEnv().SITE_URL.startsWith("https://") });
}

/** The booking handed over; null without a cookie, or with one that is not signed by this site. */
export async function readBookingHandover(request: Request): Promise<BookingHandover | null> {
  // parse() answers null for a bad signature.
  const parsed = handoverSchema.safeParse(await handoverCookie().parse(request.headers.get("cookie")));
  return parsed.success ? parsed.data : null;
}
