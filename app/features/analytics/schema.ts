// The analytics feature's tables: no cookies, no raw IP; the visitor hash rotates daily.
import {
  bigserial,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
} from "drizzle-orm/pg-core";
import { createdAt } from "#server/db/columns";

export const pageViews = pgTable(
  "page_views",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    path: text("path").notNull(),
    referrerHost: text("referrer_host"),
    utmSource: text("utm_source"),
    utmMedium: text("utm_medium"),
    utmCampaign: text("utm_campaign"),
    deviceClass: text("device_class", { enum: ["mobile", "tablet", "desktop", "bot"] }).notNull(),
    /** Two letters from a proxy's country header (ANALYTICS_COUNTRY_HEADER), when one is set. */
    country: text("country"),
    visitorHash: text("visitor_hash").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("page_views_created_at_idx").on(t.createdAt), index("page_views_visitor_idx").on(t.visitorHash, t.createdAt)],
);

/** Each day's random salt for visitor hashes; deleted once the day is over (decision 020). */
export const analyticsSalts = pgTable("analytics_salts", {
  day: date("day", { mode: "string" }).primaryKey(),
  salt: text("salt").notNull(),
  createdAt: createdAt(),
});

/**
 * Every completed Central Time day's page views, rolled up (the dashboard reads these, and raw views
 * only for the days not rolled up yet; raw views past the retention age are deleted), one set of rows per
 * breakdown (pages, referrers, campaigns, devices, countries): the views of each key, and the
 * visitors unique within that day and key.
 */
export const pageViewDays = pgTable(
  "page_view_days",
  {
    day: date("day", { mode: "string" }).notNull(),
    dimension: text("dimension", { enum: ["pages", "referrers", "campaigns", "devices", "countries"] }).notNull(),
    key: text("key"),
    views: integer("views").notNull(),
    visitors: integer("visitors").notNull(),
  },
  (t) => [index("page_view_days_dimension_day_idx").on(t.dimension, t.day)],
);

/**
 * A rolled-up day's funnels: its visitors (all of them under source '', else those who came from
 * the referring host or utm_source `source`), and how many of them booked, started a checkout, and
 * had that checkout paid.
 */
export const funnelDays = pgTable(
  "funnel_days",
  {
    day: date("day", { mode: "string" }).notNull(),
    source: text("source").notNull(),
    visitors: integer("visitors").notNull(),
    booked: integer("booked").notNull(),
    checkedOut: integer("checked_out").notNull(),
    paid: integer("paid").notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.source] })],
);

/** A rolled-up day's totals: views, unique visitors, and visitors who saw one page only. */
export const analyticsDays = pgTable("analytics_days", {
  day: date("day", { mode: "string" }).primaryKey(),
  views: integer("views").notNull(),
  visitors: integer("visitors").notNull(),
  bounces: integer("bounces").notNull(),
});

export const eventNames = [
  "booking_submitted",
  "checkout_started",
  "order_paid",
  "newsletter_subscribed",
  "affiliate_click",
  "affiliate_conversion",
] as const;

export const events = pgTable(
  "events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    name: text("name", { enum: eventNames }).notNull(),
    path: text("path"),
    visitorHash: text("visitor_hash"),
    properties: jsonb("properties").$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index("events_name_created_at_idx").on(t.name, t.createdAt), index("events_created_at_idx").on(t.createdAt)],
);
