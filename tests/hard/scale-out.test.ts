// Scale-out behind a real proxy: three instances on one PostgreSQL behind nginx, set up exactly as
// docs/deploy.md says (tests/hard/support/deployment.ts runs its files). One slot is booked once
// whichever instances the requests reach; the form and sign-in limits hold across instances and a
// forged X-Forwarded-For does not dodge them; a session made on one instance works on the others;
// a post saved on one is fresh on the others; every outbox message and every copy of a newsletter
// issue is delivered once (two admins pressing Send on two instances); an instance killed under
// load loses nothing it acknowledged.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { eq, ne, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BOOKING_REMINDER_KIND } from "~/features/booking/reminders.server";
import { NEWSLETTER_ISSUE_KIND } from "~/features/newsletter/mailing.server";
import { openDatabase, type OpenDatabase } from "#server/db/client.server";
import { emailOutbox } from "#server/db/schema";
import { bookings } from "~/features/booking/schema";
import { newsletterIssues, newsletterSubscriptions } from "~/features/newsletter/schema";
import { bookingFields } from "../../scripts/support/booking-fields";
import { createPostgresDatabase, tempDir } from "../../scripts/support/databases";
import { freePort, stopServerProcess } from "../../scripts/support/server-process";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink";
import { nginxAvailable, startInstance, startNginx, type Instance, type Nginx } from "./support/deployment";

const ADMIN = { email: "scale-admin@example.test", password: "scale-admin-password-1" };
const NEWSLETTER_LIMIT = 5;

/** The n-th booking from `firstDay` days ahead on (scripts/support/booking-fields.ts). */
const bookingForm = (email: string, firstDay: number, n: number) =>
  new URLSearchParams(bookingFields(n, { email, firstDay, description: "Through the proxy." }));

const forgedAddress = () => `203.0.113.${1 + Math.floor(Math.random() * 250)}`;

async function poll<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.runIf(process.env.TEST_DATABASE_URL || process.env.CI)("three instances on one PostgreSQL behind nginx", () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let reader: OpenDatabase;
  let sink: SmtpSink;
  let nginx: Nginx;
  let shared: Record<string, string>;
  let stateRoot: string;
  const instances: Instance[] = [];
  let adminCookie = "";

  const post = (base: string, path: string, body: URLSearchParams, headers: Record<string, string> = {}) =>
    fetch(`${base}${path}`, {
      method: "POST",
      redirect: "manual",
      // The page's own origin: React Router refuses an action whose Origin is not its Host.
      headers: { "content-type": "application/x-www-form-urlencoded", origin: base, "sec-fetch-site": "same-origin", ...headers },
      body,
    });

  beforeAll(async () => {
    if (!process.env.TEST_DATABASE_URL) throw new Error("the scale-out suite needs TEST_DATABASE_URL (PostgreSQL)");
    if (!nginxAvailable()) throw new Error("the scale-out suite needs nginx (apt-get install nginx-light)");
    database = await createPostgresDatabase();
    sink = await startSmtpSink();
    const ports = [await freePort(), await freePort(), await freePort()];
    const nginxPort = await freePort();
    const siteUrl = `http://127.0.0.1:${nginxPort}`;
    stateRoot = tempDir("scale-out-state-");
    // /etc/cnc-site/env: what every instance shares (docs/deploy.md).
    shared = {
      SITE_URL: siteUrl,
      DATABASE_URL: database.url,
      BETTER_AUTH_SECRET: randomBytes(32).toString("hex"),
      SMTP_URL: sink.url,
      EMAIL_FROM: "Site <site@example.test>",
      OWNER_EMAIL: "owner@example.test",
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      MAILING_POSTAL_ADDRESS: "PO Box 1234, Wichita, KS 67201",
      NEWSLETTER_SEND_PER_MINUTE: "100000",
      RATE_LIMIT_NEWSLETTER_PER_CLIENT: `${NEWSLETTER_LIMIT}/1h`,
      RATE_LIMIT_BOOKING_PER_CLIENT: "100000/1h",
      LOG_LEVEL: "warn",
    };
    // One after the other: the first applies the migrations.
    for (const port of ports) instances.push(await startInstance(port, shared, stateRoot));
    nginx = await startNginx(nginxPort, ports);
    reader = await openDatabase({ databaseUrl: database.url, dataDir: tempDir("scale-out-reader-") });
  }, 180_000);

  afterAll(async () => {
    await Promise.all(instances.map((instance) => stopServerProcess(instance.server)));
    await nginx?.stop();
    await sink?.stop();
    await reader?.close();
    await database?.drop();
    if (stateRoot) fs.rmSync(stateRoot, { recursive: true, force: true });
  });

  it("spreads requests over the instances, each answering through nginx", async () => {
    const answers = await Promise.all(Array.from({ length: 12 }, () => fetch(`${nginx.url}/healthz`)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(12).fill(200));
  });

  it("a session made through nginx works on every instance", async () => {
    const signedIn = await post(nginx.url, "/admin-login", new URLSearchParams({ intent: "sign-in", ...ADMIN }));
    expect(signedIn.status).toBe(200);
    adminCookie = signedIn.headers
      .getSetCookie()
      .map((cookie) => cookie.split(";")[0])
      .join("; ");
    expect(adminCookie).toMatch(/session_token=/);
    for (const instance of instances) {
      const page = await fetch(`${instance.server.url}/admin`, { redirect: "manual", headers: { cookie: adminCookie } });
      expect(page.status, `instance ${instance.port}`).toBe(200);
    }
  });

  it("books one slot once, whichever instances twelve requests for it reach", async () => {
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        post(instances[i % 3]!.server.url, "/booking", bookingForm(`same-slot-${i}@example.test`, 12, 0), { "x-forwarded-for": `198.51.100.${i + 1}` }).then(
          async (response) => ({ status: response.status, body: await response.text() }),
        ),
      ),
    );
    expect(answers.filter((answer) => answer.status === 302)).toHaveLength(1);
    for (const refused of answers.filter((answer) => answer.status !== 302)) {
      expect(refused.body).toContain("This time is no longer available. Please choose another time.");
    }
    const sessionDate = bookingForm("x@example.test", 12, 0).get("sessionDate")!;
    expect(await reader.db.select({ id: bookings.id }).from(bookings).where(eq(bookings.sessionDate, sessionDate))).toHaveLength(1);
  });

  it("holds the sign-up limit across instances; a forged X-Forwarded-For does not dodge it", async () => {
    const answers = await Promise.all(
      Array.from({ length: 15 }, (_, i) =>
        post(nginx.url, "/newsletter", new URLSearchParams({ email: `limited-${i}@example.test`, source: "popup" }), { "x-forwarded-for": forgedAddress() }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(NEWSLETTER_LIMIT);
    expect(statuses.filter((status) => status === 429)).toHaveLength(15 - NEWSLETTER_LIMIT);
  });

  it("holds the sign-in limit across instances; a forged X-Forwarded-For does not dodge it", async () => {
    const attempts = [];
    for (let i = 0; i < 9; i++) {
      attempts.push(
        await post(nginx.url, "/admin-login", new URLSearchParams({ intent: "sign-in", email: ADMIN.email, password: "wrong-password" }), {
          "x-forwarded-for": forgedAddress(),
        }),
      );
    }
    const refused = attempts.filter((answer) => answer.status === 429).length;
    // The default limit (a few attempts per window per client) is reached whichever instance answers.
    expect(refused).toBeGreaterThanOrEqual(5);
  });

  it("a post saved through one instance is fresh on the others", async () => {
    const suffix = Math.random().toString(36).slice(2, 7);
    const title = `Spindle Warm-Up ${suffix}`;
    const slug = `spindle-warm-up-${suffix}`;
    const form = { intent: "save-post", title, slug: "", excerpt: "", content: "<p>Warm the spindle.</p>", status: "published", seoTitle: "", seoDescription: "" };
    const saved = await post(instances[0]!.server.url, "/admin/blog", new URLSearchParams(form), { cookie: adminCookie });
    expect(saved.status, await saved.clone().text()).toBe(302);
    for (const instance of instances.slice(1)) {
      // Read once first (the instance may have the blog index cached), then the post itself.
      const list = await poll(
        async () => (await fetch(`${instance.server.url}/blog`)).text(),
        (html) => html.includes(title),
        `the blog on instance ${instance.port}`,
        2_000,
      );
      expect(list).toContain(`/blog/${slug}`);
      const page = await fetch(`${instance.server.url}/blog/${slug}`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain(title);
    }
  });

  it("sends a newsletter issue once to every subscriber, with Send pressed on two instances at once", async () => {
    // Subscribers through the instances directly, each from its own (trusted) client address.
    for (let i = 0; i < 30; i++) {
      const answer = await post(instances[i % 3]!.server.url, "/newsletter", new URLSearchParams({ email: `reader-${i}@example.test`, source: "blog_footer" }), {
        "x-forwarded-for": `192.0.2.${i + 1}`,
      });
      expect(answer.status).toBe(200);
    }
    const subject = `Issue ${Date.now()}`;
    const created = await post(nginx.url, "/admin/newsletter", new URLSearchParams({ intent: "create-issue", subject, html: "<p>Chip load, explained.</p>" }), {
      cookie: adminCookie,
    });
    expect(created.status).toBe(302);
    const [issue] = await reader.db.select({ id: newsletterIssues.id }).from(newsletterIssues).where(eq(newsletterIssues.subject, subject));
    const send = (instance: Instance) =>
      post(instance.server.url, "/admin/newsletter", new URLSearchParams({ intent: "send-issue", issueId: issue!.id }), { cookie: adminCookie });
    const presses = await Promise.all([send(instances[1]!), send(instances[2]!)]);
    expect(presses.map((press) => press.status)).toEqual([302, 302]);
    const active = await reader.db
      .select({ email: newsletterSubscriptions.email })
      .from(newsletterSubscriptions)
      .where(sql`${newsletterSubscriptions.unsubscribedAt} is null`);
    const issueMail = () => sink.received.filter((mail) => mail.raw.includes(`X-Outbox-Kind: ${NEWSLETTER_ISSUE_KIND}`));
    await poll(async () => issueMail().length, (n) => n >= active.length, "issue messages delivered");
    const copies = new Map<string, number>();
    for (const mail of issueMail()) for (const to of mail.rcptTo) copies.set(to, (copies.get(to) ?? 0) + 1);
    expect(Object.fromEntries(copies)).toEqual(Object.fromEntries(active.map((row) => [row.email, 1])));
  });

  it("delivers every outbox message once, whichever instance's worker took it", async () => {
    // Every message but the bookings' reminders, which wait for the day before.
    const rows = await poll(
      () => reader.db.select({ id: emailOutbox.id, status: emailOutbox.status }).from(emailOutbox).where(ne(emailOutbox.kind, BOOKING_REMINDER_KIND)),
      (all) => all.every((row) => row.status === "sent"),
      "every outbox message sent",
    );
    expect(rows.length).toBeGreaterThan(30);
    expect(rows.filter((row) => sink.deliveriesOf(row.id) !== 1).map((row) => [row.id, sink.deliveriesOf(row.id)])).toEqual([]);
  });

  it("loses nothing it acknowledged when one instance is killed under load", async () => {
    const acknowledged: string[] = [];
    let sent = 0;
    let killed = false;
    const victim = instances[1]!;
    const worker = async (lane: number) => {
      for (let i = 0; i < 15; i++) {
        const n = sent++;
        if (n === 40 && !killed) {
          killed = true;
          victim.server.child.kill("SIGKILL");
        }
        const email = `under-load-${lane}-${i}@example.test`;
        try {
          const answer = await post(nginx.url, "/booking", bookingForm(email, 20, n));
          if (answer.status === 302 && answer.headers.get("location")?.startsWith("/booking/confirmation")) acknowledged.push(email);
        } catch {
          // A connection cut by the kill: not acknowledged, so nothing is owed.
        }
      }
    };
    await Promise.all(Array.from({ length: 8 }, (_, lane) => worker(lane)));
    expect(killed).toBe(true);
    // Most went through the two instances left (nginx takes the dead one out of the rotation).
    expect(acknowledged.length).toBeGreaterThan(80);
    const stored = new Set((await reader.db.select({ email: bookings.email }).from(bookings)).map((row) => row.email));
    expect(acknowledged.filter((email) => !stored.has(email))).toEqual([]);
    // systemd's Restart=always brings it back; it serves again.
    await victim.server.exited;
    instances[1] = await startInstance(victim.port, shared, stateRoot);
    expect((await fetch(`${instances[1].server.url}/healthz`)).status).toBe(200);
  });
});
