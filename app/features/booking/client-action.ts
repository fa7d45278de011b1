// /booking's clientAction: the booking POST as the browser sends it. When the request fails in
// transit (the connection lost, a proxy's 502 page), the page shows the spec's 'Booking failed'
// toast and keeps the form as typed (SPEC.md sections 5 and 8) instead of the error screen.
import type { BookingActionResult } from "./actions.server";
import { BOOKING_FAILED } from "./messages";

export async function submitOrSayBookingFailed(serverAction: () => Promise<BookingActionResult | undefined>) {
  try {
    return await serverAction();
  } catch (error) {
    // A redirect (to the confirmation page) is the router's to follow.
    if (error instanceof Response) throw error;
    const failed: BookingActionResult = { ok: false, toast: BOOKING_FAILED };
    return failed;
  }
}
