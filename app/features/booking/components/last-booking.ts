// localStorage.lastBooking (SPEC.md section 3): written when the confirmation page receives a new
// booking from the server, read when it is opened again later.
import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { LAST_BOOKING_KEY, lastBookingSchema, type LastBooking } from "../forms";

function saveLastBooking(booking: LastBooking) {
  try {
    localStorage.setItem(LAST_BOOKING_KEY, JSON.stringify(booking));
  } catch {
    // Storage full or disabled: the page still shows the booking it was given.
  }
}

function readLastBooking(): LastBooking | null {
  try {
    const parsed = lastBookingSchema.safeParse(JSON.parse(localStorage.getItem(LAST_BOOKING_KEY) ?? "null"));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * The booking to show: the one the server handed over (kept in localStorage), else the saved one.
 * Null while looking; with nothing saved, the visitor is sent to /booking.
 */
export function useLastBooking(handedOver: LastBooking | null): LastBooking | null {
  const navigate = useNavigate();
  const [saved, setSaved] = useState<LastBooking | null>(null);
  useEffect(() => {
    if (handedOver) {
      saveLastBooking(handedOver);
      return;
    }
    const stored = readLastBooking();
    if (stored) setSaved(stored);
    else void navigate("/booking", { replace: true });
  }, [handedOver, navigate]);
  return handedOver ?? saved;
}
