// The owner's calendars on /admin/bookings: the bookings feed's address (and a new secret for it)
// and the busy-time calendars (add, remove, each with its last fetch or error). Adding a calendar
// fetches it at once, so the owner sees straight away whether the address works; that wait is
// bounded (FIRST_FETCH_TIMEOUT_SECONDS), and a slower calendar is left to the job.
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { ActionResult } from "~/components/form";
import { NO_STORE } from "~/lib/cache-headers";
import { dateTime } from "~/lib/central-time";
import { getEnv } from "~/lib/env.server";
import { readFormData } from "~/lib/form-data.server";
import type { Toast } from "~/lib/toast";
import { addCalendarSource, defaultFetchLimits, listCalendarSources, removeCalendarSource, syncCalendarSource, type CalendarSource } from "./busy-sync.server";
import { CalendarFetchError, calendarUrl } from "./busy-fetch.server";
import {
  ADD_CALENDAR_INTENT,
  addCalendarSchema,
  CALENDAR_INTENTS,
  FIRST_FETCH_TIMEOUT_SECONDS,
  REMOVE_CALENDAR_INTENT,
  removeCalendarSchema,
  ROTATE_FEED_INTENT,
  rotateFeedSchema,
} from "./calendar-forms";
import { feedPath, getFeedSecret, rotateFeedSecret } from "./calendar-feed.server";

export type CalendarSourceItem = {
  id: string;
  url: string;
  /** What the booking page uses from it: "Fetched 3/2/2027, 9:15 AM CT: 12 busy times ahead", or nothing yet. */
  status: string;
  /** The failing fetch, said as it is: the first one, or since when, and whether the owner was e-mailed. */
  error: { heading: string; text: string } | null;
};

const busyTimes = (count: number) => `${count} busy time${count === 1 ? "" : "s"} ahead`;

/** Each state of a source in plain words: never fetched, fetched, failing with a last good copy or without one, failing for a day. */
export function calendarSourceItem(source: CalendarSource): CalendarSourceItem {
  const { id, url, fetchedAt, busyCount, lastError, lastErrorAt, failingSince, failureNotifiedAt } = source;
  const failing = lastError !== null && lastErrorAt !== null;
  const status = !fetchedAt
    ? failing
      ? "Never fetched: its busy times do not take slots off the booking page yet."
      : "Not fetched yet: the next try is within 15 minutes."
    : failing
      ? `Still using the copy fetched ${dateTime(fetchedAt)}: ${busyTimes(busyCount)}`
      : `Fetched ${dateTime(fetchedAt)}: ${busyTimes(busyCount)}`;
  if (!failing) return { id, url, status, error: null };
  const since = failingSince ?? lastErrorAt;
  const first = since.getTime() === lastErrorAt.getTime();
  const heading = first ? `Fetch failed (${dateTime(lastErrorAt)}):` : `Fetches failing since ${dateTime(since)}, the last at ${dateTime(lastErrorAt)}:`;
  const emailed = failureNotifiedAt ? ` We e-mailed you about it on ${dateTime(failureNotifiedAt)}.` : "";
  return { id, url, status, error: { heading, text: `${lastError} It is tried again every 15 minutes.${emailed}` } };
}

export async function getCalendarsView(url: URL) {
  const [secret, sources] = await Promise.all([getFeedSecret(), listCalendarSources()]);
  const removeId = url.searchParams.get("removeCalendar");
  return {
    feedUrl: `${getEnv().SITE_URL}${feedPath(secret)}`,
    sources: sources.map(calendarSourceItem),
    confirmRemoveCalendarId: sources.some((source) => source.id === removeId) ? removeId : null,
    confirmRotateFeed: url.searchParams.get("rotateFeed") === "1",
  };
}

export type CalendarActionResult = ActionResult & { intent: string; toast: Toast };

const respond = (result: CalendarActionResult, status = 200) => data(result, { status, headers: NO_STORE });

/** True when the posted form is one of the calendar forms (read from a copy: the action reads the body itself). */
export async function isCalendarForm(request: Request) {
  const intent = (await request.clone().formData().catch(() => null))?.get("intent");
  return typeof intent === "string" && CALENDAR_INTENTS.includes(intent);
}

async function addCalendar(formData: FormData) {
  const submission = parseWithZod(formData, { schema: addCalendarSchema });
  let address: string | null = null;
  let fieldError: string | null = null;
  if (submission.status === "success") {
    try {
      address = calendarUrl(submission.value.url).toString();
    } catch (error) {
      fieldError = error instanceof CalendarFetchError ? error.message : "This is not a web address.";
    }
  }
  if (submission.status !== "success" || !address) {
    const fieldErrors = fieldError ? { url: [fieldError] } : undefined;
    return respond(
      {
        intent: ADD_CALENDAR_INTENT,
        ok: false,
        toast: { kind: "error", title: "Calendar not added", description: fieldError ?? "Please check the address." },
        reply: submission.reply(fieldErrors ? { fieldErrors } : undefined),
      },
      400,
    );
  }
  const added = await addCalendarSource(address);
  if (!added) {
    return respond(
      {
        intent: ADD_CALENDAR_INTENT,
        ok: false,
        toast: { kind: "error", title: "Calendar not added", description: "That address is in the list already." },
        reply: submission.reply({ fieldErrors: { url: ["That address is in the list already."] } }),
      },
      400,
    );
  }
  const limits = { ...defaultFetchLimits(), timeoutMs: FIRST_FETCH_TIMEOUT_SECONDS * 1000 };
  const outcome = await syncCalendarSource({ id: added.id, url: address }, { limits });
  const toast: Toast = outcome.ok
    ? { kind: "success", title: "Calendar added", description: `${outcome.busy} busy time${outcome.busy === 1 ? "" : "s"} ahead are now off the booking page.` }
    : { kind: "error", title: "Calendar added, but not fetched", description: `${outcome.error} It is tried again every 15 minutes.` };
  return respond({ intent: ADD_CALENDAR_INTENT, ok: true, toast, reply: submission.reply({ resetForm: true }) });
}

export async function calendarActionFromAdmin(request: Request) {
  const formData = await readFormData(request, { schema: [addCalendarSchema, removeCalendarSchema, rotateFeedSchema] });
  const intent = formData.get("intent");
  if (intent === ADD_CALENDAR_INTENT) return addCalendar(formData);
  if (intent === REMOVE_CALENDAR_INTENT) {
    const submission = parseWithZod(formData, { schema: removeCalendarSchema });
    if (submission.status !== "success") throw data("Bad request: unknown calendar.", { status: 400, headers: NO_STORE });
    const removed = await removeCalendarSource(submission.value.sourceId);
    return respond({
      intent: REMOVE_CALENDAR_INTENT,
      ok: removed,
      toast: removed
        ? { kind: "success", title: "Calendar removed", description: "Its busy times no longer take slots off the booking page." }
        : { kind: "error", title: "Calendar not found", description: "It was removed already." },
    });
  }
  if (intent === ROTATE_FEED_INTENT) {
    await rotateFeedSecret();
    return respond({
      intent: ROTATE_FEED_INTENT,
      ok: true,
      toast: { kind: "success", title: "New feed address", description: "The old address no longer works: subscribe your calendar to the new one." },
    });
  }
  throw data("Bad request: unknown form.", { status: 400, headers: NO_STORE });
}
