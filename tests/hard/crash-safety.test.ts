// Crash safety: the production server under mixed load (bookings, newsletter sign-ups, checkouts
// paid on the built-in test checkout, the admin saving posts), killed with SIGKILL at a random
// moment, restarted on the same database, several times, on PGlite and on PostgreSQL; the first
// kill comes while a newsletter issue to 1,500 subscribers is being queued. Afterwards: every
// request that got a success answer is there; every order is paid and fulfilled once (one
// confirmation, even when Pay is pressed again after the restart); the issue was taken up again
// after the restarts and every subscriber has exactly one copy; every committed e-mail is delivered
// (at least once: a kill between the mail server's acceptance and the outbox's mark can repeat one
// message, with the same Message-ID, so a receiver drops it); the PGlite directory always reopens.
import fs from "node:fs";
import { count, eq, ne } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { BOOKING_REMINDER_KIND } from "~/features/booking/reminders.server";
import { ORDER_CONFIRMATION_KIND } from "~/features/checkout/fulfilment.server";
import { createIssue } from "~/features/newsletter/issues.server";
import { NEWSLETTER_ISSUE_KIND } from "~/features/newsletter/mailing.server";
import { openDatabase } from "#server/db/client.server";
import { emailOutbox } from "#server/db/schema";
import { blogPosts } from "~/features/blog/schema";
import { bookings } from "~/features/booking/schema";
import { orders } from "~/features/checkout/schema";
import { newsletterDeliveries, newsletterIssues, newsletterSubscriptions } from "~/features/newsletter/schema";
import { bookingFields } from "../../scripts/support/booking-fields";
import { createPostgresDatabase, tempDir } from "../../scripts/support/databases";
import { freePort, startServerProcess, stopServerProcess, type ServerProcess } from "../../scripts/support/server-process";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink";
import { ADMIN, GENEROUS_LIMITS, suiteDatabases, type DatabaseKind } from "./support/site";

const KILLS = Number(process.env.CRASH_KILLS ?? 4);
const LANES = 6;
const ISSUE_SUBSCRIBERS = 1_500;

type Acknowledged = { bookings: string[]; subscribers: string[]; payments: Array<{ sessionPath: string; email: string }>; posts: string[] };

describe.each(suiteDatabases())("killed with SIGKILL under mixed load, on %s", (kind: DatabaseKind) => {
  let sink: SmtpSink;
  let dataDir: string;
  let postgres: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;
  let env: Record<string, string>;
  let url: string;
  const acknowledged: Acknowledged = { bookings: [], subscribers: [], payments: [], posts: [] };
  let requests = 0;
  let next = 0;
  let issueId: string;
  let queuedAtFirstKill = -1;

  beforeAll(async () => {
    sink = await startSmtpSink();
    dataDir = tempDir(`crash-${kind}-`);
    postgres = kind === "postgres" ? await createPostgresDatabase() : undefined;
    const port = String(await freePort());
    url = `http://127.0.0.1:${port}`;
    env = {
      ...GENEROUS_LIMITS,
      PORT: port,
      SITE_URL: url,
      DATA_DIR: dataDir,
      SMTP_URL: sink.url,
      // Messages claimed by a killed process go out again after this (five minutes by default).
      EMAIL_CLAIM_LEASE_SECONDS: "5",
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      // The issue's messages all due at once, so they are delivered within the test.
      NEWSLETTER_SEND_PER_MINUTE: "100000",
      // Queued over seven seconds, 200 a second, so the first kill comes while it is being queued.
      NEWSLETTER_QUEUE_PER_SECOND: "200",
      ...(postgres ? { DATABASE_URL: postgres.url } : {}),
    };
    // The newsletter's readers and the issue, written before the first start.
    const seeding = await openDatabase({ databaseUrl: postgres?.url, dataDir });
    try {
      for (let i = 0; i < ISSUE_SUBSCRIBERS; i += 500) {
        const rows = Array.from({ length: 500 }, (_, j) => ({ email: `subscriber-${i + j}@example.test`, source: "blog_footer" as const }));
        await seeding.db.insert(newsletterSubscriptions).values(rows);
      }
      ({ id: issueId } = await createIssue({ subject: "Crash-safe issue", html: "<p>Sent once.</p>", text: "Sent once." }, seeding.db));
    } finally {
      await seeding.close();
    }
  });
  afterAll(async () => {
    console.log(
      `crash safety on ${kind}: ${KILLS} kills, ${requests} requests, acknowledged ${acknowledged.bookings.length} bookings, ` +
        `${acknowledged.subscribers.length} sign-ups, ${acknowledged.payments.length} payments, ${acknowledged.posts.length} posts; ` +
        `the first kill with ${queuedAtFirstKill} of the issue's ${ISSUE_SUBSCRIBERS} copies queued`,
    );
    await sink?.stop();
    await postgres?.drop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const form = (path: string, body: Record<string, string>, cookie = "") =>
    fetch(`${url}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: url, "sec-fetch-site": "same-origin", ...(cookie ? { cookie } : {}) },
      body: new URLSearchParams(body),
    });

  async function signIn(): Promise<string> {
    const answer = await form("/admin-login", { intent: "sign-in", ...ADMIN });
    if (answer.status !== 200) throw new Error(`admin sign-in: ${answer.status}`);
    return answer.headers
      .getSetCookie()
      .map((cookie) => cookie.split(";")[0])
      .join("; ");
  }

  /** One request of the mix; records it when the answer says it was done. */
  async function oneRequest(adminCookie: string) {
    const n = next++;
    requests += 1;
    switch (n % 4) {
      case 0: {
        const email = `booker-${n}@example.test`;
        const answer = await form("/booking", bookingFields(Math.floor(n / 4), { email, firstDay: 10, description: "Booked under load." }));
        if (answer.status === 302 && answer.headers.get("location")?.startsWith("/booking/confirmation")) acknowledged.bookings.push(email);
        return;
      }
      case 1: {
        const email = `reader-${n}@example.test`;
        if ((await form("/newsletter", { email, source: "popup" })).status === 200) acknowledged.subscribers.push(email);
        return;
      }
      case 2: {
        const started = await form("/api/create-payment", {});
        const location = started.headers.get("location");
        const sessionPath = location ? new URL(location, url).pathname : "";
        if (started.status !== 303 || !sessionPath.startsWith("/checkout/test/")) return;
        const email = `buyer-${n}@example.test`;
        const paid = await form(sessionPath, { intent: "pay", email, name: "Ada Lovelace", companyName: "Analytical Engines", phone: "316-555-0100", cardNumber: "4242 4242 4242 4242" });
        if (paid.status === 303 && paid.headers.get("location")?.startsWith("/payment-success")) acknowledged.payments.push({ sessionPath, email });
        return;
      }
      default: {
        const title = `Crash Notes ${n}`;
        const saved = await form("/admin/blog", { intent: "save-post", title, slug: "", excerpt: "", content: "<p>Kept.</p>", status: "published", seoTitle: "", seoDescription: "" }, adminCookie);
        if (saved.status === 302) acknowledged.posts.push(title);
      }
    }
  }

  /** How many copies /admin/newsletter says are queued while the issue is being queued; null once it is not. */
  async function queuing(adminCookie: string): Promise<number | null> {
    const page = await (await fetch(`${url}/admin/newsletter`, { headers: { cookie: adminCookie } })).text();
    const shown = /Queuing: ([\d,]+) of/.exec(page);
    return shown ? Number(shown[1]!.replaceAll(",", "")) : null;
  }

  async function start(): Promise<ServerProcess> {
    const server = await startServerProcess(env);
    if (server.child.exitCode !== null) throw new Error(`the server did not start again:\n${server.output()}`);
    return server;
  }

  it(`keeps every acknowledged request over ${KILLS} kills`, async () => {
    for (let round = 0; round < KILLS; round++) {
      const server = await start();
      let alive = true;
      // A failed expectation must leave neither the server nor the load running.
      onTestFinished(() => {
        alive = false;
        server.child.kill("SIGKILL");
      });
      const adminCookie = await signIn();
      const lanes = Array.from({ length: LANES }, async () => {
        while (alive) await oneRequest(adminCookie).catch(() => undefined);
      });
      if (round === 0) {
        // The first kill: while the issue is being queued, once some of it is.
        const sent = await form("/admin/newsletter", { intent: "send-issue", issueId }, adminCookie);
        expect(sent.status).toBe(302);
        for (;;) {
          const queued = await queuing(adminCookie);
          expect(queued, "the issue was queued before the kill came").not.toBeNull();
          if (queued! > 0) {
            queuedAtFirstKill = queued!;
            break;
          }
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      } else {
        // A random moment after the load began: a request of every kind is in flight by then.
        const before = requests;
        while (requests - before < 40 + Math.floor(Math.random() * 80)) await new Promise((resolve) => setTimeout(resolve, 5));
      }
      server.child.kill("SIGKILL");
      await server.exited;
      alive = false;
      await Promise.all(lanes);
    }

    // After the last restart: a buyer whose Pay answer was lost presses it again (also those that
    // got it: pressing twice must not fulfil twice), and the outbox catches up.
    const server = await start();
    for (const { sessionPath, email } of acknowledged.payments.slice(0, 5)) {
      const again = await form(sessionPath, { intent: "pay", email, name: "Ada Lovelace", companyName: "Analytical Engines", phone: "316-555-0100", cardNumber: "4242 4242 4242 4242" });
      expect(again.status).toBeLessThan(400);
    }
    // The issue is taken up again by itself once the killed server's hold on it has lapsed.
    const adminCookie = await signIn();
    const queueDeadline = Date.now() + 90_000;
    while ((await queuing(adminCookie)) !== null && Date.now() < queueDeadline) await new Promise((resolve) => setTimeout(resolve, 250));
    await stopServerProcess(server);
    expect(queuedAtFirstKill).toBeGreaterThan(0);
    expect(queuedAtFirstKill).toBeLessThan(ISSUE_SUBSCRIBERS);

    expect(acknowledged.bookings.length).toBeGreaterThan(0);
    expect(acknowledged.subscribers.length).toBeGreaterThan(0);
    expect(acknowledged.payments.length).toBeGreaterThan(0);
    expect(acknowledged.posts.length).toBeGreaterThan(0);

    let committed: Array<{ id: string }> = [];
    // The directory (or database) opens again, and holds everything that was acknowledged.
    const database = await openDatabase({ databaseUrl: postgres?.url, dataDir });
    try {
      const { db } = database;
      const has = async <T extends string>(values: T[], read: () => Promise<Array<{ value: string }>>) => {
        const stored = new Set((await read()).map((row) => row.value));
        return values.filter((value) => !stored.has(value));
      };
      expect(await has(acknowledged.bookings, () => db.select({ value: bookings.email }).from(bookings))).toEqual([]);
      expect(await has(acknowledged.subscribers, () => db.select({ value: newsletterSubscriptions.email }).from(newsletterSubscriptions))).toEqual([]);
      expect(await has(acknowledged.posts, () => db.select({ value: blogPosts.title }).from(blogPosts))).toEqual([]);
      const paid = await db.select({ email: orders.customerEmail, status: orders.status }).from(orders).where(eq(orders.status, "paid"));
      const paidEmails = new Set(paid.map((order) => order.email));
      expect(acknowledged.payments.filter((payment) => !paidEmails.has(payment.email))).toEqual([]);
      // Fulfilled once: one confirmation per paid order, Pay pressed twice or not.
      const confirmations = await db.select({ to: emailOutbox.to }).from(emailOutbox).where(eq(emailOutbox.kind, ORDER_CONFIRMATION_KIND));
      const perBuyer = new Map<string, number>();
      for (const row of confirmations) perBuyer.set(row.to, (perBuyer.get(row.to) ?? 0) + 1);
      expect([...perBuyer.values()].every((n) => n === 1)).toBe(true);
      expect(perBuyer.size).toBe(paid.length);
      // The issue: sent, and exactly one copy for each reader (and for those who signed up meanwhile, at most one).
      const [issue] = await db.select({ status: newsletterIssues.status }).from(newsletterIssues).where(eq(newsletterIssues.id, issueId));
      expect(issue!.status).toBe("sent");
      const copies = await db
        .select({ to: emailOutbox.to, copies: count() })
        .from(newsletterDeliveries)
        .innerJoin(emailOutbox, eq(emailOutbox.id, newsletterDeliveries.outboxId))
        .where(eq(newsletterDeliveries.issueId, issueId))
        .groupBy(emailOutbox.to);
      expect(copies.filter((row) => row.copies !== 1)).toEqual([]);
      const readers = new Set(copies.map((row) => row.to));
      expect(Array.from({ length: ISSUE_SUBSCRIBERS }, (_, i) => `subscriber-${i}@example.test`).filter((to) => !readers.has(to))).toEqual([]);
      const [issueRows] = await db.select({ value: count() }).from(emailOutbox).where(eq(emailOutbox.kind, NEWSLETTER_ISSUE_KIND));
      expect(issueRows!.value).toBe(copies.length);
      committed = await db.select({ id: emailOutbox.id }).from(emailOutbox).where(ne(emailOutbox.kind, BOOKING_REMINDER_KIND));
    } finally {
      await database.close();
    }

    // Every committed message goes out (the server runs until the last one has arrived); a
    // repeat only where a kill cut a delivery short.
    const last = await start();
    const deadline = Date.now() + 60_000;
    while (committed.some((row) => sink.deliveriesOf(row.id) === 0) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    await stopServerProcess(last);
    expect(committed.filter((row) => sink.deliveriesOf(row.id) === 0)).toEqual([]);
    const repeats = committed.reduce((total, row) => total + sink.deliveriesOf(row.id) - 1, 0);
    console.log(`crash safety on ${kind}: ${committed.length} messages committed, ${repeats} delivered twice`);
    expect(repeats).toBeLessThanOrEqual(KILLS * (LANES + 1));
  });
});
