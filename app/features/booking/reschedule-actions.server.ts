// /booking/reschedule/:token's loader and action: the booking with what its link may still do, and
// the move (validate, move, first delivery of the notice, back to the page). Every open of the page
// and every post counts against the reschedule limit: each is a guess at a token. Bad input is a
// field message, never a 500; the server's clock decides.
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { z } from "zod";
import type { ActionResult } from "~/components/form";
import { CENTRAL_ABBREVIATION, centralDate, clockTime, isCalendarDate, longDate } from "~/lib/central-time";
import { NO_STORE } from "~/lib/cache-headers";
import { getEnv } from "~/lib/env.server";
import { redirectWithToast } from "~/lib/flash-toast.server";
import { readFormData } from "~/lib/form-data.server";
import { loggableError } from "#server/db/errors.server";
import { deliverClaimed } from "#server/email/outbox.server";
import { logger } from "#server/logger.server";
import { rateLimitRequest, refusalHeaders } from "#server/rate-limits.server";
import { getAvailability, type Availability } from "./booking.server";
import { BOOKING_MESSAGES } from "./forms";
import { BOOKING_FAILED, RESCHEDULE_INTENT, RESCHEDULE_TOASTS, SAME_TIME_MESSAGE, SHOW_TIMES_INTENT } from "./messages";
import { rescheduleSchema, SLOT_DATE_PARAM } from "./reschedule-forms";
import {
  findBookingByRescheduleToken,
  rescheduleBooking,
  type ReschedulableBooking,
  type RescheduleLinkState,
  type RescheduleResult,
} from "./reschedule.server";
import { lastBookableDate } from "./slots";

export type ReschedulePageBooking = {
  bookingRef: string;
  name: string;
  email: string;
  date: string;
  time: string;
  duration: string;
  /** The session's length in minutes, as the slot query takes it ("60"). */
  durationMinutes: string;
  projectType: string;
  state: RescheduleLinkState;
};

/** Formatted on the server, in Central Time, so the server and the browser render the same text. */
function pageBooking(booking: ReschedulableBooking, state: RescheduleLinkState): ReschedulePageBooking {
  return {
    bookingRef: booking.bookingRef,
    name: `${booking.firstName} ${booking.lastName}`,
    email: booking.email,
    date: longDate(booking.startsAt),
    time: `${clockTime(booking.startsAt)} – ${clockTime(booking.endsAt)} ${CENTRAL_ABBREVIATION}`,
    duration: `${booking.sessionDuration} minutes`,
    durationMinutes: String(booking.sessionDuration),
    projectType: booking.projectType,
    state,
  };
}

const RESCHEDULED_PARAM = "rescheduled";

function tooMany(refusal: { message: string }) {
  return { kind: "error", title: "Too many requests", description: refusal.message } as const;
}

export async function reschedulePageData(request: Request, token: string, now = new Date(), clientIp?: string) {
  const url = new URL(request.url);
  const slotDate = url.searchParams.get(SLOT_DATE_PARAM);
  if (slotDate !== null) return daySlotsOfLink(request, token, slotDate, now, clientIp);
  // --- Rate limit (server/rate-limits.server.ts): per client address.
  const refusal = await rateLimitRequest(request, { client: clientIp });
  if (refusal) throw data(refusal.message, { status: 429, headers: refusalHeaders(refusal) });
  // --- end of rate limit
  const found = await findBookingByRescheduleToken(token, now);
  const horizonDays = getEnv().BOOKING_HORIZON_DAYS;
  const page = {
    contactEmail: getEnv().OWNER_EMAIL,
    today: centralDate(now),
    lastDate: lastBookableDate(now, horizonDays),
    // The page a move lands on: the new link, saying the move is done.
    rescheduled: url.searchParams.has(RESCHEDULED_PARAM),
  };
  if (!found) return data({ ...page, booking: null }, { status: 404, headers: NO_STORE });
  return data({ ...page, booking: pageBooking(found.booking, found.state) }, { headers: NO_STORE });
}

/**
 * The page's own question for a day's times (`?date=`): the slots as a new booking sees them, but
 * with this booking's own time free, since the move lets go of it in the same statement. A link that
 * matches no booking counts against the limit (a guess at a token); the holder of a good link may
 * look at as many days as a visitor on /booking.
 */
async function daySlotsOfLink(request: Request, token: string, date: string, now: Date, clientIp?: string) {
  const found = await findBookingByRescheduleToken(token, now);
  if (!found) {
    const refusal = await rateLimitRequest(request, { client: clientIp });
    if (refusal) throw data(refusal.message, { status: 429, headers: refusalHeaders(refusal) });
    throw data(null, { status: 404, headers: NO_STORE });
  }
  const availability = found.state === "active" ? await availabilityOf(date, found, now) : null;
  return data({ availability }, { headers: NO_STORE });
}

export type RescheduleActionResult = ActionResult & {
  /** The submitted day's slots, so a page without JavaScript marks the taken ones too. */
  availability?: Availability | null;
};

const showTimesSchema = z.object({ intent: z.literal(SHOW_TIMES_INTENT), sessionDate: z.string().optional(), sessionTime: z.string().optional() });
const moveFormSchema = z.object({ intent: z.literal(RESCHEDULE_INTENT), sessionDate: z.string().optional(), sessionTime: z.string().optional() });

// One schema for every request, its clock handed in per parse (as the booking action does).
let parseClock = new Date(0);
const serverSchemas = new Map<number, ReturnType<typeof rescheduleSchema>>();
function serverSchema() {
  const horizonDays = getEnv().BOOKING_HORIZON_DAYS;
  let schema = serverSchemas.get(horizonDays);
  if (!schema) {
    schema = rescheduleSchema({ now: () => parseClock, horizonDays });
    serverSchemas.set(horizonDays, schema);
  }
  return schema;
}

/** `date`'s slots for moving `found`: its own time counts as free (see daySlotsOfLink). */
async function availabilityOf(date: FormDataEntryValue | null, found: { booking: ReschedulableBooking; bookingId: string }, now: Date) {
  if (typeof date !== "string" || !isCalendarDate(date)) return null;
  const duration = String(found.booking.sessionDuration);
  return getAvailability({ date, duration, horizonDays: getEnv().BOOKING_HORIZON_DAYS, exceptBookingId: found.bookingId }, now);
}

/** Where a link that can no longer move the booking sends the visitor back to: its page says why. */
function backToPage(token: string, outcome: Exclude<RescheduleLinkState, "active">) {
  return redirectWithToast(`/booking/reschedule/${token}`, RESCHEDULE_TOASTS[outcome]);
}

export async function rescheduleFromLink(request: Request, token: string, now = new Date(), clientIp?: string) {
  // --- Rate limit (server/rate-limits.server.ts): per client address.
  const refusal = await rateLimitRequest(request, { client: clientIp });
  if (refusal) {
    const result: RescheduleActionResult = { ok: false, toast: tooMany(refusal) };
    return data(result, { status: 429, headers: refusalHeaders(refusal) });
  }
  // --- end of rate limit
  const formData = await readFormData(request, { schema: [moveFormSchema, showTimesSchema] });
  const found = await findBookingByRescheduleToken(token, now);
  if (!found) return data(null, { status: 404, headers: NO_STORE });
  if (found.state !== "active") return backToPage(token, found.state);

  // Without JavaScript, "Show times" asks for the chosen date's times: nothing moves.
  if (formData.get("intent") === SHOW_TIMES_INTENT) {
    const availability = await availabilityOf(formData.get("sessionDate"), found, now);
    if (availability?.slots.some((slot) => slot.time === formData.get("sessionTime") && !slot.available)) formData.delete("sessionTime");
    formData.delete("intent");
    const result: RescheduleActionResult = { ok: false, reply: parseWithZod(formData, { schema: z.object({}) }).reply(), availability };
    return data(result, { headers: NO_STORE });
  }

  parseClock = now;
  const submission = parseWithZod(formData, { schema: serverSchema() });
  if (submission.status !== "success") {
    const result: RescheduleActionResult = {
      ok: false,
      reply: submission.reply(),
      availability: await availabilityOf(formData.get("sessionDate"), found, now),
    };
    return data(result, { status: 400, headers: NO_STORE });
  }

  let moved: RescheduleResult;
  try {
    moved = await rescheduleBooking(token, submission.value, now);
  } catch (error) {
    logger.error({ error: loggableError(error) }, "booking could not be rescheduled");
    const result: RescheduleActionResult = { ok: false, toast: BOOKING_FAILED, reply: submission.reply() };
    return data(result, { status: 500, headers: NO_STORE });
  }
  switch (moved.outcome) {
    case "not-found":
      return data(null, { status: 404, headers: NO_STORE });
    case "moved":
    case "cancelled":
    case "past":
      return backToPage(token, moved.outcome);
    case "same-time":
    case "unavailable": {
      const message = moved.outcome === "same-time" ? SAME_TIME_MESSAGE : BOOKING_MESSAGES.unavailable;
      const result: RescheduleActionResult = {
        ok: false,
        reply: submission.reply({ fieldErrors: { sessionTime: [message] } }),
        availability: await availabilityOf(submission.value.sessionDate, found, now),
      };
      return data(result, { status: 409, headers: NO_STORE });
    }
    case "rescheduled": {
      // The move stands whatever the mail server says; the outbox keeps trying.
      const delivery = await deliverClaimed(moved.notice).catch((error: unknown) => ({ ok: false as const, error: String(error) }));
      if (!delivery.ok) logger.warn({ bookingRef: moved.booking.bookingRef, error: delivery.error }, "booking rescheduled: first delivery failed");
      return redirectWithToast(`/booking/reschedule/${moved.token}?${RESCHEDULED_PARAM}`, RESCHEDULE_TOASTS.rescheduled);
    }
  }
}
