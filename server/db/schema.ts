// The whole data model: the spec's tables (SPEC.md section 3) plus what DESIGN.md section 4 adds.
// Column names are snake_case in the database; money is integer cents, as the payment provider
// counts it.
import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

// ---------------------------------------------------------------------------------------------
// Accounts (Better Auth's core models, named in the plural; mapped in the auth configuration)
// ---------------------------------------------------------------------------------------------

export const users = pgTable("users", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("sessions_user_id_idx").on(t.userId)],
);

export const accounts = pgTable(
  "accounts",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("accounts_user_id_idx").on(t.userId)],
);

export const verifications = pgTable(
  "verifications",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("verifications_identifier_idx").on(t.identifier)],
);

/** Better Auth's rate-limit counters, kept in the database so every server instance shares them. */
export const rateLimits = pgTable("rate_limits", {
  id: text("id").primaryKey(),
  key: text("key").notNull().unique(),
  count: integer("count").notNull(),
  lastRequest: bigint("last_request", { mode: "number" }).notNull(),
});

/**
 * The site's own rate limits (server/rate-limits.server.ts): rate-limiter-flexible's Drizzle store,
 * shared by every server instance. `key` is the policy, the key kind and a hash of the address;
 * `points` the requests counted in the window that ends at `expire`.
 */
export const rateLimitCounters = pgTable(
  "rate_limit_counters",
  {
    key: text("key").primaryKey(),
    points: integer("points").notNull(),
    expire: timestamp("expire", { withTimezone: true }),
  },
  (t) => [index("rate_limit_counters_expire_idx").on(t.expire)],
);

export const userRoles = pgTable(
  "user_roles",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role", { enum: ["admin"] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [unique("user_roles_user_role_unique").on(t.userId, t.role)],
);

// ---------------------------------------------------------------------------------------------
// Bookings
// ---------------------------------------------------------------------------------------------

export const bookingStatuses = ["pending", "confirmed", "cancelled", "completed"] as const;

/** No two non-cancelled bookings overlap: an exclusion constraint added in the migration SQL. */
export const bookings = pgTable(
  "bookings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    bookingRef: text("booking_ref").notNull().unique(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    sessionDate: date("session_date", { mode: "string" }).notNull(),
    sessionTime: text("session_time").notNull(),
    sessionDuration: integer("session_duration").notNull(),
    projectType: text("project_type").notNull(),
    projectDescription: text("project_description").notNull(),
    experienceLevel: text("experience_level", {
      enum: ["beginner", "intermediate", "advanced"],
    }).notNull(),
    specificGoals: text("specific_goals"),
    additionalRequirements: text("additional_requirements"),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    status: text("status", { enum: bookingStatuses }).notNull().default("pending"),
    cancelToken: text("cancel_token").notNull().unique(),
    /** The reminder e-mail queued for 24 hours before the session (dropped if it is cancelled). */
    reminderEmailId: uuid("reminder_email_id").references(() => emailOutbox.id, { onDelete: "set null" }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("bookings_starts_at_idx").on(t.startsAt)],
);

/** The owner's unavailable times (a whole day, or a range of hours): no booking may start in them. */
export const bookingBlocks = pgTable(
  "booking_blocks",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    note: text("note"),
    createdAt: createdAt(),
  },
  (t) => [
    index("booking_blocks_range_idx").on(t.startsAt, t.endsAt),
    check("booking_blocks_ends_after_start", sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

// ---------------------------------------------------------------------------------------------
// Blog and newsletter
// ---------------------------------------------------------------------------------------------

export const blogPosts = pgTable(
  "blog_posts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    slug: text("slug").notNull().unique(),
    excerpt: text("excerpt"),
    content: text("content").notNull().default(""),
    featuredImageUrl: text("featured_image_url"),
    status: text("status", { enum: ["draft", "published"] })
      .notNull()
      .default("draft"),
    seoTitle: text("seo_title"),
    seoDescription: text("seo_description"),
    authorId: text("author_id").references(() => users.id, { onDelete: "set null" }),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("blog_posts_status_published_at_idx").on(t.status, t.publishedAt)],
);

export const newsletterSubscriptions = pgTable("newsletter_subscriptions", {
  id: uuid("id").primaryKey().defaultRandom(),
  // Stored lower-cased and trimmed; the unique violation (23505) is the spec's duplicate signal.
  email: text("email").notNull().unique(),
  source: text("source", { enum: ["blog_footer", "popup"] }).notNull(),
  unsubscribeToken: text("unsubscribe_token")
    .notNull()
    .unique()
    .default(sql`replace(gen_random_uuid()::text, '-', '')`),
  unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
  /** When the address (last) joined: its sign-up, or its re-subscription after leaving. */
  subscribedAt: timestamp("subscribed_at", { withTimezone: true }).notNull().defaultNow(),
  createdAt: createdAt(),
});

export const newsletterIssueStatuses = ["draft", "sending", "sent"] as const;

/** An issue of the newsletter: `sending` while it is being queued, `sent` once every active subscriber has a message. */
export const newsletterIssues = pgTable("newsletter_issues", {
  id: uuid("id").primaryKey().defaultRandom(),
  subject: text("subject").notNull(),
  // The body as the admin wrote it (sanitized like posts), and its plain-text part.
  html: text("html").notNull(),
  text: text("text").notNull(),
  postId: uuid("post_id").references(() => blogPosts.id, { onDelete: "set null" }),
  status: text("status", { enum: newsletterIssueStatuses }).notNull().default("draft"),
  /** Messages queued (one per subscriber), set when queuing finishes. */
  queuedCount: integer("queued_count").notNull().default(0),
  createdAt: createdAt(),
  sendingStartedAt: timestamp("sending_started_at", { withTimezone: true }),
  /** The message every subscriber's copy is made from, written when sending starts. */
  emailBodyId: uuid("email_body_id").references(() => emailBodies.id),
  queuedAt: timestamp("queued_at", { withTimezone: true }),
});

/**
 * One row per issue and subscriber, written in the statement that queues the subscriber's message:
 * the primary key is what makes a double send, two admins or a restart mid-queue give nobody two copies.
 */
export const newsletterDeliveries = pgTable(
  "newsletter_deliveries",
  {
    issueId: uuid("issue_id")
      .notNull()
      .references(() => newsletterIssues.id, { onDelete: "cascade" }),
    subscriptionId: uuid("subscription_id")
      .notNull()
      .references(() => newsletterSubscriptions.id, { onDelete: "cascade" }),
    // Kept while the delivery is: it is the proof that this subscriber already has this issue.
    outboxId: uuid("outbox_id")
      .notNull()
      .references(() => emailOutbox.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.issueId, t.subscriptionId] })],
);

// ---------------------------------------------------------------------------------------------
// Affiliates
// ---------------------------------------------------------------------------------------------

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

// Totals (clicks, conversions, earnings, balance) are not stored: they are derived from the clicks,
// referrals and payouts they summarise, so a total can never drift from its rows (decision 018).
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

// ---------------------------------------------------------------------------------------------
// Analytics: no cookies, no raw IP; the visitor hash rotates daily.
// ---------------------------------------------------------------------------------------------

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

// ---------------------------------------------------------------------------------------------
// E-mail outbox: written in the transaction of the change that causes the mail.
// ---------------------------------------------------------------------------------------------

export const emailStatuses = ["pending", "sending", "sent", "dead", "dropped"] as const;

export type EmailAttachment = {
  filename: string;
  contentType: string;
  /** base64 */
  content: string;
};

/**
 * A body many messages share (a newsletter issue's 10,000 copies): stored once, each message filling
 * its recipient slot (outbox.server.ts) when it is sent. Queuing then writes small rows only.
 */
export const emailBodies = pgTable("email_bodies", {
  id: uuid("id").primaryKey().defaultRandom(),
  html: text("html").notNull(),
  text: text("text").notNull(),
  headers: jsonb("headers").$type<Record<string, string>>(),
  createdAt: createdAt(),
});

export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind").notNull(),
    to: text("to_address").notNull(),
    cc: text("cc"),
    subject: text("subject").notNull(),
    /** Empty when the message is made from a shared body (body_id). */
    html: text("html").notNull(),
    text: text("text").notNull(),
    bodyId: uuid("body_id").references(() => emailBodies.id),
    /** What this message puts in its shared body's recipient slot (a subscriber's unsubscribe token). */
    bodyFill: text("body_fill"),
    attachments: jsonb("attachments").$type<EmailAttachment[]>().notNull().default([]),
    /** Named values for transports that render their own template (the provider API). */
    templateParams: jsonb("template_params").$type<Record<string, string>>(),
    /** Extra header fields of the message (a mailing's List-Unsubscribe, RFC 8058). */
    headers: jsonb("headers").$type<Record<string, string>>(),
    status: text("status", { enum: emailStatuses }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    index("email_outbox_due_idx").on(t.status, t.nextAttemptAt),
    // The per-address limit of account e-mails counts recent rows by recipient and kind.
    index("email_outbox_recipient_idx").on(t.to, t.kind, t.createdAt),
  ],
);

// ---------------------------------------------------------------------------------------------
// Jobs (server/jobs): work done once across every instance, claimed like the outbox's rows.
// ---------------------------------------------------------------------------------------------

export const jobStatuses = ["pending", "running", "done", "failed"] as const;

export const jobs = pgTable(
  "jobs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    /** With the name, what makes the job one: an issue's id, a recurring job's period. */
    key: text("key").notNull(),
    payload: jsonb("payload").$type<Record<string, string>>().notNull().default({}),
    status: text("status", { enum: jobStatuses }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    /** When it is due; while it runs, when its runner's lease ends. */
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
    createdAt: createdAt(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [unique("jobs_name_key_unique").on(t.name, t.key), index("jobs_due_idx").on(t.status, t.nextAttemptAt)],
);

/** A rate shared by every instance (token-bucket.ts): the tokens left when it was last taken from. */
export const rateBuckets = pgTable("rate_buckets", {
  name: text("name").primaryKey(),
  tokens: doublePrecision("tokens").notNull(),
  takenAt: timestamp("taken_at", { withTimezone: true }).notNull(),
});
