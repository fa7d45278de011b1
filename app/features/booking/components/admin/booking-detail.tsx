// One booking: every field (times in Central Time), and its status buttons. Cancelling asks
// first (?confirm=cancel: the question is a page state, so it works without scripts).
import { Ban, CheckCircle2, CircleCheckBig, Undo2 } from "lucide-react";
import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { SubmitButton } from "~/components/form";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/utils";
import { STATUS_INTENT, type BookingStatus } from "../../admin-schema";
import { BookingStatusBadge } from "./booking-status-badge";
import { useFocusOnMount } from "~/components/use-focus-on-mount";

export type BookingDetailData = {
  id: string;
  bookingRef: string;
  status: BookingStatus;
  name: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  date: string;
  time: string;
  requested: string;
  duration: number;
  projectType: string;
  projectDescription: string;
  experienceLevel: string;
  specificGoals: string | null;
  additionalRequirements: string | null;
  createdAt: string;
  cancelledAt: string | null;
  reminderEmailId: string | null;
  upcoming: boolean;
  changes: BookingStatus[];
  confirmCancel: boolean;
};

function Facts({ id, title, rows, narrow = false }: { id: string; title: string; rows: Array<[string, ReactNode]>; narrow?: boolean }) {
  return (
    <section aria-labelledby={id} className="rounded-xl border bg-card p-5 shadow-sm">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      <dl className={cn("mt-4 grid gap-x-6 gap-y-3 text-sm", narrow ? "sm:grid-cols-[8rem_1fr]" : "sm:grid-cols-[12rem_1fr]")}>
        {rows.map(([label, value]) => (
          // Stacked on phones (label tight above its value), two columns from sm up.
          <div key={label} className="grid gap-0.5 sm:contents">
            <dt className="font-medium text-muted-foreground">{label}</dt>
            <dd className="min-w-0 break-words whitespace-pre-line">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

const muted = (text: string) => <span className="text-muted-foreground">{text}</span>;
const link = "text-primary underline-offset-4 hover:underline";

export function BookingFacts({ booking }: { booking: BookingDetailData }) {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Facts
        id="session"
        title="Session"
        narrow
        rows={[
          ["Date", booking.date],
          ["Time", booking.time],
          ["Duration", `${booking.duration} minutes`],
          ["Requested slot", booking.requested],
          ["Status", <BookingStatusBadge key="status" status={booking.status} />],
          ["Booking ID", <span key="ref" className="font-mono text-xs">{booking.bookingRef}</span>],
        ]}
      />
      <Facts
        id="contact"
        title="Contact"
        narrow
        rows={[
          ["First name", booking.firstName],
          ["Last name", booking.lastName],
          ["Email", <a key="email" href={`mailto:${booking.email}`} className={link}>{booking.email}</a>],
          ["Phone", <a key="phone" href={`tel:${booking.phone.replace(/[^\d+]/g, "")}`} className={link}>{booking.phone}</a>],
        ]}
      />
      <div className="lg:col-span-2">
        <Facts
          id="project"
          title="Manufacturing challenge"
          rows={[
            ["Focus area", booking.projectType],
            ["Manufacturing scale", booking.experienceLevel],
            ["Project description", booking.projectDescription],
            ["Specific goals", booking.specificGoals ?? muted("Not specified")],
            ["Additional requirements", booking.additionalRequirements ?? muted("None")],
          ]}
        />
      </div>
      <div className="lg:col-span-2">
        <Facts
          id="record"
          title="Record"
          rows={[
            ["Booked at", booking.createdAt],
            ...(booking.cancelledAt ? ([["Cancelled at", booking.cancelledAt]] as Array<[string, ReactNode]>) : []),
            [
              "Reminder e-mail",
              booking.reminderEmailId ? (
                <Link key="reminder" to={`/admin/emails/${booking.reminderEmailId}`} className={link}>
                  View the reminder
                </Link>
              ) : (
                muted("None queued")
              ),
            ],
          ]}
        />
      </div>
    </div>
  );
}

const actions = {
  confirmed: { label: "Confirm booking", busy: "Confirming...", icon: CheckCircle2, variant: "default" },
  completed: { label: "Mark completed", busy: "Saving...", icon: CircleCheckBig, variant: "outline" },
  pending: { label: "Back to pending", busy: "Saving...", icon: Undo2, variant: "outline" },
} as const;

function StatusButton({ status, busyStatus, label }: { status: keyof typeof actions; busyStatus: BookingStatus | null; label?: string }) {
  const look = actions[status];
  const busy = busyStatus === status;
  return (
    <SubmitButton name="status" value={status} busy={busy} busyText={look.busy} variant={look.variant} disabled={busyStatus !== null}>
      <look.icon aria-hidden="true" />
      {label ?? look.label}
    </SubmitButton>
  );
}

function statusHint(status: BookingStatus, upcoming: boolean) {
  if (status === "pending") return "Confirming e-mails the visitor that the assessment is confirmed.";
  if (status === "confirmed") return upcoming ? "Confirmed with the visitor." : "Mark it completed once the session has taken place.";
  if (status === "completed") return "The session took place.";
  return "Cancelled: the time is free for other visitors.";
}

export function StatusPanel({ booking, busyStatus }: { booking: BookingDetailData; busyStatus: BookingStatus | null }) {
  return (
    <section aria-labelledby="status-heading" className="rounded-xl border bg-card p-5 shadow-sm">
      <h2 id="status-heading" className="text-lg font-semibold">
        Status
      </h2>
      <p className="mt-1 mb-4 text-sm text-muted-foreground">{statusHint(booking.status, booking.upcoming)}</p>
      <StatusActions booking={booking} busyStatus={busyStatus} />
    </section>
  );
}

/** The status buttons this booking allows, and the cancel question when it is asked. */
function StatusActions({ booking, busyStatus }: { booking: BookingDetailData; busyStatus: BookingStatus | null }) {
  const action = `/admin/bookings/${booking.id}`;
  const buttons = booking.changes.filter((status): status is keyof typeof actions => status !== "cancelled");
  const canCancel = booking.changes.includes("cancelled");
  if (booking.changes.length === 0) {
    return (
      <p className="text-sm">A cancelled booking stays cancelled: the time may have been booked again. Ask the visitor to book a new session.</p>
    );
  }
  return (
    <div className="space-y-4">
      <Form method="post" action={action} className="flex flex-wrap gap-3">
        <input type="hidden" name="intent" value={STATUS_INTENT} />
        {buttons.map((status) => (
          <StatusButton
            key={status}
            status={status}
            busyStatus={busyStatus}
            // From completed, "confirmed" undoes the completion rather than confirming anew.
            label={status === "confirmed" && booking.status === "completed" ? "Back to confirmed" : undefined}
          />
        ))}
        {canCancel && !booking.confirmCancel ? (
          <Button asChild variant="outline" className="border-destructive/50 text-destructive hover:bg-destructive/10 hover:text-destructive">
            <Link to={`${action}?confirm=cancel`} preventScrollReset>
              <Ban aria-hidden="true" />
              Cancel booking…
            </Link>
          </Button>
        ) : null}
      </Form>
      {booking.confirmCancel ? <CancelQuestion booking={booking} action={action} busy={busyStatus === "cancelled"} /> : null}
    </div>
  );
}

function CancelQuestion({ booking, action, busy }: { booking: BookingDetailData; action: string; busy: boolean }) {
  const question = useFocusOnMount<HTMLDivElement>();
  return (
    <div
      role="group"
      aria-labelledby="cancel-question"
      aria-describedby="cancel-consequence"
      // Keyboard and screen-reader users land on the question.
      ref={question}
      tabIndex={-1}
      autoFocus
      className="rounded-xl border border-destructive/40 bg-destructive/5 p-4 outline-none focus-visible:ring-[3px] focus-visible:ring-destructive/30"
    >
      <p id="cancel-question" className="font-semibold">
        Cancel {booking.name}&rsquo;s session on {booking.date}?
      </p>
      <p id="cancel-consequence" className="mt-1 text-sm text-muted-foreground">
        The time becomes free for other visitors at once, and a cancelled booking cannot be reopened. The visitor is
        not e-mailed: let them know yourself.
      </p>
      <Form method="post" action={action} className="mt-4 flex flex-wrap gap-3">
        <input type="hidden" name="intent" value={STATUS_INTENT} />
        <SubmitButton name="status" value="cancelled" variant="destructive" busy={busy} busyText="Cancelling...">
          Yes, cancel booking
        </SubmitButton>
        <Button asChild variant="outline">
          <Link to={action} preventScrollReset>
            Keep booking
          </Link>
        </Button>
      </Form>
    </div>
  );
}
