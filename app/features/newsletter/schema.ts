// The newsletter feature's tables: subscribers, issues and who has been sent which issue.
import { sql } from "drizzle-orm";
import {
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt } from "#server/db/columns";
import { emailBodies, emailOutbox } from "#server/db/schema";
import { blogPosts } from "~/features/blog/schema";

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
