// The booking feature's tables: bookings, the owner's unavailable times, the feature's settings, and
// the owner's calendars with the busy times fetched from them.
import { sql } from "drizzle-orm";
import {
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "#server/db/columns";
import { emailOutbox } from "#server/db/schema";

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
    /** The booking's version, raised by every move and the cancel: its .ics SEQUENCE, and what makes a reschedule link work once. */
    sequence: integer("sequence").notNull().default(0),
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

/** The booking feature's settings, one row per key: the owner's calendar feed secret (created on first use). */
export const bookingSettings = pgTable("booking_settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  updatedAt: updatedAt(),
});

/** The owner's calendars (iCalendar addresses) whose busy times take slots off /booking; fetched by a recurring job. */
export const calendarSources = pgTable("calendar_sources", {
  id: uuid("id").primaryKey().defaultRandom(),
  url: text("url").notNull().unique(),
  /** The last fetch that worked, and how many busy intervals it left. */
  fetchedAt: timestamp("fetched_at", { withTimezone: true }),
  busyCount: integer("busy_count").notNull().default(0),
  /** The last fetch's error (cleared by a success), and since when fetches fail without a break. */
  lastError: text("last_error"),
  lastErrorAt: timestamp("last_error_at", { withTimezone: true }),
  failingSince: timestamp("failing_since", { withTimezone: true }),
  /** The owner was e-mailed about this run of failures (once per run). */
  failureNotifiedAt: timestamp("failure_notified_at", { withTimezone: true }),
  createdAt: createdAt(),
});

/** Busy times from the owner's calendars, as last fetched; a source's rows are replaced whole. */
export const calendarBusy = pgTable(
  "calendar_busy",
  {
    sourceId: uuid("source_id")
      .notNull()
      .references(() => calendarSources.id, { onDelete: "cascade" }),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("calendar_busy_source_idx").on(t.sourceId), index("calendar_busy_range_idx").on(t.startsAt, t.endsAt)],
);
