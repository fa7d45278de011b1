// The owner's calendars on /admin/bookings: the bookings feed's address (and a new secret for it)
// and the busy-time calendars (add, remove, each with its last fetch or error). Adding a calendar
// fetches it at once, so the owner sees straight away whether the address works.
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { ActionResult } from "~/components/form";
import { NO_STORE } from "~/lib/cache-headers";
import { dateTime } from "~/lib/central-time";
import { getEnv } from "~/lib/env.server";
import { readFormData } from "~/lib/form-data.server";
import type { Toast } from "~/lib/toast";
import { addCalendarSource, listCalendarSources, removeCalendarSource, syncCalendarSource } from "./busy-sync.server";
import { CalendarFetchError, calendarUrl } from "./busy-fetch.server";
import {
  ADD_CALENDAR_INTENT,
  addCalendarSchema,
  CALENDAR_INTENTS,
  REMOVE_CALENDAR_INTENT,
  removeCalendarSchema,
  ROTATE_FEED_INTENT,
  rotateFeedSchema,
} from "./calendar-forms";
import { feedPath, getFeedSecret, rotateFeedSecret } from "./calendar-feed.server";

export type CalendarSourceItem = {
  id: string;
  url: string;
  /** "Fetched 3/2/2027, 9:15 AM CT: 12 busy times", or that it never worked yet. */
  status: string;
  error: { message: string; at: string; since: string } | null;
};

export async function getCalendarsView(url: URL) {
  const [secret, sources] = await Promise.all([getFeedSecret(), listCalendarSources()]);
  const removeId = url.searchParams.get("removeCalendar");
  return {
    feedUrl: `${getEnv().SITE_URL}${feedPath(secret)}`,
    sources: sources.map(
      (source): CalendarSourceItem => ({
        id: source.id,
        url: source.url,
        status: source.fetchedAt
          ? `Fetched ${dateTime(source.fetchedAt)}: ${source.busyCount} busy time${source.busyCount === 1 ? "" : "s"} ahead`
          : "Not fetched yet",
        error:
          source.lastError && source.lastErrorAt
            ? { message: source.lastError, at: dateTime(source.lastErrorAt), since: dateTime(source.failingSince ?? source.lastErrorAt) }
            : null,
      }),
    ),
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
  const outcome = await syncCalendarSource({ id: added.id, url: address });
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
