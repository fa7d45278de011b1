// The e-mail provider API transport against a local HTTP server playing the provider: the request
// it sends, and its answers 451, 403, 429 and a network failure mapped to the spec's texts.
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { emailOutbox } from "#server/db/schema";
import type { Transports } from "#server/email/delivery.server";
import { deliverNow, enqueueEmail } from "#server/email/outbox.server";
import { verificationEmail } from "~/features/auth/email-templates.server";
import { bookingConfirmationEmail } from "~/features/booking/email-templates.server";
import { BOOKING_CONFIRMATION_KIND, createTransports } from "#server/email/transport.server";
import { processDueEmails } from "#server/email/worker.server";
import { getEnv, parseEnv } from "~/lib/env.server";
import { testDatabases, type TestDatabase } from "../support/databases";
import { startFakeProvider, type FakeProvider } from "../support/email-provider";
import { freePort } from "../../scripts/support/server-process";

const providerSettings = {
  EMAILJS_SERVICE_ID: "service_test",
  EMAILJS_TEMPLATE_ID: "template_booking",
  EMAILJS_PUBLIC_KEY: "public_key_123",
  EMAILJS_PRIVATE_KEY: "private_key_456",
};

const confirmation = () =>
  bookingConfirmationEmail({
    bookingRef: "booking_1767312000000",
    firstName: "Ada",
    lastName: "Lovelace",
    email: "ada@example.com",
    phone: "316-555-0100",
    sessionDate: "2026-03-09",
    sessionTime: "09:00",
    sessionDuration: 60,
    projectType: "Quality Control Systems",
    projectDescription: "Scrap rate on titanium brackets is too high.",
    experienceLevel: "beginner",
    specificGoals: "",
    additionalRequirements: null,
    startsAt: new Date("2026-03-09T14:00:00Z"),
    endsAt: new Date("2026-03-09T15:00:00Z"),
    createdAt: new Date("2026-03-01T12:00:00Z"),
  });

describe.each(testDatabases.map((d) => [d.name, d] as const))("provider API transport on %s", (_name, database) => {
  let db: TestDatabase;
  let provider: FakeProvider;
  let transports: Transports;
  const sleep = async () => {};

  beforeAll(async () => {
    db = await database.open();
  });
  afterAll(() => db.close());
  beforeEach(async () => {
    await db.db.delete(emailOutbox);
    fs.rmSync(path.join(db.dataDir, "mail"), { recursive: true, force: true });
    provider = await startFakeProvider();
    transports = createTransports(parseEnv({ ...providerSettings, EMAILJS_API_URL: provider.url, DATA_DIR: db.dataDir }));
  });
  afterEach(async () => {
    transports.close();
    await provider.stop();
  });

  async function enqueueConfirmation() {
    const email = confirmation();
    return (await db.db.transaction((tx) => enqueueEmail({ kind: BOOKING_CONFIRMATION_KIND, to: "ada@example.com", ...email }, tx))).id;
  }
  async function row(id: string) {
    const [found] = await db.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    return found!;
  }

  it("posts the spec's JSON with template_params and records the message as sent", async () => {
    const id = await enqueueConfirmation();
    expect(await deliverNow(id, { transports, sleep })).toEqual({ ok: true });
    expect(provider.requests).toHaveLength(1);
    const [request] = provider.requests;
    expect(request).toMatchObject({ method: "POST", path: "/api/v1.0/email/send", contentType: "application/json" });
    expect(request!.body).toEqual({
      lib_version: "4.4.1",
      user_id: "public_key_123",
      service_id: "service_test",
      template_id: "template_booking",
      accessToken: "private_key_456",
      template_params: {
        to_email: "ada@example.com",
        cc_email: getEnv().OWNER_EMAIL,
        booking_id: "booking_1767312000000",
        first_name: "Ada",
        last_name: "Lovelace",
        email: "ada@example.com",
        phone: "316-555-0100",
        session_date: "3/9/2026",
        session_time: "09:00",
        session_duration: "60",
        project_type: "Quality Control Systems",
        project_description: "Scrap rate on titanium brackets is too high.",
        experience_level: "beginner",
        specific_goals: "Not specified",
        additional_requirements: "None",
      },
    });
    expect(await row(id)).toMatchObject({ status: "sent", attempts: 1 });
  });

  it.each([
    [451, "Unavailable For Headless Browser"],
    [403, "Forbidden"],
  ])("%i is permanent: '%s' after one attempt", async (status, text) => {
    provider.answer = () => ({ status, text: "refused by the provider" });
    const id = await enqueueConfirmation();
    expect(await deliverNow(id, { transports, sleep })).toEqual({ ok: false, error: text, attempts: 1 });
    expect(provider.requests).toHaveLength(1);
    expect(await row(id)).toMatchObject({ status: "dead", attempts: 1, lastError: text });
  });

  it("429 is temporary: 'Too Many Requests' after 2 attempts, then the worker delivers it", async () => {
    provider.answer = (_request, index) => (index < 2 ? { status: 429, text: "slow down" } : { status: 200, text: "OK" });
    const id = await enqueueConfirmation();
    expect(await deliverNow(id, { transports, sleep })).toEqual({ ok: false, error: "Too Many Requests", attempts: 2 });
    expect(await row(id)).toMatchObject({ status: "pending", attempts: 2, lastError: "Too Many Requests" });
    expect(await processDueEmails({ transports, now: new Date(Date.now() + 3_600_000) })).toMatchObject({ sent: 1 });
    expect(provider.requests).toHaveLength(3);
    expect(await row(id)).toMatchObject({ status: "sent", attempts: 3 });
  });

  it("a 5xx answer is temporary and keeps the provider's text", async () => {
    provider.answer = () => ({ status: 503, text: "Service temporarily unavailable" });
    const id = await enqueueConfirmation();
    expect(await deliverNow(id, { transports, sleep })).toEqual({ ok: false, error: "Service temporarily unavailable", attempts: 2 });
    expect((await row(id)).status).toBe("pending");
  });

  it("another 4xx answer is permanent and keeps the provider's text", async () => {
    provider.answer = () => ({ status: 400, text: "The template ID is invalid" });
    const id = await enqueueConfirmation();
    expect(await deliverNow(id, { transports, sleep })).toEqual({ ok: false, error: "The template ID is invalid", attempts: 1 });
    expect((await row(id)).status).toBe("dead");
  });

  it("an unreachable provider is 'Network Error', retried later", async () => {
    transports.close();
    transports = createTransports(
      parseEnv({ ...providerSettings, EMAILJS_API_URL: `http://127.0.0.1:${await freePort()}`, DATA_DIR: db.dataDir }),
    );
    const id = await enqueueConfirmation();
    expect(await deliverNow(id, { transports, sleep })).toEqual({ ok: false, error: "Network Error", attempts: 2 });
    expect(await row(id)).toMatchObject({ status: "pending", lastError: "Network Error" });
  });

  it("other kinds of e-mail go to the general transport (.eml files here), never to the provider", async () => {
    const { id } = await enqueueEmail(
      {
        kind: "account_verification",
        to: "ada@example.com",
        ...verificationEmail({ url: "https://example.com/verify?token=abc", email: "ada@example.com" }),
      },
      db.db,
    );
    expect(await deliverNow(id, { transports, sleep })).toEqual({ ok: true });
    expect(provider.requests).toHaveLength(0);
    const files = fs.readdirSync(path.join(db.dataDir, "mail"));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(new RegExp(`-account_verification-${id}\\.eml$`));
    const eml = fs.readFileSync(path.join(db.dataDir, "mail", files[0]!), "utf8");
    expect(eml).toContain("To: ada@example.com");
    expect(eml).toContain(`Message-ID: <${id}@localhost>`);
    expect(eml).toContain("https://example.com/verify?token=3Dabc"); // quoted-printable
  });

  it("with an incomplete provider configuration, booking confirmations use the general transport", async () => {
    transports.close();
    transports = createTransports(
      parseEnv({ EMAILJS_SERVICE_ID: "service_test", EMAILJS_API_URL: provider.url, DATA_DIR: db.dataDir }),
    );
    const id = await enqueueConfirmation();
    expect(await deliverNow(id, { transports, sleep })).toEqual({ ok: true });
    expect(provider.requests).toHaveLength(0);
    const [file] = fs.readdirSync(path.join(db.dataDir, "mail"));
    const eml = fs.readFileSync(path.join(db.dataDir, "mail", file!), "utf8");
    expect(eml).toMatch(/Cc: owner@example\.com/);
    expect(eml).toMatch(/filename=assessment\.ics/);
  });
});
