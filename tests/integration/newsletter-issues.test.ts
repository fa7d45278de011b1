// Queuing a newsletter issue on each database: 2,000 subscribers get exactly one message each
// across a double Send and two runs at once, across a run that died mid-queue (batches that
// committed, one that rolled back) and the runner that takes its job up once the job's lease lapses,
// and across a graceful stop; the queue keeps to its rate (a token bucket, on an injected clock) and
// gathers the subscribers' statistics first; the outbox's sender takes the copies at the site's pace,
// one issue's after another's, shared by every instance; unsubscribed addresses get none; each
// copy, made from one stored body, has its subscriber's own unsubscribe link and List-Unsubscribe
// headers, and unsubscribing drops a copy still queued.
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { issueQueuingJob } from "~/features/newsletter/issue-queue.server";
import { createIssue, ISSUE_QUEUING_JOB, queueIssueBatch, runIssueQueue, startSending } from "~/features/newsletter/issues.server";
import { NEWSLETTER_ISSUE_KIND, oneClickUnsubscribeUrl, unsubscribeUrl } from "~/features/newsletter/mailing.server";
import { unsubscribe } from "~/features/newsletter/subscriptions.server";
import { emailBodies, emailOutbox, jobs, rateBuckets } from "#server/db/schema";
import { newsletterDeliveries, newsletterIssues, newsletterSubscriptions } from "~/features/newsletter/schema";
import { claimDue, findOutboxMessage, SHARED_BODY_SLOT } from "#server/email/outbox.server";
import { claimJobs, JOB_LEASE_MS } from "#server/jobs/jobs.server";
import { runDueJob } from "#server/jobs/runner.server";
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
    await db.db.delete(jobs);
    await db.db.delete(rateBuckets);
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

  // As tests run the queue: no waiting between batches.
  const unpaced = { perSecond: 1e9 };

  it("starts once and queues one message per active subscriber across two presses and two runs at once", async () => {
    const { id } = await issue();
    const presses = await Promise.all([startSending(id), startSending(id)]);
    expect(presses.map((press) => press.outcome).sort()).toEqual(["already-sending", "started"]);
    // The press that started it enqueued its job, once.
    expect(await db.db.select({ key: jobs.key, payload: jobs.payload }).from(jobs).where(eq(jobs.name, ISSUE_QUEUING_JOB))).toEqual([{ key: id, payload: { issueId: id } }]);
    // Two runs at once (a run that outlived its lease and the one that took over): neither gives anyone a second copy.
    const runs = await Promise.all([runIssueQueue(id, { batchSize: 300, ...unpaced }), runIssueQueue(id, { batchSize: 300, ...unpaced })]);
    expect(runs).toEqual([
      { outcome: "queued", queued: SUBSCRIBERS },
      { outcome: "queued", queued: SUBSCRIBERS },
    ]);
    expect(await startSending(id)).toEqual({ outcome: "already-sent", queued: SUBSCRIBERS });
    expect(await runIssueQueue(id, unpaced)).toEqual({ outcome: "not-sending" });
    expect(await messagesOf(id)).toEqual({ messages: SUBSCRIBERS, addresses: SUBSCRIBERS, toUnsubscribed: 0, outboxRows: SUBSCRIBERS });
    const [saved] = await db.db.select({ status: newsletterIssues.status, queuedCount: newsletterIssues.queuedCount }).from(newsletterIssues);
    expect(saved).toEqual({ status: "sent", queuedCount: SUBSCRIBERS });
    expect(await startSending("00000000-0000-4000-8000-000000000000")).toEqual({ outcome: "not-found" });
  });

  it("a run that dies mid-queue is taken up by a runner once its job's lease has lapsed, and everyone still gets exactly one message", async () => {
    const { id } = await issue();
    const startedAt = new Date();
    await startSending(id, startedAt);
    // The first runner claims the job and runs it: two batches commit, then the process dies.
    expect(await claimJobs([ISSUE_QUEUING_JOB], { now: startedAt, limit: 1 })).toHaveLength(1);
    let batches = 0;
    const dying = runIssueQueue(id, {
      batchSize: 400,
      ...unpaced,
      batchDone: async () => {
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

    // While the lease holds, no runner takes the job; once it has lapsed, the next one does.
    expect(await runDueJob([issueQueuingJob], { clock: () => startedAt })).toBe(false);
    expect(await runDueJob([issueQueuingJob], { clock: () => new Date(startedAt.getTime() + JOB_LEASE_MS + 1_000) })).toBe(true);
    expect(await messagesOf(id)).toEqual({ messages: SUBSCRIBERS, addresses: SUBSCRIBERS, toUnsubscribed: 0, outboxRows: SUBSCRIBERS });
    expect((await db.db.select({ status: newsletterIssues.status }).from(newsletterIssues))[0]!.status).toBe("sent");
    // One shared body for the issue, whichever run wrote it.
    expect(await db.db.select({ id: emailBodies.id }).from(emailBodies).where(eq(emailBodies.id, held!.bodyId!))).toHaveLength(1);
  });

  it("a run told the server is stopping lets go after its batch; the job is due again at once and the next run goes on", async () => {
    const { id } = await issue();
    await startSending(id);
    let batches = 0;
    const stopped = await runIssueQueue(id, { batchSize: 500, ...unpaced, batchDone: async () => void batches++, stopping: () => batches >= 1 });
    expect(stopped).toEqual({ outcome: "stopped" });
    expect((await messagesOf(id)).messages).toBe(500);
    // Through the runner: a stopping runner hands the job back, and the next finishes it.
    expect(await runDueJob([issueQueuingJob], { stopping: () => true })).toBe(true);
    expect(await db.db.select({ status: jobs.status }).from(jobs)).toEqual([{ status: "pending" }]);
    expect(await runDueJob([issueQueuingJob])).toBe(true);
    expect(await db.db.select({ status: jobs.status }).from(jobs)).toEqual([{ status: "done" }]);
    expect(await messagesOf(id)).toMatchObject({ messages: SUBSCRIBERS, addresses: SUBSCRIBERS });
  });

  it("queues at its rate: 2,000 subscribers at 1,000 a second in batches of 500 wait 2 s on its clock (the first batch at once; the last finds nobody left)", async () => {
    const { id } = await issue();
    await startSending(id);
    const { clock, sleep } = fakeClock(new Date());
    const waits: number[] = [];
    const result = await runIssueQueue(id, {
      batchSize: 500,
      perSecond: 1_000,
      clock,
      sleep: async (ms) => {
        waits.push(ms);
        await sleep(ms);
      },
    });
    expect(result).toEqual({ outcome: "queued", queued: SUBSCRIBERS });
    expect(waits).toEqual([500, 500, 500, 500]);
  });

  it("gathers the subscribers' statistics before queuing, so the planner can take each batch by the id index", async () => {
    // A list just imported: PGlite never gathers statistics by itself, PostgreSQL's autovacuum later.
    const more = Array.from({ length: 400 }, (_, i) => ({ email: `imported${i}@example.com`, source: "popup" as const }));
    await db.db.insert(newsletterSubscriptions).values(more);
    const { id } = await issue();
    await startSending(id);
    expect(await runIssueQueue(id, unpaced)).toEqual({ outcome: "queued", queued: SUBSCRIBERS + more.length });
    const { rows } = (await db.db.execute(sql`select reltuples from pg_class where oid = 'newsletter_subscriptions'::regclass`)) as unknown as {
      rows: [{ reltuples: number }];
    };
    expect(Number(rows[0].reltuples)).toBe(SUBSCRIBERS + UNSUBSCRIBED + more.length);
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

  /** A clock from `start` that the queue's waits move on. */
  function fakeClock(start: Date) {
    let now = start.getTime();
    return { clock: () => new Date(now), sleep: async (ms: number) => void (now += ms) };
  }

  /** Which issue each claimed copy belongs to. */
  async function issuesOf(claimed: Array<{ id: string }>) {
    if (claimed.length === 0) return [];
    const rows = await db.db
      .select({ outboxId: newsletterDeliveries.outboxId, issueId: newsletterDeliveries.issueId })
      .from(newsletterDeliveries)
      .where(inArray(newsletterDeliveries.outboxId, claimed.map((copy) => copy.id)));
    const byCopy = new Map(rows.map((row) => [row.outboxId, row.issueId]));
    return claimed.map((copy) => byCopy.get(copy.id));
  }

  it("the sender takes copies at the site's pace, shared by every instance, one issue's after another's", async () => {
    const { id: first } = await issue();
    const { id: second } = await issue();
    const startsAt = new Date(Date.now() + 60_000);
    await atPace(600, async () => {
      // Queued at once, due at once: the pace is the sender's, not written into the rows.
      await startSending(first, startsAt);
      await runIssueQueue(first, { ...unpaced, ...fakeClock(startsAt) });
      await startSending(second, new Date(startsAt.getTime() + 1_000));
      await runIssueQueue(second, { ...unpaced, ...fakeClock(new Date(startsAt.getTime() + 1_000)) });
      const sendAt = new Date(startsAt.getTime() + 2_000);
      // 600 a minute is 10 a second; the bucket holds 2 s of it. Two instances' passes at one moment share it.
      const [one, two] = await Promise.all([claimDue(sendAt, 100), claimDue(sendAt, 100)]);
      expect(one.length + two.length).toBe(20);
      expect(await claimDue(sendAt, 100)).toHaveLength(0);
      // A second later, another 10, and still the first issue's.
      const next = await claimDue(new Date(sendAt.getTime() + 1_000), 100);
      expect(next).toHaveLength(10);
      expect(new Set(await issuesOf([...one, ...two, ...next]))).toEqual(new Set([first]));
    });
  });

  it("each copy has its subscriber's own unsubscribe link and List-Unsubscribe headers, made from one stored body; unsubscribing drops a queued copy", async () => {
    const { id } = await issue();
    await startSending(id);
    await runIssueQueue(id, unpaced);
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
