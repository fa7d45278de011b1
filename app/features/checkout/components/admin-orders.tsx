// /admin/orders and /admin/orders/:id: the enrolments (table on wide screens, cards on phones),
// filtered by status and creation date, and one order with its events and the test refund. Test
// checkout orders and payments that did not match their order are marked wherever an order shows.
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useState } from "react";
import { Form, Link } from "react-router";
import { Field, FormError, SubmitButton, VALIDATION_TIMING } from "~/components/form";
import { Pagination } from "~/components/pagination";
import { StatusBadge, statusLabelsOf } from "~/components/status-badge";
import { StatusFilter, statusFilterOptions } from "~/components/status-filter";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { listSearch } from "~/lib/list-query";
import { centsAsDecimal, formatCents } from "~/lib/money";
import { ADMIN_ORDER_STATUSES, ORDER_STATUS_LOOKS, type OrderStatus } from "../order-status";
import { REFUND_INTENT, refundCents, refundSchema } from "../forms";

const PATH = "/admin/orders";

export type OrderFiltersView = { status: OrderStatus | null; from: string | null; to: string | null };
export type OrderRowView = {
  id: string;
  status: OrderStatus;
  test: boolean;
  paymentProblem: string | null;
  amount: string;
  refunded: string | null;
  buyer: string;
  email: string | null;
  company: string | null;
  phone: string | null;
  affiliate: string | null;
  provider: "stripe" | "test";
  createdLabel: string;
  paidLabel: string | null;
};

export function OrderFilters({ filters, countByStatus, rangeError, busy }: { filters: OrderFiltersView; countByStatus: Record<OrderStatus, number>; rangeError: string | null; busy: boolean }) {
  const options = statusFilterOptions({
    statuses: ADMIN_ORDER_STATUSES,
    labels: statusLabelsOf(ORDER_STATUS_LOOKS),
    countByStatus,
    current: filters.status,
    href: (status) => `${PATH}${listSearch({ ...filters, status })}`,
    alarming: ["failed"],
  });
  return (
    <div className="space-y-4">
      <StatusFilter options={options} />
      <Form method="get" action={PATH} className="flex flex-wrap items-end gap-3" aria-label="Filter by date">
        {filters.status ? <input type="hidden" name="status" value={filters.status} /> : null}
        <div className="grid gap-2">
          <Label htmlFor="orders-from">Created from</Label>
          <Input id="orders-from" name="from" type="date" defaultValue={filters.from ?? ""} className="w-40" />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="orders-to">To</Label>
          <Input id="orders-to" name="to" type="date" defaultValue={filters.to ?? ""} className="w-40" aria-invalid={rangeError ? true : undefined} />
        </div>
        <Button type="submit" variant="outline" disabled={busy} aria-busy={busy}>
          {busy ? "Filtering..." : "Apply dates"}
        </Button>
        {filters.from || filters.to ? (
          <Button asChild variant="ghost">
            <Link to={`${PATH}${listSearch({ status: filters.status })}`}>Clear dates</Link>
          </Button>
        ) : null}
        {rangeError ? (
          <p role="alert" className="basis-full text-sm text-destructive">
            {rangeError} Showing every date.
          </p>
        ) : null}
      </Form>
    </div>
  );
}

const TEST_ORDER_LOOK = { label: "Test order", tone: "info" } as const;
const PAYMENT_PROBLEM_LOOK = { label: "Payment mismatch", tone: "danger" } as const;

/** The order's status, and what sets it apart: a test checkout's (no money), a payment that did not match. */
export function OrderBadges({ order }: { order: Pick<OrderRowView, "status" | "test" | "paymentProblem"> }) {
  return (
    <span className="flex flex-wrap items-center gap-1.5">
      <StatusBadge look={ORDER_STATUS_LOOKS[order.status]} />
      {order.test ? <StatusBadge look={TEST_ORDER_LOOK} /> : null}
      {order.paymentProblem ? <StatusBadge look={PAYMENT_PROBLEM_LOOK} /> : null}
    </span>
  );
}

function OrderLink({ order }: { order: OrderRowView }) {
  return (
    <Link to={`${PATH}/${order.id}`} className="font-medium text-primary underline-offset-4 hover:underline">
      {order.buyer}
    </Link>
  );
}

export function OrderList({ orders, filters, page, pageCount }: { orders: OrderRowView[]; filters: OrderFiltersView; page: number; pageCount: number }) {
  if (orders.length === 0) {
    return <p className="rounded-xl border border-dashed p-8 text-center text-muted-foreground">No orders yet{filters.status || filters.from || filters.to ? " with these filters" : ""}.</p>;
  }
  return (
    <>
      <div className="hidden rounded-xl border bg-card shadow-sm md:block">
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Buyer</TableHead>
              <TableHead>Status</TableHead>
              <TableHead className="text-right">Amount</TableHead>
              <TableHead>Affiliate</TableHead>
              <TableHead>Created (CT)</TableHead>
              <TableHead>Paid (CT)</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {orders.map((order) => (
              // The columns that matter fit 1280 px: buyer details wrap under the name, dates on two lines.
              <TableRow key={order.id} data-testid="order-row">
                <TableCell className="max-w-72 whitespace-normal break-words">
                  <OrderLink order={order} />
                  {order.email && order.email !== order.buyer ? <p className="text-xs text-muted-foreground">{order.email}</p> : null}
                  {order.company || order.phone ? <p className="text-xs text-muted-foreground">{[order.company, order.phone].filter(Boolean).join(" · ")}</p> : null}
                </TableCell>
                <TableCell className="whitespace-normal">
                  <OrderBadges order={order} />
                </TableCell>
                <TableCell className="text-right tabular-nums">
                  {order.amount}
                  {order.refunded ? <p className="text-xs text-muted-foreground">−{order.refunded}</p> : null}
                </TableCell>
                <TableCell className="max-w-48 font-mono text-xs whitespace-normal break-words">{order.affiliate ?? "—"}</TableCell>
                <TableCell className="text-sm">
                  <DateTimeLines label={order.createdLabel} />
                </TableCell>
                <TableCell className="text-sm">{order.paidLabel ? <DateTimeLines label={order.paidLabel} /> : "—"}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      <ul className="grid gap-4 md:hidden" aria-label="Orders">
        {orders.map((order) => (
          <li key={order.id} className="rounded-xl border bg-card p-4 shadow-sm">
            <div className="flex items-start justify-between gap-3">
              <OrderLink order={order} />
              <OrderBadges order={order} />
            </div>
            <p className="mt-2 text-sm tabular-nums">
              {order.amount}
              {order.refunded ? ` (−${order.refunded})` : ""} · {order.company ?? "no company"}
            </p>
            <p className="text-xs text-muted-foreground">
              Created {order.createdLabel}
              {order.affiliate ? ` · affiliate ${order.affiliate}` : ""}
            </p>
          </li>
        ))}
      </ul>
      <Pagination page={page} pageCount={pageCount} hrefFor={(to) => `${PATH}${listSearch({ ...filters, page: to })}`} labels={{ previous: "Newer orders", next: "Older orders" }} />
    </>
  );
}

/** "Nov 27, 2026, 1:17 PM CT" as the date over the time. */
function DateTimeLines({ label }: { label: string }) {
  const split = label.lastIndexOf(", ");
  if (split === -1) return <>{label}</>;
  return (
    <>
      {label.slice(0, split)}
      <span className="block text-xs text-muted-foreground">{label.slice(split + 2)}</span>
    </>
  );
}

export function OrderFacts({ order }: { order: OrderRowView & { providerSessionId: string; providerPaymentId: string | null } }) {
  const facts: Array<[string, string]> = [
    ["Amount", order.amount],
    ["Refunded", order.refunded ?? "—"],
    ["Buyer", order.buyer],
    ["Email", order.email ?? "—"],
    ["Company", order.company ?? "—"],
    ["Phone", order.phone ?? "—"],
    ["Affiliate", order.affiliate ?? "—"],
    ["Created (CT)", order.createdLabel],
    ["Paid (CT)", order.paidLabel ?? "—"],
    ["Provider", order.provider === "test" ? "Test checkout (no money taken; no commission)" : "Stripe"],
    ["Checkout session", order.providerSessionId],
    ["Payment", order.providerPaymentId ?? "—"],
  ];
  return (
    <dl className="grid gap-x-6 gap-y-3 rounded-xl border bg-card p-5 text-sm shadow-sm sm:grid-cols-[max-content_1fr]">
      {facts.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-muted-foreground">{label}</dt>
          <dd className="break-all">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The test checkout's refund: an amount (the rest by default), checked, then a yes. A page form:
 * after a full refund this section goes away, and the answer's toast is the page's.
 */
export function RefundForm({ refundableCents, lastResult, busy }: { refundableCents: number; lastResult: SubmissionResult<string[]> | undefined; busy: boolean }) {
  // The amount the admin is asked to confirm; null until a valid one is given.
  const [confirming, setConfirming] = useState<string | null>(null);
  const schema = refundSchema(refundableCents);
  const [form, fields] = useForm({
    id: "refund",
    lastResult,
    constraint: getZodConstraint(schema),
    defaultValue: { amount: centsAsDecimal(refundableCents) },
    ...VALIDATION_TIMING,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });

  function askToConfirm(event: React.MouseEvent<HTMLButtonElement>) {
    const submission = parseWithZod(new FormData(event.currentTarget.form!), { schema });
    if (submission.status !== "success") {
      // Shows the field's message; nothing is asked until the amount is right.
      form.validate({ name: fields.amount.name });
      return;
    }
    setConfirming(formatCents(refundCents(submission.value.amount)));
  }

  return (
    <section aria-labelledby="refund-heading" className="rounded-xl border bg-card p-5 shadow-sm">
      <h2 id="refund-heading" className="text-lg font-semibold">
        Refund
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">Test checkout only: the same refund code a Stripe refund event runs. No money moves (a test order took none).</p>
      <Form method="post" {...getFormProps(form)} onInput={() => setConfirming(null)} className="mt-4 grid gap-3 sm:max-w-sm">
        <input type="hidden" name="intent" value={REFUND_INTENT} />
        <FormError id={form.errorId} errors={form.errors} />
        <Field field={fields.amount} label="Amount (USD)" inputMode="decimal" />
        {confirming ? (
          <div role="group" aria-label="Confirm the refund" className="flex flex-wrap items-center gap-2">
            <span className="text-sm">Refund {confirming}?</span>
            <SubmitButton variant="destructive" busy={busy} busyText="Refunding...">
              Yes, refund
            </SubmitButton>
            <Button type="button" variant="ghost" onClick={() => setConfirming(null)}>
              Keep
            </Button>
          </div>
        ) : (
          <div>
            <Button type="button" variant="outline" onClick={askToConfirm}>
              Refund
            </Button>
          </div>
        )}
      </Form>
    </section>
  );
}
