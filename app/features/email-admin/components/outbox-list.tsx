// The outbox as a table on wide screens and as cards on small ones, with status filters and pages.
import { AlertCircle, Inbox } from "lucide-react";
import { Link } from "react-router";
import { StatusFilter as SharedStatusFilter, statusFilterOptions } from "~/components/status-filter";
import { Pagination } from "~/components/pagination";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { cn } from "~/lib/utils";
import { outboxListHref, outboxStatuses } from "../forms";
import { EmailStatusBadge, isFailureStatus, kindLabel, statusLabels, type EmailStatus } from "./email-status-badge";

export type OutboxListItem = {
  id: string;
  kind: string;
  to: string;
  subject: string;
  status: EmailStatus;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  nextAttemptAt: string | null;
};

export function StatusFilter({
  current,
  countByStatus,
}: {
  current: EmailStatus | null;
  countByStatus: Record<EmailStatus, number>;
}) {
  const options = statusFilterOptions({
    statuses: outboxStatuses,
    labels: statusLabels,
    countByStatus,
    current,
    href: (status) => outboxListHref(status),
    alarming: ["dead"],
  });
  return <SharedStatusFilter options={options} />;
}

/**
 * A sent message's error is history and a dropped one's is why it was withdrawn (both muted); a
 * pending or dead one's is the current problem.
 */
function LastError({ message, status }: { message: string | null; status: EmailStatus }) {
  if (!message) return <span className="text-muted-foreground">—</span>;
  return (
    <span className={cn("line-clamp-2", isFailureStatus(status) ? "text-destructive" : "text-muted-foreground")} title={message}>
      {message}
    </span>
  );
}

export function OutboxTable({ messages }: { messages: OutboxListItem[] }) {
  return (
    <div className="hidden rounded-xl border bg-card shadow-sm md:block">
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead className="w-44">Created</TableHead>
            <TableHead>Recipient / subject</TableHead>
            <TableHead className="w-40">Kind</TableHead>
            <TableHead className="w-24">Status</TableHead>
            <TableHead className="w-20 text-right">Attempts</TableHead>
            <TableHead className="w-64">Last error</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {messages.map((message) => (
            <TableRow key={message.id}>
              <TableCell className="align-top text-muted-foreground">{message.createdAt}</TableCell>
              <TableCell className="max-w-0 align-top whitespace-normal">
                <Link
                  to={`/admin/emails/${message.id}`}
                  className="block truncate font-medium text-primary underline-offset-4 hover:underline focus-visible:underline"
                >
                  {message.subject}
                </Link>
                <span className="block truncate text-muted-foreground">{message.to}</span>
              </TableCell>
              <TableCell className="align-top">{kindLabel(message.kind)}</TableCell>
              <TableCell className="align-top">
                <EmailStatusBadge status={message.status} />
                {message.nextAttemptAt ? (
                  <span className="mt-1 block text-xs text-muted-foreground">next {message.nextAttemptAt}</span>
                ) : null}
              </TableCell>
              <TableCell className="align-top text-right tabular-nums">{message.attempts}</TableCell>
              <TableCell className="align-top whitespace-normal">
                <LastError message={message.lastError} status={message.status} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

export function OutboxCards({ messages }: { messages: OutboxListItem[] }) {
  return (
    <ul className="space-y-3 md:hidden">
      {messages.map((message) => (
        <li key={message.id} className="rounded-xl border bg-card p-4 shadow-sm">
          <div className="flex items-start justify-between gap-3">
            <Link
              to={`/admin/emails/${message.id}`}
              className="min-w-0 font-medium break-words text-primary underline-offset-4 hover:underline focus-visible:underline"
            >
              {message.subject}
            </Link>
            <EmailStatusBadge status={message.status} />
          </div>
          <p className="mt-1 text-sm break-all text-muted-foreground">{message.to}</p>
          <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
            <dt className="text-muted-foreground">Kind</dt>
            <dd>{kindLabel(message.kind)}</dd>
            <dt className="text-muted-foreground">Created</dt>
            <dd>{message.createdAt}</dd>
            <dt className="text-muted-foreground">Attempts</dt>
            <dd className="tabular-nums">{message.attempts}</dd>
            {message.nextAttemptAt ? (
              <>
                <dt className="text-muted-foreground">Next attempt</dt>
                <dd>{message.nextAttemptAt}</dd>
              </>
            ) : null}
          </dl>
          {message.lastError ? (
            <p className={cn("mt-3 flex gap-2 text-sm", isFailureStatus(message.status) ? "text-destructive" : "text-muted-foreground")}>
              <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <span className="min-w-0 break-words">{message.lastError}</span>
            </p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

export function OutboxEmpty({ status }: { status: EmailStatus | null }) {
  return (
    <div className="flex flex-col items-center rounded-xl border border-dashed bg-card px-6 py-16 text-center">
      <Inbox className="size-10 text-muted-foreground" aria-hidden="true" />
      <p className="mt-4 font-medium">{status ? `No ${statusLabels[status].toLowerCase()} e-mails.` : "No e-mails yet."}</p>
      <p className="mt-1 text-sm text-muted-foreground">
        {status
          ? "Messages with this status will show up here."
          : "Booking confirmations, account e-mails and notices appear here as soon as the site sends them."}
      </p>
    </div>
  );
}

export function OutboxPagination({
  status,
  page,
  pageCount,
}: {
  status: EmailStatus | null;
  page: number;
  pageCount: number;
}) {
  return (
    <Pagination page={page} pageCount={pageCount} hrefFor={(target) => outboxListHref(status, target)} labels={{ previous: "Newer", next: "Older" }} />
  );
}
