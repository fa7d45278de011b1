// The checkout feature's data access (it owns orders and webhook_events).
import { and, asc, count, desc, eq, gte, inArray, lt, ne, sql, type SQL } from "drizzle-orm";
import { QueryBuilder } from "drizzle-orm/pg-core";
import { affiliateCodes } from "~/features/affiliates/index.server";
import { startOfCentralDay, addDays } from "~/lib/central-time";
import { getDb, type Executor } from "#server/db/client.server";
import { orders, orderStatuses, webhookEvents } from "./schema";

export type OrderStatus = (typeof orderStatuses)[number];
/** Sales that stand: a partial refund still counts as a sale, a full refund does not. */
export const SOLD_STATUSES = ["paid", "partially_refunded"] as const satisfies readonly OrderStatus[];

/** Real orders paid since `since` (test checkouts took no money); a partial refund still counts as a sale, a full refund does not. */
export async function countPaidOrdersSince(since: Date, executor: Executor = getDb()): Promise<number> {
  const [row] = await executor
    .select({ value: count() })
    .from(orders)
    .where(and(inArray(orders.status, SOLD_STATUSES), gte(orders.paidAt, since), ne(orders.provider, "test")));
  return row?.value ?? 0;
}

/** Revenue kept from real orders paid since `since`: paid minus refunded, in cents. */
export async function revenueSince(since: Date, executor: Executor = getDb()): Promise<number> {
  const [row] = await executor
    .select({ value: sql<number>`coalesce(sum(${orders.amountCents} - ${orders.refundedCents}), 0)::int` })
    .from(orders)
    .where(and(inArray(orders.status, [...SOLD_STATUSES, "refunded"]), gte(orders.paidAt, since), ne(orders.provider, "test")));
  return row?.value ?? 0;
}

export type NewOrder = {
  id: string;
  provider: "stripe" | "test";
  providerSessionId: string;
  amountCents: number;
  affiliateRef: string | null;
  buyerUserId: string | null;
  customerEmail: string | null;
};

export async function insertOpenOrder(order: NewOrder, executor: Executor = getDb()) {
  await executor.insert(orders).values({ ...order, currency: "usd", status: "open" });
}

export async function setProviderSession(orderId: string, providerSessionId: string, executor: Executor = getDb()) {
  await executor.update(orders).set({ providerSessionId, updatedAt: sql`now()` }).where(eq(orders.id, orderId));
}

export async function markOrderFailed(orderId: string, executor: Executor = getDb()) {
  await executor
    .update(orders)
    .set({ status: "failed", updatedAt: sql`now()` })
    .where(and(eq(orders.id, orderId), inArray(orders.status, ["open", "processing"])));
}

const orderColumns = {
  id: orders.id,
  provider: orders.provider,
  providerSessionId: orders.providerSessionId,
  providerPaymentId: orders.providerPaymentId,
  amountCents: orders.amountCents,
  refundedCents: orders.refundedCents,
  currency: orders.currency,
  status: orders.status,
  customerEmail: orders.customerEmail,
  customerName: orders.customerName,
  companyName: orders.companyName,
  phone: orders.phone,
  buyerUserId: orders.buyerUserId,
  affiliateRef: orders.affiliateRef,
  affiliateId: orders.affiliateId,
  createdAt: orders.createdAt,
  updatedAt: orders.updatedAt,
  paidAt: orders.paidAt,
  paymentProblem: orders.paymentProblem,
};

export type Order = NonNullable<Awaited<ReturnType<typeof findOrderById>>>;

/** The order a provider session belongs to; locked until the transaction ends when `lock`. */
export async function findOrderBySession(providerSessionId: string, executor: Executor = getDb(), lock = false) {
  const query = executor.select(orderColumns).from(orders).where(eq(orders.providerSessionId, providerSessionId));
  const [row] = lock ? await query.for("update") : await query;
  return row ?? null;
}

export async function findOrderById(id: string, executor: Executor = getDb(), lock = false) {
  const query = executor.select(orderColumns).from(orders).where(eq(orders.id, id));
  const [row] = lock ? await query.for("update") : await query;
  return row ?? null;
}

export async function findOrderByPayment(providerPaymentId: string, executor: Executor = getDb(), lock = false) {
  const query = executor.select(orderColumns).from(orders).where(eq(orders.providerPaymentId, providerPaymentId));
  const [row] = lock ? await query.for("update") : await query;
  return row ?? null;
}

export type BuyerDetails = {
  providerPaymentId?: string | null;
  customerEmail?: string | null;
  customerName?: string | null;
  companyName?: string | null;
  phone?: string | null;
};

/** Paid, if it was still waiting for payment; null when it was not (already paid, refunded...). */
export async function markOrderPaid(orderId: string, buyer: BuyerDetails, executor: Executor) {
  const [row] = await executor
    .update(orders)
    .set({
      status: "paid",
      paidAt: sql`now()`,
      updatedAt: sql`now()`,
      providerPaymentId: buyer.providerPaymentId ?? null,
      customerEmail: sql`coalesce(${buyer.customerEmail ?? null}, ${orders.customerEmail})`,
      customerName: buyer.customerName ?? null,
      companyName: buyer.companyName ?? null,
      phone: buyer.phone ?? null,
    })
    .where(and(eq(orders.id, orderId), inArray(orders.status, ["open", "processing", "expired", "failed"])))
    .returning(orderColumns);
  return row ?? null;
}

/** Moves an order between waiting states (processing, failed, expired), only from `from`. */
export async function moveOrderStatus(orderId: string, from: OrderStatus[], to: OrderStatus, executor: Executor) {
  const [row] = await executor
    .update(orders)
    .set({ status: to, updatedAt: sql`now()` })
    .where(and(eq(orders.id, orderId), inArray(orders.status, from)))
    .returning({ id: orders.id });
  return Boolean(row);
}

/** Keeps, for the owner, why a reported payment did not fulfil the order (the latest report). */
export async function setPaymentProblem(orderId: string, problem: string, executor: Executor) {
  await executor.update(orders).set({ paymentProblem: problem, updatedAt: sql`now()` }).where(eq(orders.id, orderId));
}

/** How long a Stripe Checkout Session stays open by default; a test checkout lasts as long. */
export const CHECKOUT_SESSION_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** Test checkouts left open past a session's lifetime become expired, as Stripe's own would. */
export async function expireStaleTestCheckouts(now = new Date(), executor: Executor = getDb()) {
  await executor
    .update(orders)
    .set({ status: "expired", updatedAt: sql`now()` })
    .where(and(eq(orders.status, "open"), eq(orders.provider, "test"), lt(orders.createdAt, new Date(now.getTime() - CHECKOUT_SESSION_LIFETIME_MS))));
}

export async function setOrderAffiliate(orderId: string, affiliateId: string, executor: Executor) {
  await executor.update(orders).set({ affiliateId }).where(eq(orders.id, orderId));
}

export async function setOrderRefunded(orderId: string, refundedCents: number, status: OrderStatus, executor: Executor) {
  await executor.update(orders).set({ refundedCents, status, updatedAt: sql`now()` }).where(eq(orders.id, orderId));
}

/** Each order's status as a subquery with columns `orderId` and `status`, to join in the caller's statement. */
export function orderStatusById() {
  return new QueryBuilder().select({ orderId: orders.id, status: orders.status }).from(orders).as("order_status");
}

/** Records a provider event once; false when it was recorded before (a redelivery). */
export async function recordWebhookEvent(event: { provider: string; eventId: string; type: string; orderId: string | null }, executor: Executor) {
  const rows = await executor.insert(webhookEvents).values(event).onConflictDoNothing().returning({ id: webhookEvents.id });
  return rows.length > 0;
}

export async function setWebhookEventOrder(provider: string, eventId: string, orderId: string, executor: Executor) {
  await executor
    .update(webhookEvents)
    .set({ orderId })
    .where(and(eq(webhookEvents.provider, provider), eq(webhookEvents.eventId, eventId)));
}

// The admin's list.

export type OrderFilters = { status?: OrderStatus; from?: string; to?: string };

function whereOf(filters: OrderFilters): SQL | undefined {
  const conditions: SQL[] = [];
  if (filters.status) conditions.push(eq(orders.status, filters.status));
  if (filters.from) conditions.push(gte(orders.createdAt, startOfCentralDay(filters.from)));
  if (filters.to) conditions.push(lt(orders.createdAt, startOfCentralDay(addDays(filters.to, 1))));
  return conditions.length ? and(...conditions) : undefined;
}

export async function countOrdersByStatus(filters: Omit<OrderFilters, "status">, executor: Executor = getDb()) {
  const rows = await executor.select({ status: orders.status, value: count() }).from(orders).where(whereOf(filters)).groupBy(orders.status);
  const counts = Object.fromEntries(orderStatuses.map((status) => [status, 0])) as Record<OrderStatus, number>;
  for (const row of rows) counts[row.status] = row.value;
  return counts;
}

export async function listOrders(filters: OrderFilters, page: { limit: number; offset: number }, executor: Executor = getDb()) {
  const codes = affiliateCodes();
  return executor
    .select({ ...orderColumns, affiliateCode: codes.affiliateCode })
    .from(orders)
    .leftJoin(codes, eq(codes.affiliateId, orders.affiliateId))
    .where(whereOf(filters))
    .orderBy(desc(orders.createdAt), asc(orders.id))
    .limit(page.limit)
    .offset(page.offset);
}

export type AdminOrder = Awaited<ReturnType<typeof listOrders>>[number];

export async function findOrderWithEvents(id: string, executor: Executor = getDb()) {
  const codes = affiliateCodes();
  const [order] = await executor
    .select({ ...orderColumns, affiliateCode: codes.affiliateCode })
    .from(orders)
    .leftJoin(codes, eq(codes.affiliateId, orders.affiliateId))
    .where(eq(orders.id, id));
  if (!order) return null;
  const events = await executor
    .select({ id: webhookEvents.id, provider: webhookEvents.provider, eventId: webhookEvents.eventId, type: webhookEvents.type, processedAt: webhookEvents.processedAt })
    .from(webhookEvents)
    .where(eq(webhookEvents.orderId, id))
    .orderBy(asc(webhookEvents.processedAt));
  return { order, events };
}
