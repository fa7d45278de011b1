// The server's own tables: the e-mail outbox and its shared bodies, the site's rate-limit counters,
// the jobs and their shared rates, the backups taken. Each feature keeps its tables in app/features/<name>/schema.ts;
// drizzle.config.ts gathers them all for the migrations.
import {
  bigint,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt } from "./columns";

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

export const backupStatuses = ["done", "failed"] as const;

/**
 * Every backup taken (server/backup/): where its archive went and how big it is, or why it failed.
 * The admin pages read the newest of each.
 */
export const backups = pgTable(
  "backups",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    status: text("status", { enum: backupStatuses }).notNull(),
    /** A file path or an s3:// address; empty when it failed. */
    location: text("location").notNull().default(""),
    sizeBytes: bigint("size_bytes", { mode: "number" }).notNull().default(0),
    error: text("error"),
    createdAt: createdAt(),
  },
  (t) => [index("backups_status_created_idx").on(t.status, t.createdAt)],
);
