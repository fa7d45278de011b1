// /admin/orders: enrolments filtered by status and creation date (Central Time), paged; one order
// with its provider events; the test checkout's refund, through the webhook's refund code.
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { ActionResult } from "~/components/form";
import { dateRange, isUuid, pageParam, pageWindow, readListQuery, statusParam, dateParam } from "~/lib/list-query";
import { NO_STORE } from "~/lib/cache-headers";
import { dateTime } from "~/lib/central-time";
import { readFormData } from "~/lib/form-data.server";
import { formatCents } from "~/lib/money";
import type { Toast } from "~/lib/toast";
import { z } from "~/lib/zod";
import { getDb } from "#server/db/client.server";
import { logger } from "#server/logger.server";
import { applyRefund } from "./fulfilment.server";
import { countOrdersByStatus, expireStaleTestCheckouts, findOrderById, findOrderWithEvents, listOrders, type AdminOrder, type OrderFilters } from "./orders.server";
import { ADMIN_ORDER_STATUSES } from "./order-status";
import { refundCents, refundSchema } from "./forms";

export const ORDERS_PAGE_SIZE = 50;

export const orderListQuerySchema = z.object({ status: statusParam(ADMIN_ORDER_STATUSES), from: dateParam, to: dateParam, page: pageParam });

export function readOrderFilters(url: URL) {
  const query = readListQuery(orderListQuerySchema, url);
  const { from, to, rangeError } = dateRange(query);
  const filters: OrderFilters = { status: query.status, from, to };
  return { query, filters, rangeError };
}

/** The affiliate the order credited, or the reference it came with and why nothing was credited. */
function affiliateLabel(order: AdminOrder) {
  if (order.affiliateCode) return order.affiliateCode;
  if (!order.affiliateRef) return null;
  return `${order.affiliateRef} (${order.provider === "test" ? "test order: " : ""}not credited)`;
}

function orderRow(order: AdminOrder) {
  return {
    id: order.id,
    status: order.status,
    // The test checkout's: no money was taken, so no commission, no revenue.
    test: order.provider === "test",
    paymentProblem: order.paymentProblem,
    amount: formatCents(order.amountCents),
    refunded: order.refundedCents > 0 ? formatCents(order.refundedCents) : null,
    buyer: order.customerName ?? order.customerEmail ?? "—",
    email: order.customerEmail,
    company: order.companyName,
    phone: order.phone,
    affiliate: affiliateLabel(order),
    provider: order.provider,
    createdLabel: dateTime(order.createdAt),
    paidLabel: order.paidAt ? dateTime(order.paidAt) : null,
  };
}

export async function getOrdersPage(url: URL) {
  const { query, filters, rangeError } = readOrderFilters(url);
  await expireStaleTestCheckouts();
  const countByStatus = await countOrdersByStatus({ from: filters.from, to: filters.to });
  const total = filters.status ? countByStatus[filters.status] : Object.values(countByStatus).reduce((sum, value) => sum + value, 0);
  const { page, pageCount, limit, offset } = pageWindow(query.page, total, ORDERS_PAGE_SIZE);
  const rows = await listOrders(filters, { limit, offset });
  return data(
    {
      filters: { status: filters.status ?? null, from: query.from ?? null, to: query.to ?? null },
      rangeError,
      countByStatus,
      page,
      pageCount,
      total,
      orders: rows.map(orderRow),
    },
    { headers: NO_STORE },
  );
}

export async function getOrderView(id: string | undefined) {
  if (!isUuid(id)) throw data(null, { status: 404, headers: NO_STORE });
  await expireStaleTestCheckouts();
  const found = await findOrderWithEvents(id);
  if (!found) throw data(null, { status: 404, headers: NO_STORE });
  const { order, events } = found;
  return data(
    {
      order: { ...orderRow(order), providerSessionId: order.providerSessionId, providerPaymentId: order.providerPaymentId, refundableCents: order.amountCents - order.refundedCents },
      // The refund button is the test checkout's stand-in for Stripe's dashboard.
      canRefund: order.provider === "test" && ["paid", "partially_refunded"].includes(order.status),
      events: events.map((event) => ({ id: event.id, type: event.type, eventId: event.eventId, processedLabel: dateTime(event.processedAt) })),
    },
    { headers: NO_STORE },
  );
}

export type OrderActionResult = ActionResult & { toast: Toast };

/** A refund of the test checkout's order: the amount adds to what was refunded before. */
export async function refundFromAdmin(request: Request, id: string | undefined) {
  const schema = refundSchema();
  const formData = await readFormData(request, { schema: [schema] });
  const submission = parseWithZod(formData, { schema });
  if (!isUuid(id)) throw data(null, { status: 404, headers: NO_STORE });
  if (submission.status !== "success") {
    return data<OrderActionResult>({ ok: false, toast: { kind: "error", title: "Refund not made", description: "Please check the amount." }, reply: submission.reply() }, { status: 400, headers: NO_STORE });
  }
  const cents = refundCents(submission.value.amount);
  const outcome = await getDb().transaction(async (tx) => {
    const order = await findOrderById(id, tx, true);
    if (!order) return { error: "This order no longer exists." };
    if (order.provider !== "test") return { error: "Refund Stripe payments in the Stripe dashboard; its event updates the order here." };
    if (!["paid", "partially_refunded"].includes(order.status)) return { error: "Only a paid order can be refunded." };
    const remaining = order.amountCents - order.refundedCents;
    if (cents <= 0 || cents > remaining) return { error: `Refund between $0.01 and ${formatCents(remaining)}.` };
    return { refund: await applyRefund(order, order.refundedCents + cents, tx) };
  });
  if ("error" in outcome) {
    return data<OrderActionResult>({ ok: false, toast: { kind: "error", title: "Refund not made", description: outcome.error }, reply: submission.reply({ fieldErrors: { amount: [outcome.error!] } }) }, { status: 409, headers: NO_STORE });
  }
  logger.info({ orderId: id, refundedCents: outcome.refund.refundedCents }, "test checkout refund");
  const description = `${formatCents(cents)} refunded; ${formatCents(outcome.refund.refundedCents)} in all.`;
  return data<OrderActionResult>({ ok: true, toast: { kind: "success", title: "Refund made", description }, reply: submission.reply({ resetForm: true }) }, { headers: NO_STORE });
}
