// The booking pages' server side: /booking's loader (calendar bounds, a day's availability) and
// action (validate, book, first delivery of the confirmation, answer), /booking/confirmation's
// loader, and /booking/cancel/:token's loader and action. Every answer to bad input is a field
// message or a plain status, never a 500; the server's clock decides.
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { z } from "zod";
import type { ActionResult } from "~/components/form";
import { CENTRAL_ABBREVIATION, centralDate, clockTime, isCalendarDate, longDate, monthDate } from "~/lib/central-time";
import { NO_STORE } from "~/lib/cache-headers";
import { getEnv } from "~/lib/env.server";
import { redirectWithToast } from "~/lib/flash-toast.server";
import { readFormData } from "~/lib/form-data.server";
import type { Toast } from "~/lib/toast";
import { visitorHash } from "~/features/analytics/index.server";
import { loggableError } from "#server/db/errors.server";
import type { OutboxMessage } from "#server/email/delivery.server";
import { deliverClaimed, deliverNow, type DeliveryResult } from "#server/email/outbox.server";
import { logger } from "#server/logger.server";
import { rateLimitRequest, refusalHeaders } from "#server/rate-limits.server";
import {
  cancelBooking,
  createBooking,
  findBookingByCancelToken,
  findLastBooking,
  getAvailability,
  type Availability,
  type CancellableBooking,
  type CreateBookingResult,
} from "./booking.server";
import { handOverBooking, readBookingHandover } from "./handover.server";
import { rescheduleToken } from "./reschedule-link.server";
import { changeLinksOf } from "./reschedule.server";
import {
  BOOKING_CONFIRMED,
  BOOKING_FAILED,
  BOOKING_SAVED,
  CANCEL_INTENT,
  CANCEL_TOASTS,
  SHOW_TIMES_INTENT,
  unexpectedEmailError,
} from "./messages";
import { bookingFormConstraint } from "./form-validation";
import { BOOKING_MESSAGES, bookingSchema } from "./forms";
import { lastBookableDate, SESSION_DURATIONS } from "./slots";


const availabilityQuery = z.object({
  date: z.string().refine(isCalendarDate),
  duration: z.enum(SESSION_DURATIONS),
});

/** What /booking needs: the calendar's bounds and, for ?date=…&duration=…, that day's slots. */
export async function bookingPageData(url: URL, now = new Date()) {
  const horizonDays = getEnv().BOOKING_HORIZON_DAYS;
  const query = availabilityQuery.safeParse(Object.fromEntries(url.searchParams));
  return {
    today: centralDate(now),
    lastDate: lastBookableDate(now, horizonDays),
    horizonDays,
    constraint: bookingFormConstraint(horizonDays),
    availability: query.success ? await getAvailability({ ...query.data, horizonDays }, now) : null,
  };
}

export type BookingActionResult = ActionResult & {
  /** The submitted day's slots, so a page without JavaScript marks the taken ones too. */
  availability?: Availability | null;
};

async function availabilityOfSubmission(formData: FormData, now: Date) {
  const query = availabilityQuery.safeParse({ date: formData.get("sessionDate"), duration: formData.get("sessionDuration") });
  return query.success ? getAvailability({ ...query.data, horizonDays: getEnv().BOOKING_HORIZON_DAYS }, now) : null;
}

/**
 * The delivery error as the banner may show it: its first part only ("Could not write the message
 * file", "SMTP 450", "Too Many Requests"); the details can name local paths or internal addresses,
 * and go to the log instead.
 */
function visitorReason(error: string) {
  return error.split(/:\s/)[0]!;
}

/** The first delivery of the confirmation; whatever goes wrong, the booking stands. */
async function deliverConfirmation(email: OutboxMessage): Promise<DeliveryResult> {
  try {
    return await deliverClaimed(email);
  } catch (error) {
    logger.error({ error: loggableError(error), outboxId: email.id }, "booking confirmation: first delivery threw; the outbox retries");
    return { ok: false, error: unexpectedEmailError(error), attempts: 0 };
  }
}

// Zod compiles a schema's parser on its first parse: the server builds its schema once per horizon
// and hands each (synchronous) parse its clock through `parseClock`, instead of a schema per request.
let parseClock = new Date(0);
const serverSchemas = new Map<number, ReturnType<typeof bookingSchema>>();

function serverSchema() {
  const horizonDays = getEnv().BOOKING_HORIZON_DAYS;
  let schema = serverSchemas.get(horizonDays);
  if (!schema) {
    schema = bookingSchema({ now: () => parseClock, horizonDays });
    serverSchemas.set(horizonDays, schema);
  }
  return schema;
}

function parseBooking(formData: FormData, now: Date) {
  const schema = serverSchema();
  parseClock = now;
  return parseWithZod(formData, { schema });
}

/**
 * Without JavaScript, "Show times" posts the form to see the chosen date's times: the answer keeps
 * what was typed, says nothing is wrong yet, and drops a chosen time the new date has taken.
 */
async function showTimes(formData: FormData, now: Date) {
  const availability = await availabilityOfSubmission(formData, now);
  const time = formData.get("sessionTime");
  if (availability?.slots.some((slot) => slot.time === time && !slot.available)) formData.delete("sessionTime");
  formData.delete("intent");
  const submission = parseWithZod(formData, { schema: z.object({}) });
  const result: BookingActionResult = { ok: false, reply: submission.reply(), availability };
  return data(result, { headers: NO_STORE });
}

/** The no-JavaScript "Show times" button's own field, beside the booking form's. */
const showTimesSchema = z.object({ intent: z.literal(SHOW_TIMES_INTENT) });

/** `clientIp`: the client's address as the trusted proxy reports it (unknown: not counted per client). */
export async function submitBooking(request: Request, now = new Date(), clientIp?: string) {
  const formData = await readFormData(request, { schema: [serverSchema(), showTimesSchema] });
  if (formData.get("intent") === SHOW_TIMES_INTENT) return showTimes(formData, now);
  const submission = parseBooking(formData, now);
  if (submission.status !== "success") {
    const result: BookingActionResult = {
      ok: false,
      reply: submission.reply(),
      availability: await availabilityOfSubmission(formData, now),
    };
    return data(result, { status: 400, headers: NO_STORE });
  }

  // --- Rate limit (server/rate-limits.server.ts): per client address and per e-mail address.
  const refusal = await rateLimitRequest(request, { client: clientIp, email: submission.value.email });
  if (refusal) {
    const result: BookingActionResult = {
      ok: false,
      toast: { kind: "error", title: "Too many requests", description: refusal.message },
      reply: submission.reply({ formErrors: [refusal.message] }),
    };
    return data(result, { status: 429, headers: refusalHeaders(refusal) });
  }
  // --- end of rate limit

  let created: CreateBookingResult;
  try {
    // Analytics never stands in a booking's way: no hash, and the event still counts.
    const visitor = await visitorHash(clientIp, request.headers.get("user-agent"), now).catch(() => null);
    created = await createBooking(submission.value, now, undefined, visitor);
  } catch (error) {
    logger.error({ error: loggableError(error) }, "booking could not be saved");
    const result: BookingActionResult = { ok: false, toast: BOOKING_FAILED, reply: submission.reply() };
    return data(result, { status: 500, headers: NO_STORE });
  }
  if (!created.ok) {
    const result: BookingActionResult = {
      ok: false,
      reply: submission.reply({ fieldErrors: { sessionTime: [BOOKING_MESSAGES.unavailable] } }),
      availability: await availabilityOfSubmission(formData, now),
    };
    return data(result, { status: 409, headers: NO_STORE });
  }

  const { booking } = created;
  const delivery = await deliverConfirmation(booking.confirmation);
  if (!delivery.ok) logger.warn({ bookingRef: booking.bookingRef, error: delivery.error }, "booking confirmation: first delivery failed");
  const headers = new Headers();
  headers.append("Set-Cookie", handOverBooking({ id: booking.id, emailError: delivery.ok ? undefined : visitorReason(delivery.error) }));
  return redirectWithToast("/booking/confirmation", delivery.ok ? BOOKING_CONFIRMED : BOOKING_SAVED, headers);
}

/** /booking/confirmation: the booking just made (the page keeps it in localStorage), if any. */
export async function confirmationPageData(request: Request) {
  const handover = await readBookingHandover(request);
  const booking = handover ? await findLastBooking(handover.id) : undefined;
  const changeLinks = booking && handover ? await changeLinksOf(handover.id) : null;
  const headers = new Headers(NO_STORE);
  // The e-mail banner shows once; the booking stays for the cookie's lifetime.
  if (booking && handover?.emailError) headers.append("Set-Cookie", handOverBooking({ id: handover.id }));
  return data(
    {
      booking: booking ?? null,
      emailError: booking ? (handover?.emailError ?? null) : null,
      changeLinks,
      contactEmail: getEnv().OWNER_EMAIL,
    },
    { headers },
  );
}

export type CancelPageBooking = {
  bookingRef: string;
  name: string;
  date: string;
  time: string;
  duration: string;
  projectType: string;
  state: "active" | "cancelled" | "past";
  cancelledOn: string | null;
  /** Where the visitor moves the session instead: the reschedule link its e-mails give. */
  reschedulePath: string;
};

/** Formatted on the server, in Central Time, so the server and the browser render the same text. */
function cancelPageBooking(booking: CancellableBooking, cancelToken: string, now: Date): CancelPageBooking {
  const state =
    booking.status === "cancelled" ? "cancelled" : booking.status === "completed" || booking.startsAt <= now ? "past" : "active";
  return {
    bookingRef: booking.bookingRef,
    name: `${booking.firstName} ${booking.lastName}`,
    date: longDate(booking.startsAt),
    time: `${clockTime(booking.startsAt)} – ${clockTime(booking.endsAt)} ${CENTRAL_ABBREVIATION}`,
    duration: `${booking.sessionDuration} minutes`,
    projectType: booking.projectType,
    state,
    cancelledOn: booking.cancelledAt ? monthDate(booking.cancelledAt) : null,
    reschedulePath: `/booking/reschedule/${rescheduleToken(cancelToken, booking.sequence)}`,
  };
}

/** Each open of the page counts against the cancel limit: it is a guess at a token. */
export async function cancelPageData(request: Request, token: string, now = new Date(), clientIp?: string) {
  // --- Rate limit (server/rate-limits.server.ts): per client address.
  const refusal = await rateLimitRequest(request, { client: clientIp });
  if (refusal) throw data(refusal.message, { status: 429, headers: refusalHeaders(refusal) });
  // --- end of rate limit
  const booking = await findBookingByCancelToken(token);
  const contactEmail = getEnv().OWNER_EMAIL;
  if (!booking) return data({ booking: null, contactEmail }, { status: 404, headers: NO_STORE });
  return data({ booking: cancelPageBooking(booking, token, now), contactEmail }, { headers: NO_STORE });
}

export type CancelActionResult = { ok: false; toast: Toast };

const cancelSchema = z.object({ intent: z.literal(CANCEL_INTENT) });

export async function cancelFromLink(request: Request, token: string, now = new Date(), clientIp?: string) {
  // --- Rate limit (server/rate-limits.server.ts): per client address.
  const refusal = await rateLimitRequest(request, { client: clientIp });
  if (refusal) {
    const result: CancelActionResult = { ok: false, toast: { kind: "error", title: "Too many requests", description: refusal.message } };
    return data(result, { status: 429, headers: refusalHeaders(refusal) });
  }
  // --- end of rate limit
  const form = cancelSchema.safeParse(Object.fromEntries(await readFormData(request, { schema: cancelSchema })));
  if (!form.success) {
    const result: CancelActionResult = {
      ok: false,
      toast: { kind: "error", title: "Bad request", description: "Use the Cancel Session button to cancel." },
    };
    return data(result, { status: 400, headers: NO_STORE });
  }
  const result = await cancelBooking(token, now);
  if (result.outcome === "not-found") return data(null, { status: 404, headers: NO_STORE });
  if (result.outcome === "cancelled") {
    // The owner's and the visitor's notices; if a first delivery fails, the outbox keeps trying.
    for (const outboxId of result.emailIds) {
      await deliverNow(outboxId).catch((error: unknown) =>
        logger.error({ error: loggableError(error), outboxId }, "booking cancelled: notice not delivered yet"),
      );
    }
  }
  // Back to the page (reloading it does not post again), which now says the booking is cancelled.
  return redirectWithToast(`/booking/cancel/${token}`, CANCEL_TOASTS[result.outcome]);
}
