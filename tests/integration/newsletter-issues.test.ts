// Queuing a newsletter issue on each database: 2,000 subscribers get exactly one message each
// across a double Send and two servers' runs at once, across a run that died mid-queue (batches that
// committed, one that rolled back) and the run that takes it up once its lease lapses, and across a
// graceful stop; a run works a tenth of the time on PostgreSQL (by the database's clock) and a
// twentieth on PGlite (all the server's time in the database), and gathers the subscribers'
// statistics first; copies are due at the site's pace, one issue's after another's (also when two
// are queued at once); unsubscribed addresses get none; each copy, made
// from one stored body, has its subscriber's own unsubscribe link and List-Unsubscribe headers, and
// unsubscribing drops a copy still queued.
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  createIssue,
  ISSUE_QUEUE_DUTY,
  queueIssueBatch,
  QUEUING_LEASE_MS,
  runIssueQueue,
  startSending,
  unheldSendingIssues,
} from "~/features/newsletter/issues.server";
import { NEWSLETTER_ISSUE_KIND, oneClickUnsubscribeUrl, unsubscribeUrl } from "~/features/newsletter/mailing.server";
import { unsubscribe } from "~/features/newsletter/subscriptions.server";
import { inProcessDatabaseMs } from "#server/db/client.server";
import { emailBodies, emailOutbox, newsletterDeliveries, newsletterIssues, newsletterSubscriptions } from "#server/db/schema";
import { findOutboxMessage, SHARED_BODY_SLOT } from "#server/email/outbox.server";
import { getEnv } from "~/lib/env.server";
import { tempDir } from "../../scripts/support/databases";
import { testDatabases, type TestDatabase } from "../support/databases";

process.env.DATA_DIR ??= tempDir("newsletter-issues-");

const SUBSCRIBERS = 2_000;
const UNSUBSCRIBED = 25;

describe.each(testDatabases.map((d) => [d.name, d] as const))("newsletter issues on %s", (_name, database) => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await database.open();
  });
  afterAll(() => db.close());

  beforeEach(async () => {
    await db.db.delete(newsletterDeliveries);
    await db.db.delete(newsletterIssues);
    await db.db.delete(emailOutbox).where(eq(emailOutbox.kind, NEWSLETTER_ISSUE_KIND));
    await db.db.delete(emailBodies);
    await db.db.delete(newsletterSubscriptions);
    const rows = Array.from({ length: SUBSCRIBERS + UNSUBSCRIBED }, (_, i) => ({
      email: `reader${i}@example.com`,
      source: "blog_footer" as const,
      unsubscribedAt: i < UNSUBSCRIBED ? new Date() : null,
    }));
    for (let i = 0; i < rows.length; i += 500) await db.db.insert(newsletterSubscriptions).values(rows.slice(i, i + 500));
  });

  const content = { subject: "March: spindle time", html: "<p>Spindle <b>time</b> &amp; setups</p>", text: "Spindle time & setups" };
  const issue = () => createIssue(content);

  /** The issue's messages: how many, to how many addresses, and whether an unsubscribed one got any. */
  async function messagesOf(issueId: string) {
    const [row] = await db.db
      .select({
        messages: sql<number>`count(*)::integer`,
        addresses: sql<number>`count(distinct ${emailOutbox.to})::integer`,
        toUnsubscribed: sql<number>`count(*) filter (where ${newsletterSubscriptions.unsubscribedAt} is not null)::integer`,
      })
      .from(newsletterDeliveries)
      .innerJoin(emailOutbox, eq(emailOutbox.id, newsletterDeliveries.outboxId))
      .innerJoin(newsletterSubscriptions, eq(newsletterSubscriptions.id, newsletterDeliveries.subscriptionId))
      .where(eq(newsletterDeliveries.issueId, issueId));
    const [outbox] = await db.db
      .select({ count: sql<number>`count(*)::integer` })
      .from(emailOutbox)
      .where(eq(emailOutbox.kind, NEWSLETTER_ISSUE_KIND));
    return { ...row!, outboxRows: Number(outbox!.count) };
  }

  const later = (ms: number) => () => new Date(Date.now() + ms);

  it("starts once and queues one message per active subscriber across two presses and two runs at once", async () => {
    const { id } = await issue();
    const presses = await Promise.all([startSending(id), startSending(id)]);
    expect(presses.map((press) => press.outcome).sort()).toEqual(["already-sending", "started"]);
    // Two servers' runs at once: one holds the issue, the other leaves it alone.
    const runs = await Promise.all([runIssueQueue(id, { batchSize: 300, duty: 1 }), runIssueQueue(id, { batchSize: 300, duty: 1 })]);
    expect(runs.map((run) => run.outcome).sort()).toEqual(["not-taken", "queued"]);
    expect(runs.find((run) => run.outcome === "queued")).toEqual({ outcome: "queued", queued: SUBSCRIBERS });
    expect(await startSending(id)).toEqual({ outcome: "already-sent", queued: SUBSCRIBERS });
    expect(await runIssueQueue(id, { duty: 1 })).toEqual({ outcome: "not-taken" });
    expect(await messagesOf(id)).toEqual({ messages: SUBSCRIBERS, addresses: SUBSCRIBERS, toUnsubscribed: 0, outboxRows: SUBSCRIBERS });
    const [saved] = await db.db.select({ status: newsletterIssues.status, queuedCount: newsletterIssues.queuedCount }).from(newsletterIssues);
    expect(saved).toEqual({ status: "sent", queuedCount: SUBSCRIBERS });
    expect(await startSending("00000000-0000-4000-8000-000000000000")).toEqual({ outcome: "not-found" });
  });

  it("a run that dies mid-queue is taken up once its lease has lapsed, and everyone still gets exactly one message", async () => {
    const { id } = await issue();
    await startSending(id);
    // The first run: two batches commit, then the process dies (its lease still held).
    let batches = 0;
    const dying = runIssueQueue(id, {
      batchSize: 400,
      duty: 1,
      sleep: async () => {
        if (++batches === 2) throw new Error("the process died");
      },
    });
    await expect(dying).rejects.toThrow("the process died");
    // A third batch died with its transaction (a crash mid-statement).
    const [held] = await db.db.select({ subject: newsletterIssues.subject, bodyId: newsletterIssues.emailBodyId }).from(newsletterIssues).where(eq(newsletterIssues.id, id));
    await expect(
      db.db.transaction(async (tx) => {
        await queueIssueBatch(id, { subject: held!.subject, bodyId: held!.bodyId! }, { limit: 400 }, tx);
        throw new Error("the process died");
      }),
    ).rejects.toThrow("the process died");
    expect((await messagesOf(id)).messages).toBe(800);

    // While the lease holds, nobody takes it up; once it has lapsed, the next pass does.
    expect(await unheldSendingIssues()).toEqual([]);
    expect(await runIssueQueue(id, { duty: 1 })).toEqual({ outcome: "not-taken" });
    const afterLease = later(QUEUING_LEASE_MS + 1_000);
    expect(await unheldSendingIssues(afterLease())).toEqual([id]);
    expect(await runIssueQueue(id, { batchSize: 700, duty: 1, clock: afterLease })).toEqual({ outcome: "queued", queued: SUBSCRIBERS });
    expect(await messagesOf(id)).toEqual({ messages: SUBSCRIBERS, addresses: SUBSCRIBERS, toUnsubscribed: 0, outboxRows: SUBSCRIBERS });
    // One shared body for the issue, whichever run wrote it.
    expect(await db.db.select({ id: emailBodies.id }).from(emailBodies).where(eq(emailBodies.id, held!.bodyId!))).toHaveLength(1);
  });

  it("a run told the server is stopping lets go after its batch; the next start goes on at once", async () => {
    const { id } = await issue();
    await startSending(id);
    let batches = 0;
    const stopped = await runIssueQueue(id, { batchSize: 500, duty: 1, sleep: async () => void batches++, stopping: () => batches >= 1 });
    expect(stopped).toEqual({ outcome: "stopped" });
    expect((await messagesOf(id)).messages).toBe(500);
    expect(await unheldSendingIssues()).toEqual([id]);
    expect(await runIssueQueue(id, { duty: 1 })).toEqual({ outcome: "queued", queued: SUBSCRIBERS });
  });

  it("works 7 % of the time on PostgreSQL and 4 % on PGlite: after each batch it waits 13.3 or 24 times as long as the database worked on it, not the time its answer waited for a busy server", async () => {
    const share = ISSUE_QUEUE_DUTY[database.name];
    const times = (1 - share) / share;
    expect(times).toBeCloseTo(database.name === "postgres" ? 13.29 : 24);
    const { id } = await issue();
    await startSending(id);
    const waits: number[] = [];
    const between: number[] = [];
    let began = performance.now();
    // Other work holds the event loop for BUSY_MS while each batch is in flight (as pages do under
    // load): the batch's answer waits for it, but the database did not work that long.
    const BUSY_MS = 250;
    let busySince = -1;
    const result = await runIssueQueue(id, {
      batchSize: 500,
      clock: () => {
        if (busySince !== waits.length) {
          busySince = waits.length;
          setImmediate(() => {
            const until = performance.now() + BUSY_MS;
            while (performance.now() < until);
          });
        }
        return new Date();
      },
      sleep: async (ms) => {
        between.push(performance.now() - began);
        waits.push(ms);
        began = performance.now();
      },
    });
    expect(result).toEqual({ outcome: "queued", queued: SUBSCRIBERS });
    expect(waits).toHaveLength(Math.ceil(SUBSCRIBERS / 500) + 1);
    waits.forEach((wait, i) => {
      // PostgreSQL's answer waits for the busy turn; PGlite answers in process before it comes.
      if (database.name === "postgres") expect(between[i]).toBeGreaterThanOrEqual(BUSY_MS);
      // (The last batch finds nobody left: PGlite's clock may call that no time at all.)
      if (i < waits.length - 1) expect(wait).toBeGreaterThan(0);
      // 13.3 or 24 times the database's own time, which is part of the time between waits, and not
      // of the event loop's BUSY_MS.
      expect(wait).toBeLessThanOrEqual(times * between[i]!);
      expect(wait).toBeLessThan(times * BUSY_MS);
    });
  });

  it.runIf(database.name === "pglite")("on PGlite, pauses for all the time the server spent in the database on a batch: its commit and the lease's statement too", async () => {
    const { id } = await issue();
    await startSending(id);
    const worked: number[] = [];
    const waits: number[] = [];
    let batchBegan: number | undefined;
    const result = await runIssueQueue(id, {
      batchSize: 250,
      // Half the time: each pause is as long as the batch's work.
      duty: 0.5,
      // A batch's first look at the clock is its start (the lease asks again later).
      clock: () => {
        batchBegan ??= inProcessDatabaseMs(db.db);
        return new Date();
      },
      sleep: async (ms) => {
        worked.push(inProcessDatabaseMs(db.db)! - batchBegan!);
        waits.push(ms);
        batchBegan = undefined;
      },
    });
    expect(result).toEqual({ outcome: "queued", queued: SUBSCRIBERS });
    expect(waits).toHaveLength(Math.ceil(SUBSCRIBERS / 250) + 1);
    // (The first batch's start also holds taking the issue and reading its delivery count.)
    waits.slice(1).forEach((wait, i) => {
      expect(worked[i + 1]).toBeGreaterThan(0);
      expect(wait).toBeCloseTo(worked[i + 1]!, 6);
    });
  });

  it("gathers the subscribers' statistics before queuing, so the planner can take each batch by the id index", async () => {
    // A list just imported: PGlite never gathers statistics by itself, PostgreSQL's autovacuum later.
    const more = Array.from({ length: 400 }, (_, i) => ({ email: `imported${i}@example.com`, source: "popup" as const }));
    await db.db.insert(newsletterSubscriptions).values(more);
    const { id } = await issue();
    await startSending(id);
    expect(await runIssueQueue(id, { duty: 1 })).toEqual({ outcome: "queued", queued: SUBSCRIBERS + more.length });
    const { rows } = (await db.db.execute(sql`select reltuples from pg_class where oid = 'newsletter_subscriptions'::regclass`)) as unknown as {
      rows: [{ reltuples: number }];
    };
    expect(Number(rows[0].reltuples)).toBe(SUBSCRIBERS + UNSUBSCRIBED + more.length);
  });

  it("says how long the database worked on a batch, by its own clock", async () => {
    const { id } = await issue();
    await startSending(id);
    // A run told to stop at once takes the issue and writes its body, then queues nothing.
    expect(await runIssueQueue(id, { stopping: () => true })).toEqual({ outcome: "stopped" });
    const [held] = await db.db.select({ bodyId: newsletterIssues.emailBodyId }).from(newsletterIssues).where(eq(newsletterIssues.id, id));
    const began = performance.now();
    const batch = await queueIssueBatch(id, { subject: content.subject, bodyId: held!.bodyId! }, { limit: 500 });
    const wall = performance.now() - began;
    expect(batch).toMatchObject({ picked: 500, queued: 500 });
    expect(batch.databaseMs).toBeGreaterThan(0);
    expect(batch.databaseMs).toBeLessThanOrEqual(wall);
  });

  /** Runs `check` with the site's pace set to `perMinute` messages a minute. */
  async function atPace(perMinute: number, check: () => Promise<void>) {
    const env = getEnv();
    const pace = env.NEWSLETTER_SEND_PER_MINUTE;
    env.NEWSLETTER_SEND_PER_MINUTE = perMinute;
    try {
      await check();
    } finally {
      env.NEWSLETTER_SEND_PER_MINUTE = pace;
    }
  }

  /** When each copy of these issues is due, in ms after `from`, earliest first. */
  async function dueMs(issueIds: string[], from: Date) {
    const rows = await db.db
      .select({ ms: sql<number>`round(extract(epoch from ${emailOutbox.nextAttemptAt} - ${from.toISOString()}::timestamptz) * 1000)::integer` })
      .from(newsletterDeliveries)
      .innerJoin(emailOutbox, eq(emailOutbox.id, newsletterDeliveries.outboxId))
      .where(inArray(newsletterDeliveries.issueId, issueIds))
      .orderBy(emailOutbox.nextAttemptAt);
    return rows.map((row) => Number(row.ms));
  }

  const everyMs = (count: number, apartMs: number, fromMs = 0) => Array.from({ length: count }, (_, n) => fromMs + n * apartMs);

  it("paces the issue evenly: its n-th message is due (n - 1) * 60 / perMinute seconds after it started, across batches and a restart", async () => {
    const { id } = await issue();
    const startsAt = new Date("2026-11-24T15:00:00Z");
    await startSending(id, startsAt);
    await atPace(500, async () => {
      // Two batches of 700, then the run stops (the server shuts down); the next run finishes.
      let batches = 0;
      const clock = () => startsAt;
      const first = await runIssueQueue(id, { batchSize: 700, duty: 1, clock, sleep: async () => void batches++, stopping: () => batches >= 2 });
      expect(first.outcome).toBe("stopped");
      expect(await runIssueQueue(id, { batchSize: 5_000, duty: 1, clock })).toEqual({ outcome: "queued", queued: SUBSCRIBERS });
    });
    const due = await db.db
      .select({ minute: sql<number>`floor(extract(epoch from ${emailOutbox.nextAttemptAt} - ${startsAt.toISOString()}::timestamptz) / 60)::integer`, count: sql<number>`count(*)::integer` })
      .from(newsletterDeliveries)
      .innerJoin(emailOutbox, eq(emailOutbox.id, newsletterDeliveries.outboxId))
      .where(eq(newsletterDeliveries.issueId, id))
      .groupBy(sql`1`)
      .orderBy(sql`1`);
    expect(due.map((row) => [Number(row.minute), Number(row.count)])).toEqual([
      [0, 500],
      [1, 500],
      [2, 500],
      [3, 500],
    ]);
    // Spread within the minute too: at 500 a minute, one every 120 ms.
    expect(await dueMs([id], startsAt)).toEqual(everyMs(SUBSCRIBERS, 120));
  });

  it("keeps the site's pace across issues: one sent while another's copies wait goes out after them, not at twice the rate", async () => {
    const startsAt = new Date("2026-11-24T15:00:00Z");
    const { id: first } = await issue();
    const { id: second } = await issue();
    await atPace(500, async () => {
      await startSending(first, startsAt);
      await runIssueQueue(first, { duty: 1, clock: () => startsAt });
      // Sent a minute later, while the first issue's copies wait (they go out over four minutes).
      const aMinuteLater = () => new Date(startsAt.getTime() + 60_000);
      await startSending(second, aMinuteLater());
      await runIssueQueue(second, { duty: 1, clock: aMinuteLater });
    });
    // The second issue's first copy: 120 ms after the first issue's last.
    expect(await dueMs([second], startsAt)).toEqual(everyMs(SUBSCRIBERS, 120, SUBSCRIBERS * 120));
  });

  it("keeps the site's pace when two issues are queued at the same moment (two servers' runs): every copy its own turn", async () => {
    const startsAt = new Date("2026-11-24T15:00:00Z");
    const clock = () => startsAt;
    const issues = [await issue(), await issue()];
    await atPace(500, async () => {
      for (const { id } of issues) await startSending(id, startsAt);
      const runs = await Promise.all(issues.map(({ id }) => runIssueQueue(id, { batchSize: 250, duty: 1, clock })));
      expect(runs).toEqual([
        { outcome: "queued", queued: SUBSCRIBERS },
        { outcome: "queued", queued: SUBSCRIBERS },
      ]);
    });
    expect(await dueMs(issues.map(({ id }) => id), startsAt)).toEqual(everyMs(2 * SUBSCRIBERS, 120));
  });

  it("each copy has its subscriber's own unsubscribe link and List-Unsubscribe headers, made from one stored body; unsubscribing drops a queued copy", async () => {
    const { id } = await issue();
    await startSending(id);
    await runIssueQueue(id, { duty: 1 });
    const [reader] = await db.db
      .select({ token: newsletterSubscriptions.unsubscribeToken })
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.email, "reader100@example.com"));
    const rows = await db.db
      .select({ id: emailOutbox.id, to: emailOutbox.to, html: emailOutbox.html, text: emailOutbox.text, headers: emailOutbox.headers })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.kind, NEWSLETTER_ISSUE_KIND), inArray(emailOutbox.to, ["reader100@example.com", "reader101@example.com"])));
    // The rows are small: the body is stored once.
    expect(rows.map((row) => [row.html, row.text, row.headers])).toEqual([
      ["", "", null],
      ["", "", null],
    ]);
    expect(await db.db.select({ id: emailBodies.id }).from(emailBodies)).toHaveLength(1);
    // As the outbox sends (and the mail viewer shows) them.
    const [mail, other] = await Promise.all(
      ["reader100@example.com", "reader101@example.com"].map((to) => findOutboxMessage(rows.find((row) => row.to === to)!.id)),
    );
    expect(mail!.subject).toBe("March: spindle time");
    expect(mail!.html).toContain("<p>Spindle <b>time</b> &amp; setups</p>");
    expect(mail!.html).toContain(`href="${unsubscribeUrl(reader!.token)}"`);
    expect(mail!.text).toContain(`Spindle time & setups`);
    expect(mail!.text).toContain(`Unsubscribe: ${unsubscribeUrl(reader!.token)}`);
    expect(mail!.headers).toEqual({ "List-Unsubscribe": `<${oneClickUnsubscribeUrl(reader!.token)}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" });
    expect(other!.text).not.toContain(reader!.token);
    expect(`${mail!.html}${mail!.text}${JSON.stringify(mail!.headers)}`).not.toContain(SHARED_BODY_SLOT);

    await unsubscribe(reader!.token);
    const [after] = await db.db.select({ status: emailOutbox.status }).from(emailOutbox).where(and(eq(emailOutbox.kind, NEWSLETTER_ISSUE_KIND), eq(emailOutbox.to, "reader100@example.com")));
    expect(after!.status).toBe("dropped");
  });
});
