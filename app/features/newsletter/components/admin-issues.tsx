// /admin/newsletter's parts: the issue composer (a post or your own words, with a preview exactly
// as it will be sent) and the issues with their counts, a test send and the send question.
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Send } from "lucide-react";
import { useEffect } from "react";
import { Form, Link, useFetcher, useRouteLoaderData } from "react-router";
import { ConfirmQuestion } from "~/components/confirm-question";
import { Field, FormError, SelectField, SubmitButton, TextareaField, useFetcherToast, VALIDATION_TIMING, type ActionResult } from "~/components/form";
import { StatusBadge } from "~/components/status-badge";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { SanitizedPreview } from "~/components/sanitized-preview";
import { CREATE_ISSUE_INTENT, createIssueSchema, issueStatusLooks, SEND_ISSUE_INTENT, SEND_TEST_INTENT, type IssueStatus } from "../issue-schema";

export function IssueComposer({
  posts,
  lastResult,
  busy,
}: {
  posts: ReadonlyArray<{ slug: string; title: string }>;
  lastResult: SubmissionResult<string[]> | undefined;
  busy: boolean;
}) {
  const [form, fields] = useForm({
    id: "issue-composer",
    lastResult,
    constraint: getZodConstraint(createIssueSchema),
    ...VALIDATION_TIMING,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: createIssueSchema }),
  });
  const postSlug = fields.postSlug.value;
  const postPreview = usePostPreview(postSlug);
  const siteUrl = useRouteLoaderData<{ env?: { siteUrl: string } }>("root")?.env?.siteUrl;

  return (
    <Form method="post" action="/admin/newsletter" {...getFormProps(form)} className="grid gap-5 rounded-xl border bg-card p-5 shadow-sm">
      <h2 className="text-xl font-semibold">New issue</h2>
      <input type="hidden" name="intent" value={CREATE_ISSUE_INTENT} />
      <FormError id={form.errorId} errors={form.errors} />
      <SelectField
        field={fields.postSlug}
        label="Start from a post"
        placeholder="Write your own issue"
        options={posts.map((post) => ({ value: post.slug, label: post.title }))}
        description="A published post: its title, its text and a link to read it on the site."
      />
      <Field
        field={fields.subject}
        label={postSlug ? "Subject (the post's title if left empty)" : "Subject"}
        placeholder={postPreview?.subject ?? "This month on the shop floor"}
      />
      <div className="grid items-start gap-4 xl:grid-cols-2">
        <TextareaField
          field={fields.html}
          label="Body (HTML)"
          rows={12}
          placeholder="<p>Hello from the shop floor…</p>"
          description={postSlug ? "Not used when a post is picked." : "Sanitized like a blog post: scripts, styles and frames are removed."}
        />
        <SanitizedPreview
          html={postSlug ? (postPreview?.html ?? "") : (fields.html.value ?? "")}
          baseUrl={siteUrl ? `${siteUrl}/` : undefined}
          heading="Preview (as sent)"
          testId="issue-preview"
        />
      </div>
      <div>
        <SubmitButton busy={busy} busyText="Saving...">
          Save issue
        </SubmitButton>
      </div>
    </Form>
  );
}

type PostPreview = { slug: string; subject: string; html: string };

/** The picked post as an issue (the page's loader with `?post=`), fetched as soon as it is picked. */
function usePostPreview(slug: string | undefined): PostPreview | null {
  const fetcher = useFetcher<{ postPreview: PostPreview | null }>();
  const { load } = fetcher;
  useEffect(() => {
    if (slug) void load(`/admin/newsletter?post=${encodeURIComponent(slug)}`);
  }, [slug, load]);
  const preview = fetcher.data?.postPreview;
  return slug && preview?.slug === slug ? preview : null;
}

/** 10,000 rather than 10000. */
export const formatCount = (n: number) => n.toLocaleString("en-US");

export type IssueView = {
  id: string;
  subject: string;
  status: IssueStatus;
  createdLabel: string;
  queuedLabel: string | null;
  queued: number;
  sent: number;
  failed: number;
  /** Copies still to go out (the page refreshes itself until none are left). */
  waiting: number;
  unsubscribedSince: number;
  /** When the issue's last copy is due, while some still wait for their turn in the pace. */
  lastDueLabel: string | null;
};

export function IssueList({
  issues,
  activeSubscribers,
  sendPerMinute,
  confirmSendId,
  sendingId,
}: {
  issues: readonly IssueView[];
  activeSubscribers: number;
  /** NEWSLETTER_SEND_PER_MINUTE: the site's pace, all issues together. */
  sendPerMinute: number;
  confirmSendId: string | null;
  sendingId: string | null;
}) {
  if (issues.length === 0) {
    return <p className="rounded-xl border border-dashed p-8 text-center text-muted-foreground">No issues yet. Write the first one.</p>;
  }
  return (
    <ul className="grid gap-4">
      {issues.map((issue) => (
        <li key={issue.id} className="@container rounded-xl border bg-card p-5 shadow-sm" aria-labelledby={`issue-${issue.id}`}>
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div className="min-w-0">
              <h3 id={`issue-${issue.id}`} className="font-semibold break-words">
                {issue.subject}
              </h3>
              <p className="text-sm text-muted-foreground">
                Written {issue.createdLabel}
                {issue.queuedLabel ? ` · sent ${issue.queuedLabel}` : ""}
              </p>
            </div>
            <StatusBadge look={issueStatusLooks[issue.status]} />
          </div>
          {issue.status !== "draft" ? (
            // Four across only where the card is wide enough ('Unsubscribed since' overflowed the
            // narrow column beside the composer).
            <dl className="mt-4 grid grid-cols-2 gap-3 text-sm @lg:grid-cols-4" aria-label={`Counts for ${issue.subject}`}>
              <Count label="Queued" value={issue.queued} />
              <Count label="Sent" value={issue.sent} />
              <Count label="Failed" value={issue.failed} />
              <Count label="Unsubscribed since" value={issue.unsubscribedSince} />
            </dl>
          ) : null}
          {issue.lastDueLabel ? (
            <p className="mt-3 text-sm text-muted-foreground">
              {`Going out at ${formatCount(sendPerMinute)} a minute, all issues together; the last copy is due ${issue.lastDueLabel}.`}
            </p>
          ) : null}
          {issue.status === "sending" ? (
            <p role="status" className="mt-3 text-sm text-muted-foreground">
              {`Queuing: ${formatCount(issue.queued)} of ${formatCount(activeSubscribers)} so far.`}
            </p>
          ) : null}
          {issue.status === "draft" ? (
            <div className="mt-4 grid gap-3">
              <TestSendForm issueId={issue.id} subject={issue.subject} />
              {confirmSendId === issue.id ? (
                <ConfirmQuestion
                  id={`send-question-${issue.id}`}
                  question={`Send "${issue.subject}" to ${formatCount(activeSubscribers)} subscriber${activeSubscribers === 1 ? "" : "s"}? Each gets one copy.`}
                  action="/admin/newsletter"
                  fields={{ intent: SEND_ISSUE_INTENT, issueId: issue.id }}
                  confirmLabel="Send now"
                  busyText="Sending..."
                  keepLabel="Not yet"
                  keepHref="/admin/newsletter"
                  busy={sendingId === issue.id}
                />
              ) : (
                <div>
                  <Button asChild>
                    <Link to={`/admin/newsletter?send=${issue.id}`} preventScrollReset aria-label={`Send ${issue.subject} to subscribers`}>
                      <Send aria-hidden="true" />
                      Send to {formatCount(activeSubscribers)} subscriber{activeSubscribers === 1 ? "" : "s"}
                    </Link>
                  </Button>
                </div>
              )}
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

function Count({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-lg border bg-background p-3">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="text-lg font-semibold tabular-nums">{formatCount(value)}</dd>
    </div>
  );
}

/** A test to one address, without leaving the page (a fetcher; a plain post without scripts). */
function TestSendForm({ issueId, subject }: { issueId: string; subject: string }) {
  const fetcher = useFetcher<ActionResult>();
  useFetcherToast(fetcher);
  const inputId = `test-address-${issueId}`;
  return (
    <fetcher.Form method="post" action="/admin/newsletter" className="flex flex-wrap items-end gap-2">
      <input type="hidden" name="intent" value={SEND_TEST_INTENT} />
      <input type="hidden" name="issueId" value={issueId} />
      <div className="grid min-w-56 flex-1 gap-1">
        <label htmlFor={inputId} className="text-sm font-medium">
          Send a test of "{subject}" to
        </label>
        <Input id={inputId} name="email" type="email" required autoComplete="email" placeholder="you@example.com" />
      </div>
      <SubmitButton busy={fetcher.state !== "idle"} busyText="Sending..." variant="outline">
        Send test
      </SubmitButton>
    </fetcher.Form>
  );
}
