// The owner's calendars: the private address of the bookings feed (copy, or a new secret after a
// question) and the calendars whose busy times take slots off /booking (add, remove after a
// question, each with its last fetch or error). The questions are page states (?rotateFeed=1,
// ?removeCalendar=…), so everything works without scripts; Copy needs them and says so otherwise.
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { AlertTriangle, CalendarPlus, Check, Copy, RefreshCw, Trash2 } from "lucide-react";
import { useState } from "react";
import { Link, useFetcher } from "react-router";
import { ConfirmQuestion } from "~/components/confirm-question";
import { Field, FormError, SubmitButton, useToast, VALIDATION_TIMING } from "~/components/form";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import type { CalendarActionResult, CalendarSourceItem } from "../../calendar-admin.server";
import { ADD_CALENDAR_INTENT, addCalendarSchema, FIRST_FETCH_TIMEOUT_SECONDS, REMOVE_CALENDAR_INTENT, ROTATE_FEED_INTENT } from "../../calendar-forms";


/** The list's URL with one question asked (or none), scrolled to the calendars. */
function questionHref(listUrl: string, question: { rotateFeed?: boolean; removeCalendar?: string }) {
  const url = new URL(listUrl, "http://list");
  url.searchParams.delete("rotateFeed");
  url.searchParams.delete("removeCalendar");
  if (question.rotateFeed) url.searchParams.set("rotateFeed", "1");
  if (question.removeCalendar) url.searchParams.set("removeCalendar", question.removeCalendar);
  return `${url.pathname}${url.search}#calendars`;
}

function CopyButton({ text }: { text: string }) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  return (
    <>
      <Button
        type="button"
        variant="outline"
        onClick={() =>
          navigator.clipboard.writeText(text).then(
            () => setState("copied"),
            () => setState("failed"),
          )
        }
      >
        {state === "copied" ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
        {state === "copied" ? "Copied" : "Copy address"}
      </Button>
      <span role="status" className="sr-only">
        {state === "copied" ? "Address copied." : state === "failed" ? "Copying failed: select the address and copy it." : ""}
      </span>
    </>
  );
}

export function FeedAddress({ feedUrl, listUrl, confirmRotate, busy }: { feedUrl: string; listUrl: string; confirmRotate: boolean; busy: boolean }) {
  return (
    <div className="grid gap-3 rounded-xl border bg-card p-5 shadow-sm">
      <h3 className="text-base font-semibold">Bookings in your calendar</h3>
      <p className="text-sm text-muted-foreground">
        Subscribe to this private address in Google Calendar (Other calendars, From URL), Outlook (Add calendar, Subscribe from
        web) or Apple Calendar (File, New Calendar Subscription). It lists every booking of the last 30 days and all future
        ones; cancelled bookings disappear. Anyone with the address can read your bookings: keep it private.
      </p>
      <label htmlFor="feed-url" className="text-sm font-medium">
        Feed address
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input id="feed-url" readOnly value={feedUrl} className="font-mono text-xs" onFocus={(event) => event.currentTarget.select()} />
        <CopyButton text={feedUrl} />
      </div>
      {confirmRotate ? (
        <ConfirmQuestion
          id="rotate-feed-question"
          question="Make a new address? The current one stops working at once: every calendar subscribed to it must subscribe again."
          action={questionHref(listUrl, {})}
          fields={{ intent: ROTATE_FEED_INTENT }}
          confirmLabel="Make a new address"
          busyText="Making..."
          keepLabel="Keep the address"
          keepHref={questionHref(listUrl, {})}
          busy={busy}
        />
      ) : (
        <div>
          <Button asChild variant="outline" size="sm">
            <Link to={questionHref(listUrl, { rotateFeed: true })} preventScrollReset>
              <RefreshCw aria-hidden="true" />
              New secret address
            </Link>
          </Button>
        </div>
      )}
    </div>
  );
}

/**
 * Adding waits for the calendar's first fetch (at most FIRST_FETCH_TIMEOUT_SECONDS): a fetcher, so
 * the rest of the page stays usable meanwhile, and the wait is said beside the busy button. Without
 * scripts it is a plain post and the page's action answer (`lastResult`) comes back instead.
 */
export function AddCalendarForm({ listUrl, lastResult }: { listUrl: string; lastResult: SubmissionResult<string[]> | undefined }) {
  const fetcher = useFetcher<CalendarActionResult>({ key: "add-calendar" });
  const busy = fetcher.state !== "idle";
  useToast(fetcher.data?.toast);
  const [form, fields] = useForm({
    id: "add-calendar-form",
    lastResult: fetcher.data?.reply ?? lastResult,
    constraint: getZodConstraint(addCalendarSchema),
    ...VALIDATION_TIMING,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: addCalendarSchema }),
  });
  return (
    <fetcher.Form method="post" action={questionHref(listUrl, {})} {...getFormProps(form)} className="grid gap-4 rounded-xl border bg-card p-5 shadow-sm">
      <h3 className="text-base font-semibold">Busy times from your calendars</h3>
      <p className="text-sm text-muted-foreground">
        Times that are busy in these calendars are not offered on the booking page (events marked free are ignored). They
        are fetched every 15 minutes.
      </p>
      <input type="hidden" name="intent" value={ADD_CALENDAR_INTENT} />
      <FormError id={form.errorId} errors={form.errors} />
      <Field
        field={fields.url}
        label="Calendar address (iCal)"
        type="url"
        placeholder="https://calendar.google.com/calendar/ical/…/basic.ics"
        description="Google: Settings, your calendar, Secret address in iCal format. Outlook: Settings, Shared calendars, Publish, ICS link. Apple: iCloud calendar, Share, Public Calendar."
      />
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <SubmitButton busy={busy} busyText="Adding and fetching...">
          <CalendarPlus aria-hidden="true" />
          Add calendar
        </SubmitButton>
        <p role="status" className="text-sm text-muted-foreground">
          {busy ? `Fetching it once to check the address (at most ${FIRST_FETCH_TIMEOUT_SECONDS} seconds).` : ""}
        </p>
      </div>
    </fetcher.Form>
  );
}

export function CalendarSourceList({
  sources,
  listUrl,
  confirmRemoveId,
  busyRemoveId,
}: {
  sources: CalendarSourceItem[];
  listUrl: string;
  confirmRemoveId: string | null;
  busyRemoveId: string | null;
}) {
  return (
    <div className="grid gap-3">
      <h3 className="text-base font-semibold">Connected calendars</h3>
      {sources.length === 0 ? (
        <p className="rounded-xl border border-dashed bg-card px-6 py-8 text-center text-sm text-muted-foreground">
          No calendars yet: only bookings and blocked times take slots off the booking page.
        </p>
      ) : (
        <ul className="space-y-3">
          {sources.map((source) => (
            <li key={source.id} id={`calendar-${source.id}`} className="rounded-xl border bg-card p-4 shadow-sm">
              <div className="flex items-start justify-between gap-3">
                <div className="min-w-0">
                  <p className="font-mono text-xs break-all">{source.url}</p>
                  <p className="mt-1 text-sm text-muted-foreground">{source.status}</p>
                </div>
                {confirmRemoveId === source.id ? null : (
                  <Button asChild variant="outline" size="sm">
                    <Link to={questionHref(listUrl, { removeCalendar: source.id })} preventScrollReset aria-label={`Remove calendar ${source.url}`}>
                      <Trash2 aria-hidden="true" />
                      Remove
                    </Link>
                  </Button>
                )}
              </div>
              {source.error ? (
                <div role="status" className="mt-3 flex gap-2 rounded-lg border border-amber-500/40 bg-amber-50 p-3 text-sm text-amber-950">
                  <AlertTriangle className="mt-0.5 size-4 shrink-0 text-amber-700" aria-hidden="true" />
                  <p className="min-w-0">
                    <span className="font-medium">{source.error.heading}</span> {source.error.text}
                  </p>
                </div>
              ) : null}
              {confirmRemoveId === source.id ? (
                <ConfirmQuestion
                  id={`remove-calendar-${source.id}`}
                  question="Remove this calendar? Its busy times stop taking slots off the booking page."
                  action={questionHref(listUrl, {})}
                  fields={{ intent: REMOVE_CALENDAR_INTENT, sourceId: source.id }}
                  confirmLabel="Remove calendar"
                  busyText="Removing..."
                  keepLabel="Keep it"
                  keepHref={questionHref(listUrl, {})}
                  busy={busyRemoveId === source.id}
                  className="mt-3"
                />
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
