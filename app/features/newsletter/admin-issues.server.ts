// /admin/newsletter: the issues with counts read from their deliveries and the outbox (so they
// match it), and the admin's three forms: write an issue (or start it from a published post), send
// a test to one address, send it to every active subscriber (the queue in issues.server.ts).
import { parseWithZod } from "@conform-to/zod/v4";
import { desc, eq, sql } from "drizzle-orm";
import { data } from "react-router";
import type { ActionResult } from "~/components/form";
import { listPublishedPosts, findPublishedPost } from "~/features/blog/index.server";
import { NO_STORE } from "~/lib/cache-headers";
import { getEnv } from "~/lib/env.server";
import { readFormData } from "~/lib/form-data.server";
import { redirectWithToast } from "~/lib/flash-toast.server";
import { dateTime } from "~/lib/central-time";
import { isUuid } from "~/lib/list-query";
import type { Toast } from "~/lib/toast";
import { getDb, type Executor } from "#server/db/client.server";
import { emailOutbox } from "#server/db/schema";
import { newsletterDeliveries, newsletterIssues, newsletterSubscriptions } from "./schema";
import { enqueueEmail, lastBulkCopyExpectedAt } from "#server/email/outbox.server";
import { logger } from "#server/logger.server";
import type { IssueView } from "./components/admin-issues";
import { newsletterIssueEmail } from "./email-templates.server";
import { issueContent } from "./issue-content.server";
import { createIssue, startSending } from "./issues.server";
import {
  CREATE_ISSUE_INTENT,
  createIssueSchema,
  SEND_ISSUE_INTENT,
  SEND_TEST_INTENT,
  sendIssueSchema,
  sendTestSchema,
} from "./issue-schema";
import { unsubscribeUrl } from "./mailing.server";
import { countActiveSubscribers } from "./subscriber-list.server";

export const NEWSLETTER_TEST_KIND = "newsletter_test";
const ADMIN_NEWSLETTER_PATH = "/admin/newsletter";
const ISSUES_SHOWN = 50;
export const POSTAL_ADDRESS_MISSING =
  "US law (CAN-SPAM) wants the sender's postal address in every newsletter: set MAILING_POSTAL_ADDRESS and restart the site, then send. Tests can be sent meanwhile.";

/** Each issue with what became of its messages, counted from the rows themselves. */
export async function listIssuesWithCounts(executor: Executor = getDb()) {
  return executor
    .select({
      id: newsletterIssues.id,
      subject: newsletterIssues.subject,
      status: newsletterIssues.status,
      createdAt: newsletterIssues.createdAt,
      queuedAt: newsletterIssues.queuedAt,
      bodyId: newsletterIssues.emailBodyId,
      queued: sql<number>`count(${newsletterDeliveries.outboxId})::int`,
      sent: sql<number>`count(*) filter (where ${emailOutbox.status} = 'sent')::int`,
      failed: sql<number>`count(*) filter (where ${emailOutbox.status} = 'dead')::int`,
      // Still to go out: due later in the pace, or being sent now.
      waiting: sql<number>`count(*) filter (where ${emailOutbox.status} in ('pending', 'sending'))::int`,
      // Dropped from the outbox before it went (the subscriber left meanwhile), or left after it.
      unsubscribedSince: sql<number>`count(*) filter (where ${newsletterSubscriptions.unsubscribedAt} >= ${newsletterIssues.queuedAt})::int`,
    })
    .from(newsletterIssues)
    .leftJoin(newsletterDeliveries, eq(newsletterDeliveries.issueId, newsletterIssues.id))
    .leftJoin(emailOutbox, eq(emailOutbox.id, newsletterDeliveries.outboxId))
    .leftJoin(newsletterSubscriptions, eq(newsletterSubscriptions.id, newsletterDeliveries.subscriptionId))
    .groupBy(newsletterIssues.id)
    .orderBy(desc(newsletterIssues.createdAt))
    .limit(ISSUES_SHOWN);
}

export type IssueRow = Awaited<ReturnType<typeof listIssuesWithCounts>>[number];

/**
 * The page: issues, the published posts to start one from, who would get it, `?send=` question.
 * `?post=<slug>`: that post as an issue, for the composer's preview before it is saved.
 */
export async function getNewsletterPage(url: URL, now = new Date()) {
  const previewSlug = url.searchParams.get("post");
  const [issues, posts, activeSubscribers, postIssue] = await Promise.all([
    listIssuesWithCounts(),
    listPublishedPosts(),
    countActiveSubscribers(),
    previewSlug ? issueFromPost(previewSlug) : null,
  ]);
  // While copies wait for their turn in the site's pace (a later issue's behind an earlier one's).
  const lastDue = await Promise.all(issues.map((issue) => (issue.bodyId && issue.waiting > 0 ? lastBulkCopyExpectedAt(issue.bodyId, now) : null)));
  const send = url.searchParams.get("send");
  const confirmSendId = send && isUuid(send) && issues.some((issue) => issue.id === send && issue.status === "draft") ? send : null;
  return data(
    {
      issues: issues.map(
        (issue, index): IssueView => ({
          id: issue.id,
          subject: issue.subject,
          status: issue.status,
          createdLabel: dateTime(issue.createdAt),
          queuedLabel: issue.queuedAt ? dateTime(issue.queuedAt) : null,
          queued: issue.queued,
          sent: issue.sent,
          failed: issue.failed,
          waiting: issue.waiting,
          unsubscribedSince: issue.unsubscribedSince,
          lastDueLabel: lastDue[index] ? dateTime(lastDue[index]) : null,
        }),
      ),
      sendPerMinute: getEnv().NEWSLETTER_SEND_PER_MINUTE,
      posts: posts.map((post) => ({ slug: post.slug, title: post.title })),
      activeSubscribers,
      confirmSendId,
      postPreview: postIssue && previewSlug ? { slug: previewSlug, subject: postIssue.subject, html: postIssue.html } : null,
      postalAddressMissing: getEnv().MAILING_POSTAL_ADDRESS ? null : POSTAL_ADDRESS_MISSING,
    },
    { headers: NO_STORE },
  );
}

export type NewsletterActionResult = ActionResult & { intent: string; toast: Toast };

const answer = (result: NewsletterActionResult, status = 200) => data(result, { status, headers: NO_STORE });

/** A post as an issue: its title, its content (links absolute on its URL), and a link to read it on the site. */
async function issueFromPost(slug: string) {
  const post = await findPublishedPost(slug);
  if (!post) return null;
  const link = `${getEnv().SITE_URL}/blog/${encodeURIComponent(post.slug)}`;
  return { subject: post.title, ...issueContent(`${post.content}<p><a href="${link}">Read it on the site</a></p>`, link), postId: post.id };
}

async function create(formData: FormData) {
  const submission = parseWithZod(formData, { schema: createIssueSchema });
  if (submission.status !== "success") {
    return answer(
      { intent: CREATE_ISSUE_INTENT, ok: false, toast: { kind: "error", title: "Issue not saved", description: "Please check the highlighted fields." }, reply: submission.reply() },
      400,
    );
  }
  const { subject, html, postSlug } = submission.value;
  let issue: { subject: string; html: string; text: string; postId?: string } | null;
  if (postSlug) {
    issue = await issueFromPost(postSlug);
    if (!issue) {
      const message = "That post is not published any more.";
      return answer(
        { intent: CREATE_ISSUE_INTENT, ok: false, toast: { kind: "error", title: "Issue not saved", description: message }, reply: submission.reply({ fieldErrors: { postSlug: [message] } }) },
        400,
      );
    }
    if (subject) issue.subject = subject;
  } else {
    // Sanitized with the blog's one allow-list, as it will be sent.
    issue = { subject: subject!, ...issueContent(html ?? "", `${getEnv().SITE_URL}/`) };
  }
  const { id } = await createIssue(issue);
  logger.info({ issueId: id, postId: issue.postId ?? null }, "newsletter issue created");
  return redirectWithToast(ADMIN_NEWSLETTER_PATH, {
    kind: "success",
    title: "Issue saved",
    description: "Send yourself a test, then send it to your subscribers.",
  });
}

async function sendTest(formData: FormData) {
  const submission = parseWithZod(formData, { schema: sendTestSchema });
  if (submission.status !== "success") {
    return answer(
      { intent: SEND_TEST_INTENT, ok: false, toast: { kind: "error", title: "Test not sent", description: "Please enter a valid email address" }, reply: submission.reply() },
      400,
    );
  }
  const { issueId, email } = submission.value;
  const [issue] = await getDb()
    .select({ subject: newsletterIssues.subject, html: newsletterIssues.html, text: newsletterIssues.text })
    .from(newsletterIssues)
    .where(eq(newsletterIssues.id, issueId));
  if (!issue) return answer({ intent: SEND_TEST_INTENT, ok: false, toast: { kind: "error", title: "Test not sent", description: "This issue no longer exists." } }, 404);
  // A test is the issue as a subscriber gets it; its unsubscribe link leads to the page's
  // 'not found' answer (it belongs to nobody), and it is no delivery of the issue.
  const message = newsletterIssueEmail({ ...issue, subject: `[Test] ${issue.subject}`, unsubscribeUrl: unsubscribeUrl("test-message") });
  await enqueueEmail({ kind: NEWSLETTER_TEST_KIND, to: email, ...message, sendAt: new Date() });
  return answer({ intent: SEND_TEST_INTENT, ok: true, toast: { kind: "success", title: "Test queued", description: `A test of this issue is on its way to ${email}.` } });
}

async function send(formData: FormData) {
  const submission = parseWithZod(formData, { schema: sendIssueSchema });
  if (submission.status !== "success") throw data("Bad request: unknown issue.", { status: 400, headers: NO_STORE });
  if (!getEnv().MAILING_POSTAL_ADDRESS) {
    return redirectWithToast(ADMIN_NEWSLETTER_PATH, { kind: "error", title: "Not sent", description: POSTAL_ADDRESS_MISSING });
  }
  const { issueId } = submission.value;
  const outcome = await startSending(issueId);
  if (outcome.outcome === "not-found") {
    return redirectWithToast(ADMIN_NEWSLETTER_PATH, { kind: "error", title: "Not sent", description: "This issue no longer exists." });
  }
  if (outcome.outcome === "already-sent") {
    return redirectWithToast(ADMIN_NEWSLETTER_PATH, { kind: "error", title: "Already sent", description: `This issue went to ${outcome.queued.toLocaleString("en-US")} subscribers already.` });
  }
  if (outcome.outcome === "already-sending") {
    return redirectWithToast(ADMIN_NEWSLETTER_PATH, { kind: "error", title: "Already sending", description: "This issue is being sent: the counts below show how far it got." });
  }
  logger.info({ issueId }, "newsletter issue sending");
  const audience = await countActiveSubscribers();
  return redirectWithToast(ADMIN_NEWSLETTER_PATH, {
    kind: "success",
    title: "Sending started",
    description: `Queuing for ${audience.toLocaleString("en-US")} subscriber${audience === 1 ? "" : "s"}; the counts below fill in as it goes.`,
  });
}

export async function newsletterActionFromAdmin(request: Request) {
  const formData = await readFormData(request, { schema: [createIssueSchema, sendTestSchema, sendIssueSchema] });
  switch (formData.get("intent")) {
    case CREATE_ISSUE_INTENT:
      return create(formData);
    case SEND_TEST_INTENT:
      return sendTest(formData);
    case SEND_ISSUE_INTENT:
      return send(formData);
    default:
      throw data("Bad request: unknown form.", { status: 400, headers: NO_STORE });
  }
}
