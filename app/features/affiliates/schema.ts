// The affiliates feature's tables (their referrals, which point at orders, are in schema-referrals.ts).
// Totals (clicks, conversions, earnings, balance) are not stored: they are derived from the clicks,
// referrals and payouts they summarise, so a total can never drift from its rows (decision 018).
import { sql } from "drizzle-orm";
import {
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "#server/db/columns";
import { users } from "~/features/auth/schema";

export const affiliateStatuses = ["pending", "approved", "rejected", "suspended"] as const;

export type SocialMediaHandles = {
  twitter?: string;
  instagram?: string;
  linkedin?: string;
  website?: string;
  youtube?: string;
  experience?: string;
  audience?: string;
  promotion_plan?: string;
};

export const affiliates = pgTable("affiliates", {
  id: uuid("id").primaryKey().defaultRandom(),
  userId: text("user_id")
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: "cascade" }),
  affiliateCode: text("affiliate_code").notNull().unique(),
  status: text("status", { enum: affiliateStatuses }).notNull().default("pending"),
  /** A fraction (0.15 = 15 %), as the spec stores it. */
  commissionRate: numeric("commission_rate", { precision: 5, scale: 4 })
    .notNull()
    .default("0.1500"),
  payoutEmail: text("payout_email"),
  socialMediaHandles: jsonb("social_media_handles").$type<SocialMediaHandles>(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const affiliateLinks = pgTable(
  "affiliate_links",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    affiliateId: uuid("affiliate_id")
      .notNull()
      .references(() => affiliates.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** A same-site path (checked when saved and again when followed). */
    originalUrl: text("original_url").notNull().default("/bootcamp"),
    /**
     * The link's address, `/a/{slug}`: chosen or, when none is, made from the name. Stored
     * lower-case; unique across links, never equal to a code or a route.
     */
    customSlug: text("custom_slug").notNull().unique(),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index("affiliate_links_affiliate_id_idx").on(t.affiliateId)],
);

export const affiliateClicks = pgTable(
  "affiliate_clicks",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    affiliateId: uuid("affiliate_id")
      .notNull()
      .references(() => affiliates.id, { onDelete: "cascade" }),
    linkId: uuid("link_id").references(() => affiliateLinks.id, { onDelete: "set null" }),
    sessionId: text("session_id").notNull(),
    userAgent: text("user_agent"),
    referrer: text("referrer"),
    landingPage: text("landing_page"),
    createdAt: createdAt(),
  },
  (t) => [
    // Once per visitor session and affiliate: the database decides, not a read-then-insert.
    uniqueIndex("affiliate_clicks_dedup_idx").on(t.affiliateId, t.sessionId),
    index("affiliate_clicks_link_id_idx").on(t.linkId),
  ],
);

/** Money paid out to an affiliate; the balance is earned (net of reversals) minus paid out. */
export const affiliatePayouts = pgTable(
  "affiliate_payouts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    affiliateId: uuid("affiliate_id")
      .notNull()
      .references(() => affiliates.id, { onDelete: "cascade" }),
    amountCents: integer("amount_cents").notNull(),
    /** The day the money was sent, as the admin enters it (a Central Time calendar date). */
    paidOn: date("paid_on").notNull(),
    method: text("method"),
    reference: text("reference"),
    note: text("note"),
    recordedBy: text("recorded_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("affiliate_payouts_affiliate_idx").on(t.affiliateId, t.paidOn),
    check("affiliate_payouts_amount_check", sql`${t.amountCents} > 0`),
  ],
);
