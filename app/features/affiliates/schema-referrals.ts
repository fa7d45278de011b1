// The affiliates feature's referrals: apart from schema.ts because a referral points at an order
// (checkout's schema) and an order at an affiliate, and modules must not import each other in a circle.
import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  numeric,
  pgTable,
  text,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "#server/db/columns";
import { affiliates } from "./schema";
import { orders } from "~/features/checkout/schema";

export const referralStatuses = ["earned", "partially_reversed", "reversed"] as const;

/** One per paid order that named an approved affiliate; refunds reverse it in proportion. */
export const affiliateReferrals = pgTable(
  "affiliate_referrals",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    affiliateId: uuid("affiliate_id")
      .notNull()
      .references(() => affiliates.id, { onDelete: "cascade" }),
    orderId: uuid("order_id")
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: "cascade" }),
    saleAmountCents: integer("sale_amount_cents").notNull(),
    /** The rate at the time of the sale, kept so a later rate change does not rewrite history. */
    commissionRate: numeric("commission_rate", { precision: 5, scale: 4 }).notNull(),
    commissionCents: integer("commission_cents").notNull(),
    /** The part of the commission taken back by refunds (never more than the commission). */
    reversedCents: integer("reversed_cents").notNull().default(0),
    status: text("status", { enum: referralStatuses }).notNull().default("earned"),
    customerEmail: text("customer_email"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("affiliate_referrals_affiliate_created_idx").on(t.affiliateId, t.createdAt),
    check(
      "affiliate_referrals_amounts_check",
      sql`${t.commissionCents} >= 0 and ${t.reversedCents} between 0 and ${t.commissionCents}`,
    ),
  ],
);
