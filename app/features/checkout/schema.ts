// The checkout feature's tables: bootcamp orders and the payment provider's events.
import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "#server/db/columns";
import { affiliates } from "~/features/affiliates/schema";
import { users } from "~/features/auth/schema";

export const orderStatuses = [
  "open",
  "processing",
  "paid",
  "partially_refunded",
  "refunded",
  "expired",
  "failed",
] as const;

/** Bootcamp enrolments; a row exists from the moment checkout starts (`open`). Money in cents. */
export const orders = pgTable(
  "orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    provider: text("provider", { enum: ["stripe", "test"] }).notNull(),
    /** The provider's Checkout Session id (the test checkout makes its own). */
    providerSessionId: text("provider_session_id").notNull().unique(),
    /** Set when the provider reports it; refunds name it. */
    providerPaymentId: text("provider_payment_id").unique(),
    amountCents: integer("amount_cents").notNull(),
    refundedCents: integer("refunded_cents").notNull().default(0),
    currency: text("currency").notNull().default("usd"),
    status: text("status", { enum: orderStatuses }).notNull().default("open"),
    customerEmail: text("customer_email"),
    customerName: text("customer_name"),
    companyName: text("company_name"),
    phone: text("phone"),
    /** The signed-in buyer, when there was one (self-referral check). */
    buyerUserId: text("buyer_user_id").references(() => users.id, { onDelete: "set null" }),
    /** The reference as it arrived (code or custom slug), kept even when it names nobody. */
    affiliateRef: text("affiliate_ref"),
    affiliateId: uuid("affiliate_id").references(() => affiliates.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    /** Why a reported payment did not fulfil the order (amount or currency not the order's), for the owner. */
    paymentProblem: text("payment_problem"),
  },
  (t) => [
    index("orders_paid_at_idx").on(t.paidAt),
    index("orders_status_created_idx").on(t.status, t.createdAt),
    check("orders_amounts_check", sql`${t.amountCents} >= 0 and ${t.refundedCents} between 0 and ${t.amountCents}`),
  ],
);

/** Payment-provider events processed once (the unique pair is the idempotency key). */
export const webhookEvents = pgTable(
  "webhook_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    provider: text("provider").notNull(),
    eventId: text("event_id").notNull(),
    type: text("type").notNull(),
    /** The order the event concerned, when it named one (shown on the order's page). */
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "set null" }),
    processedAt: timestamp("processed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("webhook_events_provider_event_unique").on(t.provider, t.eventId),
    index("webhook_events_order_idx").on(t.orderId),
  ],
);
