// The subscriber list of /admin/subscribers: search by address (a GET form: works without
// scripts), the state filter with counts, the list as a table on wide screens and as cards on
// small ones, and unsubscribing an address after a question (?unsubscribe=<id>).
import { MailX, Search, UserMinus } from "lucide-react";
import { Form, Link } from "react-router";
import { ConfirmQuestion } from "~/components/confirm-question";
import { Pagination } from "~/components/pagination";
import { StatusBadge } from "~/components/status-badge";
import { StatusFilter, statusFilterOptions } from "~/components/status-filter";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { statusLabelsOf } from "~/components/status-badge";
import {
  SEARCH_MAX,
  subscriberListSearch,
  subscriberStateLooks,
  subscriberStates,
  UNSUBSCRIBE_BY_HAND_INTENT,
  type SubscriberState,
} from "../admin-schema";

export type SubscriberItem = {
  id: string;
  email: string;
  source: string;
  state: SubscriberState;
  subscribedOn: string;
  unsubscribedOn: string | null;
};

export type SubscriberListFilters = { q: string | null; state: SubscriberState | null };

const LIST_PATH = "/admin/subscribers";

export function SubscriberSearch({ filters, busy }: { filters: SubscriberListFilters; busy: boolean }) {
  return (
    <Form method="get" action={LIST_PATH} role="search" className="flex flex-wrap items-end gap-3" aria-label="Search subscribers">
      {filters.state ? <input type="hidden" name="state" value={filters.state} /> : null}
      <div className="grid w-full gap-2 sm:w-80">
        <Label htmlFor="subscriber-search">Email contains</Label>
        <Input id="subscriber-search" name="q" type="search" maxLength={SEARCH_MAX} defaultValue={filters.q ?? ""} autoComplete="off" />
      </div>
      <Button type="submit" variant="outline" disabled={busy} aria-busy={busy}>
        <Search aria-hidden="true" />
        {busy ? "Searching..." : "Search"}
      </Button>
      {filters.q ? (
        <Button asChild variant="ghost">
          <Link to={`${LIST_PATH}${subscriberListSearch({ state: filters.state })}`}>Clear search</Link>
        </Button>
      ) : null}
    </Form>
  );
}

export function SubscriberStateFilter({ filters, countByState }: { filters: SubscriberListFilters; countByState: Record<SubscriberState, number> }) {
  const options = statusFilterOptions({
    statuses: subscriberStates,
    labels: statusLabelsOf(subscriberStateLooks),
    countByStatus: countByState,
    current: filters.state,
    href: (state) => `${LIST_PATH}${subscriberListSearch({ q: filters.q, state })}`,
  });
  return <StatusFilter options={options} />;
}

/** The list's URL asking whether to unsubscribe this address (null: without the question). */
function confirmHref(listUrl: string, id: string | null) {
  const url = new URL(listUrl, "http://list");
  if (id) url.searchParams.set("unsubscribe", id);
  return `${url.pathname}${url.search}`;
}

function UnsubscribeLink({ subscriber, listUrl }: { subscriber: SubscriberItem; listUrl: string }) {
  return (
    <Button asChild variant="outline" size="sm">
      <Link to={confirmHref(listUrl, subscriber.id)} preventScrollReset aria-label={`Unsubscribe ${subscriber.email}`}>
        <UserMinus aria-hidden="true" />
        Unsubscribe
      </Link>
    </Button>
  );
}

function UnsubscribeConfirmation({ subscriber, listUrl, busy, place }: { subscriber: SubscriberItem; listUrl: string; busy: boolean; place: Place }) {
  return (
    <ConfirmQuestion
      id={`unsubscribe-${place}-${subscriber.id}`}
      question={`Unsubscribe ${subscriber.email}? Newsletter mail queued for it is dropped.`}
      action={listUrl}
      fields={{ intent: UNSUBSCRIBE_BY_HAND_INTENT, subscriptionId: subscriber.id }}
      confirmLabel="Yes, unsubscribe"
      busyText="Unsubscribing..."
      keepLabel="Keep subscribed"
      keepHref={confirmHref(listUrl, null)}
      busy={busy}
      className="text-left whitespace-normal"
    />
  );
}

/** The table row (wide screens) or the card (phones): both are in the page, one is shown. */
type Place = "row" | "card";

type ListProps = { subscribers: SubscriberItem[]; listUrl: string; confirmId: string | null; busyId: string | null };

function Action({ subscriber, listUrl, confirmId, busyId, place }: Omit<ListProps, "subscribers"> & { subscriber: SubscriberItem; place: Place }) {
  if (subscriber.state !== "active") return null;
  return confirmId === subscriber.id ? (
    <UnsubscribeConfirmation subscriber={subscriber} listUrl={listUrl} busy={busyId === subscriber.id} place={place} />
  ) : (
    <UnsubscribeLink subscriber={subscriber} listUrl={listUrl} />
  );
}

function SubscribersTable(props: ListProps) {
  return (
    <div className="hidden rounded-xl border bg-card shadow-sm md:block">
      <Table>
        <caption className="sr-only">Subscribers</caption>
        <TableHeader>
          <TableRow>
            <TableHead>Email</TableHead>
            <TableHead className="w-32">Source</TableHead>
            <TableHead className="w-32">State</TableHead>
            <TableHead className="w-32">Subscribed</TableHead>
            <TableHead className="w-32">Unsubscribed</TableHead>
            <TableHead className="w-72">
              <span className="sr-only">Actions</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {props.subscribers.map((subscriber) => (
            <TableRow key={subscriber.id}>
              <TableCell className="max-w-0 align-top">
                <span className="block truncate font-medium" title={subscriber.email}>
                  {subscriber.email}
                </span>
              </TableCell>
              <TableCell className="align-top">{subscriber.source}</TableCell>
              <TableCell className="align-top">
                <StatusBadge look={subscriberStateLooks[subscriber.state]} />
              </TableCell>
              <TableCell className="align-top">{subscriber.subscribedOn}</TableCell>
              <TableCell className="align-top">{subscriber.unsubscribedOn ?? <span className="text-muted-foreground">—</span>}</TableCell>
              <TableCell className="text-right align-top">
                <Action subscriber={subscriber} place="row" {...props} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

function SubscriberCards(props: ListProps) {
  return (
    <ul className="space-y-3 md:hidden">
      {props.subscribers.map((subscriber) => (
        <li key={subscriber.id} className="rounded-xl border bg-card p-4 shadow-sm">
          {/* Addresses are long: the badge goes under the address rather than squeezing it. */}
          <p className="font-medium break-all">{subscriber.email}</p>
          <StatusBadge look={subscriberStateLooks[subscriber.state]} className="mt-2" />
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-muted-foreground">Source</dt>
            <dd>{subscriber.source}</dd>
            <dt className="text-muted-foreground">Subscribed</dt>
            <dd>{subscriber.subscribedOn}</dd>
            {subscriber.unsubscribedOn ? (
              <>
                <dt className="text-muted-foreground">Unsubscribed</dt>
                <dd>{subscriber.unsubscribedOn}</dd>
              </>
            ) : null}
          </dl>
          {subscriber.state === "active" ? (
            <div className="mt-3">
              <Action subscriber={subscriber} place="card" {...props} />
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

export function SubscriberList(props: ListProps) {
  return (
    <>
      <SubscribersTable {...props} />
      <SubscriberCards {...props} />
    </>
  );
}

export function SubscribersEmpty({ filters }: { filters: SubscriberListFilters }) {
  const filtered = Boolean(filters.q || filters.state);
  return (
    <div className="flex flex-col items-center rounded-xl border border-dashed bg-card px-6 py-16 text-center">
      <MailX className="size-10 text-muted-foreground" aria-hidden="true" />
      <p className="mt-4 font-medium">{filtered ? "No subscribers match this search." : "No subscribers yet."}</p>
      <p className="mt-1 text-sm text-muted-foreground">
        {filtered ? (
          <Link to={LIST_PATH} className="text-primary underline-offset-4 hover:underline">
            Show all subscribers
          </Link>
        ) : (
          "Addresses from the blog's newsletter footer and popup appear here as soon as visitors sign up."
        )}
      </p>
    </div>
  );
}

export function SubscribersPagination({ filters, page, pageCount }: { filters: SubscriberListFilters; page: number; pageCount: number }) {
  return (
    <Pagination
      page={page}
      pageCount={pageCount}
      hrefFor={(target) => `${LIST_PATH}${subscriberListSearch({ ...filters, page: target })}`}
      labels={{ previous: "Previous", next: "Next" }}
    />
  );
}
