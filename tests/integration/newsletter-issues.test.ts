// Queuing a newsletter issue on each database: 2,000 subscribers get exactly one message each
// across a double send (two calls at once, then a third), and across a run interrupted mid-queue
// (batches that committed, one that rolled back) and its restart; unsubscribed addresses get none;
// each copy has its subscriber's own unsubscribe link and List-Unsubscribe headers, and
// unsubscribing drops a copy still queued.
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createIssue, queueIssue, queueIssueBatch } from "~/features/newsletter/issues.server";
import { NEWSLETTER_ISSUE_KIND, oneClickUnsubscribeUrl, unsubscribeUrl } from "~/features/newsletter/mailing.server";
import { unsubscribe } from "~/features/newsletter/subscriptions.server";
import { emailOutbox, newsletterDeliveries, newsletterIssues, newsletterSubscriptions } from "#server/db/schema";
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

  it("queues one message per active subscriber across two sends at once and a third", async () => {
    const { id } = await issue();
    const [first, second] = await Promise.all([queueIssue(id, { batchSize: 300 }), queueIssue(id, { batchSize: 300 })]);
    expect([first, second].every((outcome) => outcome.outcome === "queued" && outcome.queued === SUBSCRIBERS)).toBe(true);
    expect(await queueIssue(id)).toEqual({ outcome: "already-sent", queued: SUBSCRIBERS });
    expect(await messagesOf(id)).toEqual({ messages: SUBSCRIBERS, addresses: SUBSCRIBERS, toUnsubscribed: 0, outboxRows: SUBSCRIBERS });
    const [saved] = await db.db.select({ status: newsletterIssues.status, queuedCount: newsletterIssues.queuedCount }).from(newsletterIssues);
    expect(saved).toEqual({ status: "sent", queuedCount: SUBSCRIBERS });
    expect(await queueIssue("00000000-0000-4000-8000-000000000000")).toEqual({ outcome: "not-found" });
  });

  it("a run interrupted mid-queue, then restarted, still gives everyone exactly one message", async () => {
    const { id } = await issue();
    // The first run: two batches commit, the third dies with its transaction (a crash mid-statement).
    let after: string | undefined;
    for (let batch = 0; batch < 2; batch++) after = (await queueIssueBatch(id, content, { after, limit: 400 })).lastId ?? undefined;
    await expect(
      db.db.transaction(async (tx) => {
        await queueIssueBatch(id, content, { after, limit: 400 }, tx);
        throw new Error("the process died");
      }),
    ).rejects.toThrow("the process died");
    expect((await messagesOf(id)).messages).toBe(800);

    // The restart, and a second press of Send meanwhile.
    const outcomes = await Promise.all([queueIssue(id, { batchSize: 700 }), queueIssue(id)]);
    expect(outcomes.map((outcome) => outcome.outcome)).toEqual(["queued", "queued"]);
    expect(await messagesOf(id)).toEqual({ messages: SUBSCRIBERS, addresses: SUBSCRIBERS, toUnsubscribed: 0, outboxRows: SUBSCRIBERS });
  });

  it("paces the issue: its n-th message is due (n - 1) / perMinute whole minutes after sending started, across batches and a restart", async () => {
    const { id } = await issue();
    const startsAt = new Date("2026-11-24T15:00:00Z");
    // Two batches of 700, as a run that stopped after them; then a restarted run finishes.
    let after: string | undefined;
    for (let batch = 0; batch < 2; batch++) {
      after = (await queueIssueBatch(id, content, { after, limit: 700, startsAt, perMinute: 500 })).lastId ?? undefined;
    }
    await queueIssueBatch(id, content, { after, limit: 5_000, startsAt, perMinute: 500 });
    const due = await db.db
      .select({ minute: sql<number>`(extract(epoch from ${emailOutbox.nextAttemptAt} - ${startsAt.toISOString()}::timestamptz) / 60)::integer`, count: sql<number>`count(*)::integer` })
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
  });

  it("each copy has its subscriber's own unsubscribe link and List-Unsubscribe headers; unsubscribing drops a queued copy", async () => {
    const { id } = await issue();
    await queueIssue(id);
    const [reader] = await db.db
      .select({ token: newsletterSubscriptions.unsubscribeToken })
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.email, "reader100@example.com"));
    const mails = await db.db
      .select({ to: emailOutbox.to, subject: emailOutbox.subject, html: emailOutbox.html, text: emailOutbox.text, headers: emailOutbox.headers, status: emailOutbox.status })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.kind, NEWSLETTER_ISSUE_KIND), inArray(emailOutbox.to, ["reader100@example.com", "reader101@example.com"])));
    const mail = mails.find((m) => m.to === "reader100@example.com")!;
    const other = mails.find((m) => m.to === "reader101@example.com")!;
    expect(mail.subject).toBe("March: spindle time");
    expect(mail.html).toContain("<p>Spindle <b>time</b> &amp; setups</p>");
    expect(mail.html).toContain(`href="${unsubscribeUrl(reader!.token)}"`);
    expect(mail.text).toContain(`Spindle time & setups`);
    expect(mail.text).toContain(`Unsubscribe: ${unsubscribeUrl(reader!.token)}`);
    expect(mail.headers).toEqual({ "List-Unsubscribe": `<${oneClickUnsubscribeUrl(reader!.token)}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" });
    expect(other.text).not.toContain(reader!.token);
    expect(`${mail.html}${mail.text}`).not.toContain("__NEWSLETTER_UNSUBSCRIBE_TOKEN__");

    await unsubscribe(reader!.token);
    const [after] = await db.db.select({ status: emailOutbox.status }).from(emailOutbox).where(and(eq(emailOutbox.kind, NEWSLETTER_ISSUE_KIND), eq(emailOutbox.to, "reader100@example.com")));
    expect(after!.status).toBe("dropped");
  });
});
