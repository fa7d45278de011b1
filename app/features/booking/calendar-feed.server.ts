// The owner's private calendar feed (/calendar/{secret}.ics): the bookings of the last 30 days and
// every future one, for Google, Outlook or Apple Calendar to subscribe to. Each event has the UID of
// the booking's e-mailed .ics (one event in the calendar, not two); a cancelled booking stays in
// the feed as STATUS:CANCELLED so a subscribed calendar removes it; SEQUENCE is the booking's version. The secret lives in
// booking_settings, made on first use; rotating it makes the old address answer 404.
import crypto from "node:crypto";
import { asc, eq, gte } from "drizzle-orm";
import ical, { ICalEventStatus, ICalEventTransparency } from "ical-generator";
import { site } from "~/content/site";
import { getEnv } from "~/lib/env.server";
import { getDb, type Executor } from "#server/db/client.server";
import { bookingFormColumns } from "./booking.server";
import { bookingEventUid } from "./email-templates.server";
import { EXPERIENCE_LEVEL_LABELS } from "./form-options";
import { bookings, bookingSettings } from "./schema";

const FEED_SECRET_KEY = "calendar_feed_secret";
/** How far back the feed reaches: recent sessions stay visible after they happened. */
export const FEED_PAST_DAYS = 30;
const secretPattern = /^[A-Za-z0-9_-]{32,64}$/;

const newSecret = () => crypto.randomBytes(24).toString("base64url");

/** The feed's secret, made the first time anyone asks. */
export async function getFeedSecret(executor: Executor = getDb()): Promise<string> {
  await executor.insert(bookingSettings).values({ key: FEED_SECRET_KEY, value: newSecret() }).onConflictDoNothing();
  const [row] = await executor.select({ value: bookingSettings.value }).from(bookingSettings).where(eq(bookingSettings.key, FEED_SECRET_KEY));
  return row!.value;
}

/** A new secret: the old address stops working at once. */
export async function rotateFeedSecret(executor: Executor = getDb()): Promise<string> {
  const value = newSecret();
  await executor
    .insert(bookingSettings)
    .values({ key: FEED_SECRET_KEY, value })
    .onConflictDoUpdate({ target: bookingSettings.key, set: { value, updatedAt: new Date() } });
  return value;
}

export const feedPath = (secret: string) => `/calendar/${secret}.ics`;

/** True when `secret` is the feed's secret; compared in constant time. */
export async function isFeedSecret(secret: string, executor: Executor = getDb()): Promise<boolean> {
  if (!secretPattern.test(secret)) return false;
  const [row] = await executor.select({ value: bookingSettings.value }).from(bookingSettings).where(eq(bookingSettings.key, FEED_SECRET_KEY));
  if (!row) return false;
  const given = Buffer.from(secret);
  const stored = Buffer.from(row.value);
  return given.length === stored.length && crypto.timingSafeEqual(given, stored);
}

const STATUS: Record<(typeof bookings.$inferSelect)["status"], ICalEventStatus> = {
  pending: ICalEventStatus.TENTATIVE,
  confirmed: ICalEventStatus.CONFIRMED,
  completed: ICalEventStatus.CONFIRMED,
  cancelled: ICalEventStatus.CANCELLED,
};

/** The feed's iCalendar text at `now`. */
export async function calendarFeed(now = new Date(), executor: Executor = getDb()): Promise<string> {
  const { SITE_URL: siteUrl } = getEnv();
  const rows = await executor
    .select({
      ...bookingFormColumns,
      id: bookings.id,
      startsAt: bookings.startsAt,
      endsAt: bookings.endsAt,
      status: bookings.status,
      createdAt: bookings.createdAt,
      cancelledAt: bookings.cancelledAt,
      sequence: bookings.sequence,
    })
    .from(bookings)
    .where(gte(bookings.endsAt, new Date(now.getTime() - FEED_PAST_DAYS * 24 * 60 * 60_000)))
    .orderBy(asc(bookings.startsAt));
  const calendar = ical({
    prodId: { company: site.businessName, product: "Assessment bookings", language: "EN" },
    name: `${site.name}: assessment bookings`,
    // Calendar apps that honour it poll this often (Google decides for itself).
    ttl: 15 * 60,
  });
  for (const row of rows) {
    const name = `${row.firstName} ${row.lastName}`;
    calendar.createEvent({
      id: bookingEventUid(row.bookingRef, siteUrl),
      // The booking's version, raised by a move or a cancel: calendars take the newest copy.
      sequence: row.sequence,
      start: row.startsAt,
      end: row.endsAt,
      stamp: row.cancelledAt ?? row.createdAt,
      created: row.createdAt,
      summary: `Assessment: ${name}`,
      description: [
        `${name}`,
        `E-mail: ${row.email}`,
        `Phone: ${row.phone}`,
        `Duration: ${row.sessionDuration} minutes`,
        `Focus area: ${row.projectType}`,
        `Manufacturing scale: ${EXPERIENCE_LEVEL_LABELS[row.experienceLevel]}`,
        `Project: ${row.projectDescription}`,
        row.specificGoals ? `Goals: ${row.specificGoals}` : null,
        row.additionalRequirements ? `Requirements: ${row.additionalRequirements}` : null,
        `Booking ID: ${row.bookingRef}`,
        `Status: ${row.status}`,
      ]
        .filter((line) => line !== null)
        .join("\n"),
      url: `${siteUrl}/admin/bookings/${row.id}`,
      status: STATUS[row.status],
      transparency: row.status === "cancelled" ? ICalEventTransparency.TRANSPARENT : ICalEventTransparency.OPAQUE,
    });
  }
  return `${calendar.toString()}\r\n`;
}
