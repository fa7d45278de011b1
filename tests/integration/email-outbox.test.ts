// The outbox against a real SMTP server: first delivery (2 attempts, 1 s × attempt), worker
// retries with back-off, permanent failures, transactions, and an outage that ends.
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { emailOutbox } from "#server/db/schema";
import type { Transports } from "#server/email/delivery.server";
import { DeliveryError } from "#server/email/delivery.server";
import {
  claimLeaseMs,
  deliverClaimed,
  deliverNow,
  dropPendingEmail,
  enqueueEmail,
  FIRST_DELIVERY_GRACE_MS,
  listOutbox,
  outboxInsert,
  recordOutcome,
  resendDeadMessage,
  type NewEmail,
} from "#server/email/outbox.server";
import { createTransports } from "#server/email/transport.server";
import { emailOutboxPass, processDueEmails } from "#server/email/worker.server";
import { retryDelayMs } from "#server/jobs/claim.server";
import { startJobRunner, type Pass } from "#server/jobs/runner.server";
import { parseEnv } from "~/lib/env.server";
import { testDatabases, type TestDatabase } from "../support/databases";
import { freePort } from "../../scripts/support/server-process";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink";

function message(overrides: Partial<NewEmail> = {}): NewEmail {
  return {
    kind: "test",
    to: "visitor@example.com",
    cc: "owner@example.com",
    subject: "Hello",
    html: "<p>Hello</p>",
    text: "Hello\n",
    ...overrides,
  };
}

const inMs = (ms: number) => new Date(Date.now() + ms);
/** A moment when freshly queued rows are due for the worker. */
const afterGrace = () => inMs(FIRST_DELIVERY_GRACE_MS + 1_000);

describe.each(testDatabases.map((d) => [d.name, d] as const))("e-mail outbox on %s", (_name, database) => {
  let db: TestDatabase;
  let sink: SmtpSink;
  let transports: Transports;
  const waits: number[] = [];
  const sleep = async (ms: number) => {
    waits.push(ms);
  };

  beforeAll(async () => {
    db = await database.open();
  });
  afterAll(() => db.close());

  beforeEach(async () => {
    await db.db.delete(emailOutbox);
    waits.length = 0;
    sink = await startSmtpSink();
    transports = createTransports(parseEnv({ SMTP_URL: sink.url, DATA_DIR: db.dataDir }));
  });
  afterEach(async () => {
    transports.close();
    await sink.stop();
  });

  async function row(id: string) {
    const [found] = await db.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    return found!;
  }

  /** Queues `queued` by the caller's own statement, as the booking POST does; the row as read back. */
  async function insertInOwnStatement(queued: NewEmail, claimed: boolean, when: "always" | "never" = "always") {
    const { row, insert } = outboxInsert(queued, { claimed, now: new Date(), source: sql.raw("source") });
    await db.db.execute(sql`with source as (select where ${when === "always"}), queued as (${insert}) select 1`);
    return row;
  }

  it("queues a message claimed by its caller: only that caller sends it, unless its claim lapses", async () => {
    const delivered = await insertInOwnStatement(message({ subject: "claimed, delivered" }), true);
    const abandoned = await insertInOwnStatement(message({ subject: "claimed, abandoned" }), true);
    expect(delivered).toMatchObject({ status: "sending", subject: "claimed, delivered", attempts: 0 });
    // What the caller holds is the row as written.
    expect(await row(delivered.id)).toEqual(delivered);
    // While the claims last, the worker leaves both alone.
    expect(await processDueEmails({ transports, now: afterGrace() })).toMatchObject({ claimed: 0 });

    expect(await deliverClaimed(delivered, { transports, sleep })).toEqual({ ok: true });
    expect(await row(delivered.id)).toMatchObject({ status: "sent", attempts: 1 });
    // A caller that died before sending: the worker takes the row once the claim has lapsed.
    expect(await processDueEmails({ transports, now: inMs(claimLeaseMs() + 1_000) })).toMatchObject({ claimed: 1, sent: 1 });
    expect(await row(abandoned.id)).toMatchObject({ status: "sent" });
    expect(sink.received.map((mail) => mail.messageId?.split("@")[0])).toEqual([delivered.id, abandoned.id]);
  });

  it("queues a message in its caller's statement only when the statement's source has a row", async () => {
    const sendAt = inMs(3 * 60 * 60_000);
    const reminder = await insertInOwnStatement(
      message({
        subject: "later",
        sendAt,
        attachments: [{ filename: "session.ics", contentType: "text/calendar", content: "QkVHSU4=" }],
        templateParams: { name: "Ada \"Lovelace\"" },
      }),
      false,
    );
    const skipped = await insertInOwnStatement(message({ subject: "skipped" }), false, "never");
    expect(await row(reminder.id)).toEqual({ ...reminder, status: "pending", nextAttemptAt: sendAt });
    expect(await db.db.select({ id: emailOutbox.id }).from(emailOutbox)).toEqual([{ id: reminder.id }]);
    expect(skipped.subject).toBe("skipped");
  });

  it("keeps a message only if the transaction that queued it commits", async () => {
    const rolledBack = db.db.transaction(async (tx) => {
      await enqueueEmail(message({ subject: "rolled back" }), tx);
      throw new Error("the booking failed");
    });
    await expect(rolledBack).rejects.toThrow("the booking failed");
    const committed = await db.db.transaction((tx) => enqueueEmail(message({ subject: "committed" }), tx));

    const rows = await db.db.select({ id: emailOutbox.id, subject: emailOutbox.subject, status: emailOutbox.status }).from(emailOutbox);
    expect(rows).toEqual([{ id: committed.id, subject: "committed", status: "pending" }]);
    const run = await processDueEmails({ transports, now: afterGrace() });
    expect(run).toMatchObject({ claimed: 1, sent: 1 });
    expect(sink.received.map((mail) => mail.messageId?.split("@")[0])).toEqual([committed.id]);
  });

  it("delivers the message with its recipients, both parts and attachments", async () => {
    const { id } = await enqueueEmail(
      message({
        subject: "Your session",
        attachments: [{ filename: "session.ics", contentType: "text/calendar", content: Buffer.from("BEGIN:VCALENDAR").toString("base64") }],
      }),
      db.db,
    );
    expect(await deliverNow(id, { transports, sleep })).toEqual({ ok: true });
    expect(sink.received).toHaveLength(1);
    const [mail] = sink.received;
    expect(mail!.rcptTo.sort()).toEqual(["owner@example.com", "visitor@example.com"]);
    expect(mail!.raw).toContain("Subject: Your session");
    expect(mail!.raw).toMatch(/Content-Type: text\/plain/);
    expect(mail!.raw).toMatch(/Content-Type: text\/html/);
    expect(mail!.raw).toMatch(/filename=session\.ics/);
    expect(await row(id)).toMatchObject({ status: "sent", attempts: 1, lastError: null });
  });

  it("450 then 250: delivered once after 2 attempts, waiting 1 s in between", async () => {
    sink.reply = (attempt) => (attempt === 1 ? { code: 450, message: "Mailbox busy, try again" } : undefined);
    const { id } = await enqueueEmail(message(), db.db);
    expect(await deliverNow(id, { transports, sleep })).toEqual({ ok: true });
    expect(waits).toEqual([1_000]);
    expect(sink.deliveriesOf(id)).toBe(1);
    const sent = await row(id);
    expect(sent).toMatchObject({ status: "sent", attempts: 2 });
    expect(sent.lastError).toBeNull();
    expect(sent.sentAt).toBeInstanceOf(Date);
    // Nothing is left for the worker.
    expect(await processDueEmails({ transports, now: inMs(3_600_000) })).toMatchObject({ claimed: 0 });
    expect(sink.deliveriesOf(id)).toBe(1);
  });

  it("550: dead after 1 attempt, with the reply kept as the last error", async () => {
    sink.reply = () => ({ code: 550, message: "Mailbox unavailable" });
    const { id } = await enqueueEmail(message(), db.db);
    const result = await deliverNow(id, { transports, sleep });
    expect(result).toEqual({ ok: false, error: "SMTP 550: Mailbox unavailable", attempts: 1 });
    expect(waits).toEqual([]);
    expect(await row(id)).toMatchObject({ status: "dead", attempts: 1, lastError: "SMTP 550: Mailbox unavailable" });
    expect(await processDueEmails({ transports, now: inMs(48 * 3_600_000) })).toMatchObject({ claimed: 0 });
    expect(sink.received).toHaveLength(0);
  });

  it("a recipient refused with 550 at RCPT TO is permanent too", async () => {
    sink.replyToRecipient = () => ({ code: 550, message: "No such user here" });
    const { id } = await enqueueEmail(message({ cc: null }), db.db);
    const result = await deliverNow(id, { transports, sleep });
    expect(result).toMatchObject({ ok: false, attempts: 1 });
    expect((await row(id)).status).toBe("dead");
  });

  it("450 twice: the first delivery reports the failure and the worker delivers later", async () => {
    sink.reply = (attempt) => (attempt <= 2 ? { code: 451, message: "Local error, try later" } : undefined);
    const { id } = await enqueueEmail(message(), db.db);
    const result = await deliverNow(id, { transports, sleep });
    expect(result).toEqual({ ok: false, error: "SMTP 451: Local error, try later", attempts: 2 });
    const pending = await row(id);
    expect(pending).toMatchObject({ status: "pending", attempts: 2, lastError: "SMTP 451: Local error, try later" });
    // Back-off: not due before its next attempt time.
    expect(pending.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(Date.now() + retryDelayMs(2) - 5_000);
    expect(await processDueEmails({ transports, now: new Date() })).toMatchObject({ claimed: 0 });
    expect(await processDueEmails({ transports, now: inMs(retryDelayMs(2) + 1_000) })).toMatchObject({ claimed: 1, sent: 1 });
    expect(await row(id)).toMatchObject({ status: "sent", attempts: 3 });
    expect(sink.deliveriesOf(id)).toBe(1);
  });

  it("SMTP down for a while, then up: every queued message is delivered exactly once", async () => {
    await sink.stop();
    transports.close();
    const port = await freePort();
    transports = createTransports(parseEnv({ SMTP_URL: `smtp://127.0.0.1:${port}`, DATA_DIR: db.dataDir }));

    const ids: string[] = [];
    for (let index = 0; index < 6; index++) {
      ids.push((await db.db.transaction((tx) => enqueueEmail(message({ subject: `Message ${index}` }), tx))).id);
    }
    // The first delivery of one of them fails with the network error, after 2 attempts.
    const first = await deliverNow(ids[0]!, { transports, sleep });
    expect(first).toMatchObject({ ok: false, attempts: 2 });
    expect(first.ok === false && first.error).toMatch(/^SMTP connection failed/);

    // The worker keeps trying while the server is down: all stay queued, none dropped.
    let clock = afterGrace();
    for (let pass = 0; pass < 3; pass++) {
      await processDueEmails({ transports, now: clock });
      clock = new Date(clock.getTime() + 2 * 3_600_000);
    }
    const whileDown = await db.db.select().from(emailOutbox);
    expect(whileDown).toHaveLength(6);
    for (const queued of whileDown) {
      expect(queued.status).toBe("pending");
      expect(queued.attempts).toBeGreaterThanOrEqual(3);
      expect(queued.lastError).toMatch(/^SMTP connection failed/);
    }

    sink = await startSmtpSink(port);
    const run = await processDueEmails({ transports, now: clock });
    expect(run).toEqual({ claimed: 6, sent: 6, retrying: 0, dead: 0 });
    expect(await processDueEmails({ transports, now: new Date(clock.getTime() + 48 * 3_600_000) })).toMatchObject({ claimed: 0 });
    for (const id of ids) expect(sink.deliveriesOf(id)).toBe(1);
    expect(sink.received).toHaveLength(6);
    const statuses = await db.db.select({ status: emailOutbox.status }).from(emailOutbox);
    expect(statuses.every((entry) => entry.status === "sent")).toBe(true);
  });

  it("gives up after 24 hours of temporary failures, and Resend queues it again", async () => {
    sink.reply = () => ({ code: 421, message: "Service not available" });
    const { id } = await enqueueEmail(message(), db.db);
    let clock = afterGrace();
    let passes = 0;
    while ((await row(id)).status === "pending") {
      await processDueEmails({ transports, now: clock });
      clock = new Date((await row(id)).nextAttemptAt.getTime() + 1);
      passes++;
      expect(passes).toBeLessThan(100);
    }
    const dead = await row(id);
    expect(dead.status).toBe("dead");
    expect(dead.lastError).toBe("SMTP 421: Service not available (gave up after 24 hours of retries)");
    // The back-off between its attempts covers 24 hours, no more than one extra hour.
    let backoff = 0;
    for (let attempt = 1; attempt < dead.attempts; attempt++) backoff += retryDelayMs(attempt);
    expect(backoff).toBeLessThanOrEqual(24 * 3_600_000);
    expect(backoff + retryDelayMs(dead.attempts)).toBeGreaterThan(24 * 3_600_000);

    sink.reply = () => undefined;
    expect(await resendDeadMessage(id, { transports, sleep })).toEqual({ ok: true });
    expect(await row(id)).toMatchObject({ status: "sent", attempts: 1 });
    expect(sink.deliveriesOf(id)).toBe(1);
    // Only dead messages can be resent.
    expect(await resendDeadMessage(id, { transports, sleep })).toBeUndefined();
  });

  it("records messages sent together in one statement, each with its own attempts and time; a row no longer claimed stays as it is", async () => {
    const rows = await Promise.all(Array.from({ length: 20 }, (_, i) => insertInOwnStatement(message({ subject: `together ${i}` }), true)));
    // One of them was sent before (a retry), one lost its claim to another sender meanwhile.
    const retried = { ...rows[3]!, attempts: 2 };
    const reclaimed = rows[7]!;
    await db.db.update(emailOutbox).set({ status: "pending" }).where(eq(emailOutbox.id, reclaimed.id));
    const sentAt = (i: number) => new Date(Date.UTC(2026, 10, 26, 12, 0, i));
    const outcomes = await Promise.all(
      rows.map((claimed, i) => recordOutcome(i === 3 ? retried : claimed, 1, undefined, sentAt(i), db.db)),
    );
    expect(outcomes.map((outcome) => outcome.status)).toEqual(rows.map(() => "sent"));
    const stored = await db.db
      .select({ id: emailOutbox.id, status: emailOutbox.status, attempts: emailOutbox.attempts, sentAt: emailOutbox.sentAt })
      .from(emailOutbox);
    const byId = new Map(stored.map((entry) => [entry.id, entry]));
    rows.forEach((claimed, i) => {
      const expected =
        claimed.id === reclaimed.id
          ? { status: "pending", attempts: 0, sentAt: null }
          : { status: "sent", attempts: i === 3 ? 3 : 1, sentAt: sentAt(i) };
      expect(byId.get(claimed.id)).toEqual({ id: claimed.id, ...expected });
    });
  });

  it("does not wait for a message someone else already sent", async () => {
    const { id } = await enqueueEmail(message(), db.db);
    expect(await deliverNow(id, { transports, sleep })).toEqual({ ok: true });
    expect(await deliverNow(id, { transports, sleep })).toEqual({ ok: true });
    expect(sink.deliveriesOf(id)).toBe(1);
  });

  it("reclaims a message whose sender died mid-send once the claim expires", async () => {
    const { id } = await enqueueEmail(message(), db.db);
    // A claim taken by a sender that never recorded an outcome.
    await db.db.update(emailOutbox).set({ status: "sending", nextAttemptAt: inMs(5 * 60_000) }).where(eq(emailOutbox.id, id));
    expect(await processDueEmails({ transports, now: inMs(60_000) })).toMatchObject({ claimed: 0 });
    expect(await processDueEmails({ transports, now: inMs(6 * 60_000) })).toMatchObject({ claimed: 1, sent: 1 });
    expect(sink.deliveriesOf(id)).toBe(1);
  });

  /** A pass that counts its rounds: the test waits for rounds, not for a fixed time. */
  function counted(pass: Pass) {
    const counter = {
      rounds: 0,
      pass: {
        ...pass,
        run: async () => {
          counter.rounds += 1;
          return pass.run();
        },
      },
    };
    return counter;
  }

  it("the job runner started with the server delivers due rows by itself and stops cleanly", async () => {
    const { id } = await enqueueEmail(message(), db.db);
    const sender = counted(emailOutboxPass({ transports, everyMs: 20 }));
    const runner = startJobRunner({ jobs: [], passes: [sender.pass] });
    let roundsAtStop: number;
    try {
      // Within the first-delivery grace the sender leaves the row alone, round after round…
      const seen = sender.rounds;
      await vi.waitFor(() => expect(sender.rounds).toBeGreaterThanOrEqual(seen + 3), { timeout: 10_000, interval: 10 });
      expect((await row(id)).status).toBe("pending");
      // …once it is due, the sender sends it.
      await db.db.update(emailOutbox).set({ nextAttemptAt: new Date(Date.now() - 1_000) }).where(eq(emailOutbox.id, id));
      await vi.waitFor(async () => expect((await row(id)).status).toBe("sent"), { timeout: 10_000, interval: 20 });
    } finally {
      await runner.stop();
      roundsAtStop = sender.rounds;
    }
    expect(sink.deliveriesOf(id)).toBe(1);
    // Stopped: a newly due row stays queued while another runner's passes go round three times.
    const later = await enqueueEmail(message(), db.db);
    await db.db.update(emailOutbox).set({ nextAttemptAt: new Date(Date.now() - 1_000) }).where(eq(emailOutbox.id, later.id));
    const witness = counted({ name: "witness", everyMs: 20, run: async () => false });
    const other = startJobRunner({ jobs: [], passes: [witness.pass] });
    await vi.waitFor(() => expect(witness.rounds).toBeGreaterThanOrEqual(3), { timeout: 10_000, interval: 10 });
    await other.stop();
    expect(sender.rounds).toBe(roundsAtStop);
    expect((await row(later.id)).status).toBe("pending");
  });

  it("a dropped message (a cancelled booking's reminder) is never claimed or sent, and only a pending one can be dropped", async () => {
    const reminder = await enqueueEmail(message({ kind: "booking_reminder", sendAt: inMs(3_600_000) }), db.db);
    const other = await enqueueEmail(message({ subject: "Still wanted" }), db.db);
    expect(await dropPendingEmail(reminder.id, "Not sent: the booking was cancelled", db.db)).toBe(true);
    expect(await row(reminder.id)).toMatchObject({
      status: "dropped",
      attempts: 0,
      lastError: "Not sent: the booking was cancelled",
      sentAt: null,
    });
    // Dropping it twice changes nothing.
    expect(await dropPendingEmail(reminder.id, "again", db.db)).toBe(false);
    expect((await row(reminder.id)).lastError).toBe("Not sent: the booking was cancelled");

    // Long after its send time, the worker claims only the other message.
    expect(await processDueEmails({ transports, now: inMs(48 * 3_600_000) })).toEqual({ claimed: 1, sent: 1, retrying: 0, dead: 0 });
    expect(await processDueEmails({ transports, now: inMs(96 * 3_600_000) })).toMatchObject({ claimed: 0 });
    expect(await dropPendingEmail(other.id, "too late", db.db)).toBe(false);
    expect(await row(other.id)).toMatchObject({ status: "sent", lastError: null });
    // A first delivery asked for it by mistake does not send it either.
    expect(await deliverNow(reminder.id, { transports, sleep })).toEqual({
      ok: false,
      error: "Not sent: the booking was cancelled",
      attempts: 0,
    });
    expect(sink.deliveriesOf(reminder.id)).toBe(0);
    expect(sink.received).toHaveLength(1);
    expect((await row(reminder.id)).status).toBe("dropped");
  });

  it("Resend refuses a dropped message; the viewer counts it as dropped, not dead", async () => {
    const { id } = await enqueueEmail(message({ kind: "booking_reminder", sendAt: inMs(3_600_000) }), db.db);
    expect(await dropPendingEmail(id, "Not sent: the booking was cancelled", db.db)).toBe(true);

    expect(await resendDeadMessage(id, { transports, sleep })).toBeUndefined();
    expect(await row(id)).toMatchObject({ status: "dropped", attempts: 0, lastError: "Not sent: the booking was cancelled" });
    expect(await processDueEmails({ transports, now: inMs(48 * 3_600_000) })).toMatchObject({ claimed: 0 });
    expect(sink.received).toHaveLength(0);

    const all = await listOutbox({}, db.db);
    expect(all.countByStatus).toMatchObject({ dropped: 1, dead: 0, pending: 0 });
    expect(all.rows.map((listed) => [listed.id, listed.status])).toEqual([[id, "dropped"]]);
    expect((await listOutbox({ status: "dead" }, db.db)).rows).toEqual([]);
    expect((await listOutbox({ status: "dropped" }, db.db)).rows.map((listed) => listed.id)).toEqual([id]);
  });

  it("treats an unexpected transport error as temporary", async () => {
    const { id } = await enqueueEmail(message(), db.db);
    const broken: Transports = {
      forMessage: () => ({ name: "file", send: async () => Promise.reject(new TypeError("boom")) }),
      close: () => {},
    };
    expect(await processDueEmails({ transports: broken, now: afterGrace() })).toMatchObject({ retrying: 1 });
    expect(await row(id)).toMatchObject({ status: "pending", attempts: 1, lastError: "boom" });
    const permanent: Transports = {
      forMessage: () => ({ name: "file", send: async () => Promise.reject(new DeliveryError("refused", true)) }),
      close: () => {},
    };
    expect(await processDueEmails({ transports: permanent, now: inMs(3_600_000) })).toMatchObject({ dead: 1 });
    expect(await row(id)).toMatchObject({ status: "dead", attempts: 2, lastError: "refused" });
  });
});
