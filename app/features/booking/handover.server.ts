// How /booking hands a new booking to /booking/confirmation across its redirect, with or without
// JavaScript: a cookie naming the booking by its random id (the booking_<timestamp> reference can
// be guessed, and the page shows the visitor's contact details) and, for one view, why the
// confirmation e-mail could not be sent. The page copies the booking into localStorage.lastBooking.
import { createCookie } from "react-router";
import { z } from "zod";
import { getEnv } from "~/lib/env.server";

const handoverCookie = createCookie("last_booking", {
  path: "/booking",
  httpOnly: true,
  sameSite: "lax",
  // Long enough to reload the page without JavaScript; afterwards localStorage remembers it.
  maxAge: 60 * 60,
});

const handoverSchema = z.object({ id: z.string().max(64), emailError: z.string().max(1_000).optional() });
export type BookingHandover = z.infer<typeof handoverSchema>;

/** The Set-Cookie header that hands `handover` to the confirmation page. */
export function handOverBooking(handover: BookingHandover): Promise<string> {
  return handoverCookie.serialize(handover, { secure: getEnv().SITE_URL.startsWith("https://") });
}

export async function readBookingHandover(request: Request): Promise<BookingHandover | null> {
  const parsed = handoverSchema.safeParse(await handoverCookie.parse(request.headers.get("cookie")));
  return parsed.success ? parsed.data : null;
}
