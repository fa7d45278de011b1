// The booking limit holds across instances: two production servers on one PostgreSQL database
// take 30 bookings from one client (its address set by X-Forwarded-For; loopback is the trusted
// proxy) at once, for 30 different slots. The first N succeed, the rest get the limit's message,
// and the owner gets one notice. Needs TEST_DATABASE_URL (in CI, its absence fails the run) and `npm run build`.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type OpenDatabase } from "#server/db/client.server";
import { emailOutbox } from "#server/db/schema";
import { bookings } from "~/features/booking/schema";
import { RATE_LIMIT_NOTICE_KIND } from "#server/email/rate-limit-notice.server";
import { bookingFields } from "../../scripts/support/booking-fields";
import { createPostgresDatabase, tempDir } from "../../scripts/support/databases";
import { startServerProcess, stopServerProcess, type ServerProcess } from "../../scripts/support/server-process";
import { hasTestPostgres } from "../support/environment";

const LIMIT = 7;
const OWNER = "limits-owner@example.test";
const CLIENT = "198.51.100.23";

describe.runIf(hasTestPostgres())("30 bookings from one client across two instances on one PostgreSQL", () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let servers: ServerProcess[] = [];
  let reader: OpenDatabase;

  beforeAll(async () => {
    database = await createPostgresDatabase();
    const env = {
      DATABASE_URL: database.url,
      OWNER_EMAIL: OWNER,
      RATE_LIMIT_BOOKING_PER_CLIENT: `${LIMIT}/1h`,
      LOG_LEVEL: "warn",
    };
    // One after the other: the first applies the migrations.
    for (let i = 0; i < 2; i++) servers.push(await startServerProcess({ ...env, DATA_DIR: tempDir("limit-instance-") }));
    reader = await openDatabase({ databaseUrl: database.url, dataDir: tempDir("limit-reader-") });
  });
  afterAll(async () => {
    await Promise.all(servers.map(stopServerProcess));
    await reader?.close();
    await database?.drop();
  });

  it(`books the first ${LIMIT}, refuses the rest with the limit's message, and tells the owner once`, async () => {
    const attempts = Array.from({ length: 30 }, (_, i) => {
      const server = servers[i % 2]!;
      const form = new URLSearchParams(
        bookingFields(i, { email: `grace-${i}@example.com`, firstDay: 10, description: "Thirty requests in a minute from one address." }),
      );
      return fetch(`${server.url}/booking`, {
        method: "POST",
        redirect: "manual",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          origin: server.url,
          "sec-fetch-site": "same-origin",
          "x-forwarded-for": CLIENT,
        },
        body: form,
      }).then(async (response) => ({ status: response.status, body: await response.text(), retryAfter: response.headers.get("retry-after") }));
    });
    const answers = await Promise.all(attempts);
    const booked = answers.filter((answer) => answer.status === 302);
    const refused = answers.filter((answer) => answer.status === 429);
    expect(booked).toHaveLength(LIMIT);
    expect(refused).toHaveLength(30 - LIMIT);
    for (const answer of refused) {
      expect(answer.body).toMatch(/Too many booking requests from your network address\. Please try again in (59|60) minutes\./);
      expect(Number(answer.retryAfter)).toBeGreaterThan(58 * 60);
    }
    expect(await reader.db.select({ id: bookings.id }).from(bookings)).toHaveLength(LIMIT);

    // Stopping waits for each server's notices to be queued.
    await Promise.all(servers.map(stopServerProcess));
    const notices = await reader.db.select().from(emailOutbox).where(eq(emailOutbox.kind, RATE_LIMIT_NOTICE_KIND));
    expect(notices.map((notice) => [notice.to, notice.subject])).toEqual([[OWNER, "Rate limit reached: booking requests"]]);
  });
});
