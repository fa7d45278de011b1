// /admin/newsletter through its route module, signed in for real, on each database: an issue
// written by hand (sanitized) or started from a post, its field messages, a test send (one message
// to one address, no delivery), the send (queued in the background, one copy per active subscriber,
// a second press changes nothing), the counts read back against the outbox, when the last copy is due
// while copies wait for the site's pace, and the guard for non-admins.
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as adminNewsletterRoute from "~/routes/admin-newsletter";
import { ensureAdmin } from "~/features/auth/bootstrap.server";
import { getNewsletterPage, NEWSLETTER_TEST_KIND } from "~/features/newsletter/admin-issues.server";
import { issueQueuingJob } from "~/features/newsletter/issue-queue.server";
import { NEWSLETTER_ISSUE_KIND } from "~/features/newsletter/mailing.server";
import { unsubscribe } from "~/features/newsletter/subscriptions.server";
import { dateTime } from "~/lib/central-time";
import { getEnv, parseEnv } from "~/lib/env.server";
import { takeFlashToast } from "~/lib/flash-toast.server";
import { createTransports } from "#server/email/transport.server";
import { findOutboxMessage } from "#server/email/outbox.server";
import { processDueEmails } from "#server/email/worker.server";
import { runDueJob } from "#server/jobs/runner.server";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink";
import { emailOutbox } from "#server/db/schema";
import { blogPosts } from "~/features/blog/schema";
import { newsletterDeliveries, newsletterIssues, newsletterSubscriptions } from "~/features/newsletter/schema";
import { insertPost } from "../support/blog";
import { cookieHeader, createVerifiedUser, routeArgs, signedInCookie, siteRequest } from "../support/auth";
import { tempDir } from "../../scripts/support/databases";
import { testDatabases, type TestDatabase } from "../support/databases";

process.env.BETTER_AUTH_SECRET ??= "integration-test-secret-0123456789abcdef";
process.env.DATA_DIR ??= tempDir("newsletter-admin-");
const POSTAL_ADDRESS = "PO Box 1234, Wichita, KS 67201";
process.env.MAILING_POSTAL_ADDRESS = POSTAL_ADDRESS;

async function answerOf(value: unknown): Promise<{ status: number; toast?: any; body?: any }> {
  if (value instanceof Response) {
    const flash = await takeFlashToast(new Request("http://site.test/", { headers: { cookie: cookieHeader(value.headers.getSetCookie()) } }));
    return { status: value.status, toast: flash.toast ?? undefined };
  }
  const wrapped = value as { data: any; init: { status?: number } | null };
  return { status: wrapped.init?.status ?? 200, toast: wrapped.data?.toast, body: wrapped.data };
}

describe.each(testDatabases.map((d) => [d.name, d] as const))("admin newsletter on %s", (_name, database) => {
  let db: TestDatabase;
  let adminCookie: string;
  let memberCookie: string;

  beforeAll(async () => {
    db = await database.open();
    await ensureAdmin({ email: "letters@example.test", password: "letters-password-1" });
    adminCookie = await signedInCookie("letters@example.test", "letters-password-1");
    await createVerifiedUser("member@example.test", "member-password-1");
    memberCookie = await signedInCookie("member@example.test", "member-password-1");
  });
  afterAll(() => db.close());
  beforeEach(async () => {
    await db.db.delete(newsletterDeliveries);
    await db.db.delete(newsletterIssues);
    await db.db.delete(emailOutbox).where(inArray(emailOutbox.kind, [NEWSLETTER_ISSUE_KIND, NEWSLETTER_TEST_KIND]));
    await db.db.delete(newsletterSubscriptions);
    await db.db.delete(blogPosts);
    await db.db.insert(newsletterSubscriptions).values(
      Array.from({ length: 12 }, (_, i) => ({ email: `reader${i}@example.com`, source: "popup" as const, unsubscribedAt: i < 2 ? new Date() : null })),
    );
  });

  const post = async (form: Record<string, string>, cookie = adminCookie) =>
    answerOf(await adminNewsletterRoute.action(routeArgs(siteRequest("/admin/newsletter", { form, cookie })) as any));
  const page = async (query = "") => (await adminNewsletterRoute.loader(routeArgs(siteRequest(`/admin/newsletter${query}`, { cookie: adminCookie })) as any)) as any;
  const issues = () => db.db.select().from(newsletterIssues);
  /** Send answers at once; the issue is queued behind it. */
  // The job Send enqueued, run as a server's job runner runs it.
  const queuedInTheBackground = async () => {
    while (await runDueJob([issueQueuingJob]));
    expect((await issues()).map((issue) => issue.status)).toEqual(["sent"]);
  };

  it("saves a written issue sanitized like a post, with its text part", async () => {
    const saved = await post({ intent: "create-issue", postSlug: "", subject: "Spindle notes", html: '<p onclick="x()">Hello <b>shop</b></p><script>alert(1)</script>' });
    expect(saved).toMatchObject({ status: 302, toast: { kind: "success", title: "Issue saved" } });
    const [issue] = await issues();
    expect(issue).toMatchObject({ subject: "Spindle notes", html: "<p>Hello <b>shop</b></p>", status: "draft", postId: null });
    expect(issue!.text).toContain("Hello shop");
    const shown = (await page()).data;
    expect(shown.activeSubscribers).toBe(10);
    expect(shown.issues).toMatchObject([{ subject: "Spindle notes", status: "draft", queued: 0, sent: 0 }]);
  });

  it("asks for a subject and a body, unless a post is picked", async () => {
    const refused = await post({ intent: "create-issue", postSlug: "", subject: "", html: "  " });
    expect(refused.status).toBe(400);
    expect(refused.body.reply.error).toEqual({ subject: ["Please enter a subject, or pick a post."], html: ["Please write the issue, or pick a post."] });
    expect(await issues()).toHaveLength(0);
  });

  it("starts an issue from a published post: its title, its text and a link to it; a draft is refused", async () => {
    await insertPost(db.db, { title: "Reshoring, honestly", slug: "reshoring-honestly", content: "<h2>Why</h2><p>Lead times.</p>", status: "published", publishedAt: new Date() });
    await insertPost(db.db, { title: "Not yet", slug: "not-yet", content: "<p>Draft</p>", status: "draft" });
    expect((await post({ intent: "create-issue", postSlug: "reshoring-honestly", subject: "", html: "" })).status).toBe(302);
    const [issue] = await issues();
    expect(issue!.subject).toBe("Reshoring, honestly");
    expect(issue!.html).toContain("<h2>Why</h2><p>Lead times.</p>");
    expect(issue!.html).toMatch(/href="http[^"]+\/blog\/reshoring-honestly">Read it on the site</);
    expect((await page()).data.posts).toEqual([{ slug: "reshoring-honestly", title: "Reshoring, honestly" }]);
    const draft = await post({ intent: "create-issue", postSlug: "not-yet", subject: "", html: "" });
    expect(draft.status).toBe(400);
    expect(draft.body.reply.error).toEqual({ postSlug: ["That post is not published any more."] });
  });

  /** Every href, src and srcset URL of an HTML part. */
  const urlsIn = (html: string) => [
    ...[...html.matchAll(/\s(?:href|src)="([^"]*)"/g)].map((m) => m[1]!),
    ...[...html.matchAll(/\ssrcset="([^"]*)"/g)].flatMap((m) => m[1]!.split(/,\s*/).map((candidate) => candidate.split(/\s+/)[0]!)),
  ];
  const BODY_WITH_LINKS =
    '<p>Book a <a href="/booking">free assessment</a> today.</p>' +
    '<p><img src="/images/blog/spindle.webp" srcset="/images/blog/spindle-480.webp 480w, /images/blog/spindle.webp 1200w" alt="Spindle"></p>' +
    '<p>More on <a href="/blog">the blog</a> and <a href="https://other.example/x">elsewhere</a>.</p>';

  it("builds an issue with every link and image absolute, and a text part with its paragraphs and link targets", async () => {
    const site = getEnv().SITE_URL;
    await post({ intent: "create-issue", postSlug: "", subject: "Links", html: BODY_WITH_LINKS });
    const [issue] = await issues();
    await post({ intent: "send-test", issueId: issue!.id, email: "owner@example.test" });
    const [message] = await db.db.select().from(emailOutbox).where(eq(emailOutbox.kind, NEWSLETTER_TEST_KIND));
    const urls = urlsIn(message!.html);
    expect(urls).toEqual(expect.arrayContaining([`${site}/booking`, `${site}/images/blog/spindle.webp`, `${site}/images/blog/spindle-480.webp`, `${site}/blog`, "https://other.example/x"]));
    expect(urls.filter((url) => !/^https?:\/\//.test(url))).toEqual([]);

    const paragraphs = message!.text.split(/\n\s*\n/).map((paragraph) => paragraph.replace(/\s+/g, " ").trim());
    expect(paragraphs).toContainEqual(expect.stringMatching(/^Book a free assessment.*today\.$/));
    expect(paragraphs).toContainEqual(expect.stringMatching(/^More on the blog.*elsewhere.*\.$/));
    expect(message!.text).toContain(`${site}/booking`);
    expect(message!.text).toContain(`${site}/blog`);
    expect(message!.text).toContain("https://other.example/x");
  });

  it("builds an issue from a post with the post's links absolute and its paragraphs in the text part", async () => {
    const site = getEnv().SITE_URL;
    await insertPost(db.db, { title: "Linked post", slug: "linked-post", content: BODY_WITH_LINKS, status: "published", publishedAt: new Date() });
    await post({ intent: "create-issue", postSlug: "linked-post", subject: "", html: "" });
    const [issue] = await issues();
    expect(urlsIn(issue!.html).filter((url) => !/^https?:\/\//.test(url))).toEqual([]);
    expect(issue!.html).toContain(`href="${site}/booking"`);
    expect(issue!.text).toMatch(/free assessment[^\n]*today\.\s*\n\s*\n/);
    expect(issue!.text).toContain(`${site}/booking`);
    expect(issue!.text).toContain(`${site}/blog/linked-post`);
  });

  it("previews an issue started from a post before it is saved: the HTML exactly as it will be stored", async () => {
    await insertPost(db.db, { title: "Preview me", slug: "preview-me", content: BODY_WITH_LINKS, status: "published", publishedAt: new Date() });
    const shown = (await page("?post=preview-me")).data;
    expect(shown.postPreview).toMatchObject({ slug: "preview-me", subject: "Preview me" });
    await post({ intent: "create-issue", postSlug: "preview-me", subject: "", html: "" });
    const [issue] = await issues();
    expect(shown.postPreview.html).toBe(issue!.html);
    expect((await page("?post=no-such-post")).data.postPreview).toBeNull();
  });

  it("sends a test to one address only: no delivery, the issue stays a draft", async () => {
    await post({ intent: "create-issue", postSlug: "", subject: "Test me", html: "<p>Body</p>" });
    const [issue] = await issues();
    const sent = await post({ intent: "send-test", issueId: issue!.id, email: "owner@example.test" });
    expect(sent).toMatchObject({ status: 200, toast: { kind: "success", title: "Test queued" } });
    const tests = await db.db.select().from(emailOutbox).where(eq(emailOutbox.kind, NEWSLETTER_TEST_KIND));
    expect(tests.map((m) => [m.to, m.subject])).toEqual([["owner@example.test", "[Test] Test me"]]);
    expect(tests[0]!.html).toContain("<p>Body</p>");
    expect(await db.db.select().from(newsletterDeliveries)).toHaveLength(0);
    expect((await issues())[0]!.status).toBe("draft");
    const bad = await post({ intent: "send-test", issueId: issue!.id, email: "not-an-address" });
    expect(bad.status).toBe(400);
  });

  it("sends once to every active subscriber; a second send changes nothing; the counts match the outbox", async () => {
    await post({ intent: "create-issue", postSlug: "", subject: "March", html: "<p>News</p>" });
    const [issue] = await issues();
    // The question first (?send=), then the send.
    expect((await page(`?send=${issue!.id}`)).data.confirmSendId).toBe(issue!.id);
    // Two presses at once: one starts the sending, the other is told it is under way.
    const presses = await Promise.all([post({ intent: "send-issue", issueId: issue!.id }), post({ intent: "send-issue", issueId: issue!.id })]);
    expect(presses.map((press) => press.toast.title).sort()).toEqual(["Already sending", "Sending started"]);
    expect(presses.find((press) => press.toast.title === "Sending started")).toMatchObject({
      status: 302,
      toast: { kind: "success", description: "Queuing for 10 subscribers; the counts below fill in as it goes." },
    });
    await queuedInTheBackground();
    expect(await post({ intent: "send-issue", issueId: issue!.id })).toMatchObject({ toast: { title: "Already sent", description: "This issue went to 10 subscribers already." } });
    expect((await page(`?send=${issue!.id}`)).data.confirmSendId).toBeNull();

    // What became of the messages: three sent, one dead, one reader leaves afterwards.
    const messages = await db.db
      .select({ id: emailOutbox.id, to: emailOutbox.to })
      .from(emailOutbox)
      .where(eq(emailOutbox.kind, NEWSLETTER_ISSUE_KIND))
      .orderBy(emailOutbox.to);
    expect(messages).toHaveLength(10);
    await db.db.update(emailOutbox).set({ status: "sent" }).where(inArray(emailOutbox.id, messages.slice(0, 3).map((m) => m.id)));
    await db.db.update(emailOutbox).set({ status: "dead" }).where(eq(emailOutbox.id, messages[3]!.id));
    const [leaving] = await db.db.select({ token: newsletterSubscriptions.unsubscribeToken }).from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, messages[9]!.to));
    await unsubscribe(leaving!.token, new Date(Date.now() + 1000));

    const [shown] = (await page()).data.issues;
    const outbox = await db.db.select({ status: emailOutbox.status }).from(emailOutbox).where(eq(emailOutbox.kind, NEWSLETTER_ISSUE_KIND));
    expect(shown).toMatchObject({
      status: "sent",
      queued: outbox.length,
      sent: outbox.filter((m) => m.status === "sent").length,
      failed: outbox.filter((m) => m.status === "dead").length,
      waiting: outbox.filter((m) => m.status === "pending" || m.status === "sending").length,
      unsubscribedSince: 1,
    });
    // The leaver's copy was dropped: five still to go out.
    expect(shown).toMatchObject({ queued: 10, sent: 3, failed: 1, waiting: 5 });
    // Every copy names the sender's postal address (CAN-SPAM), in both parts.
    const copy = await findOutboxMessage(messages[0]!.id);
    expect(copy!.text).toContain(POSTAL_ADDRESS);
    expect(copy!.html).toContain(POSTAL_ADDRESS);
  });

  it("says when the last copy is expected while copies wait for their turn in the site's pace, and the pace", async () => {
    await post({ intent: "create-issue", postSlug: "", subject: "Paced", html: "<p>News</p>" });
    const [issue] = await issues();
    await post({ intent: "send-issue", issueId: issue!.id });
    await queuedInTheBackground();
    const url = new URL("http://site.test/admin/newsletter");
    const now = new Date();
    const before = (await getNewsletterPage(url, now)).data;
    const perMinute = getEnv().NEWSLETTER_SEND_PER_MINUTE;
    expect(before.sendPerMinute).toBe(perMinute);
    // Ten copies wait: the last goes ten turns of the pace from now.
    expect(before.issues[0]!.lastDueLabel).toBe(dateTime(new Date(now.getTime() + (10 * 60_000) / perMinute)));
    // Once every copy is out, nothing waits.
    await db.db.update(emailOutbox).set({ status: "sent" }).where(eq(emailOutbox.kind, NEWSLETTER_ISSUE_KIND));
    expect((await getNewsletterPage(url, now)).data.issues[0]!.lastDueLabel).toBeNull();
  });

  it("sends nothing while the sender's postal address is not configured, and says why", async () => {
    await post({ intent: "create-issue", postSlug: "", subject: "Unaddressed", html: "<p>News</p>" });
    const [issue] = await issues();
    // This process's configuration, as a site started without MAILING_POSTAL_ADDRESS has it.
    const env = getEnv();
    env.MAILING_POSTAL_ADDRESS = undefined;
    try {
      expect((await page()).data.postalAddressMissing).toMatch(/set MAILING_POSTAL_ADDRESS/);
      const refused = await post({ intent: "send-issue", issueId: issue!.id });
      expect(refused.toast).toMatchObject({ kind: "error", title: "Not sent" });
      expect(await db.db.select().from(newsletterDeliveries)).toHaveLength(0);
      expect((await issues())[0]!.status).toBe("draft");
      // A test still goes (to the admin's own address).
      expect((await post({ intent: "send-test", issueId: issue!.id, email: "owner@example.test" })).status).toBe(200);
    } finally {
      env.MAILING_POSTAL_ADDRESS = POSTAL_ADDRESS;
    }
    expect((await page()).data.postalAddressMissing).toBeNull();
  });

  it("delivers the issue over real SMTP: each copy to its subscriber, both List-Unsubscribe headers, a text part, its own link and the postal line", async () => {
    const sink: SmtpSink = await startSmtpSink();
    const transports = createTransports(parseEnv({ SMTP_URL: sink.url, DATA_DIR: db.dataDir, SITE_URL: "https://example.com", CHECKOUT_MODE: "off" }));
    try {
      await post({ intent: "create-issue", postSlug: "", subject: "Over the wire", html: "<p>Real <b>SMTP</b>.</p>" });
      const [issue] = await issues();
      await post({ intent: "send-issue", issueId: issue!.id });
      await queuedInTheBackground();
      const run = await processDueEmails({ db: db.db, transports, now: new Date(Date.now() + 60_000), limit: 50 });
      expect(run).toMatchObject({ claimed: 10, sent: 10 });
      const tokens = new Map(
        (await db.db.select({ email: newsletterSubscriptions.email, token: newsletterSubscriptions.unsubscribeToken }).from(newsletterSubscriptions)).map((row) => [row.email, row.token]),
      );
      const received = sink.received.filter((mail) => mail.raw.includes("Over the wire"));
      expect(received).toHaveLength(10);
      for (const mail of received) {
        expect(mail.rcptTo).toHaveLength(1);
        const token = tokens.get(mail.rcptTo[0]!)!;
        const [head = "", ...body] = mail.raw.split(/\r\n\r\n/);
        const headers = head.replace(/\r\n[ \t]+/g, " ");
        expect(headers).toMatch(new RegExp(`^List-Unsubscribe: <https?://[^>]+/newsletter/one-click/${token}>$`, "m"));
        expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
        const rest = body.join("\r\n\r\n").replace(/=\r\n/g, "");
        expect(rest).toMatch(/Content-Type: text\/plain/i);
        expect(rest).toMatch(/Content-Type: text\/html/i);
        expect(rest).toContain(`/newsletter/unsubscribe/${token}`);
        expect(rest).toContain(POSTAL_ADDRESS);
      }
    } finally {
      transports.close();
      await sink.stop();
    }
  });

  it("refuses a non-admin in the loader and the action", async () => {
    const status = async (run: () => Promise<unknown>) => {
      try {
        const value = await run();
        return value instanceof Response ? value.status : "passed";
      } catch (thrown) {
        return thrown instanceof Response ? thrown.status : ((thrown as { init?: { status?: number } }).init?.status ?? "error");
      }
    };
    const form = { intent: "create-issue", postSlug: "", subject: "x", html: "<p>x</p>" };
    expect(await status(() => adminNewsletterRoute.loader(routeArgs(siteRequest("/admin/newsletter", { cookie: memberCookie })) as any))).toBe(302);
    expect(await status(() => adminNewsletterRoute.action(routeArgs(siteRequest("/admin/newsletter", { form, cookie: memberCookie })) as any))).toBe(403);
    expect(await issues()).toHaveLength(0);
  });
});
