import { useEffect } from "react";
import { useNavigation, useRevalidator } from "react-router";
import type { Route } from "./+types/admin-newsletter";
import { AdminPageHeader } from "~/components/admin-page-header";
import { useToast } from "~/components/form";
import { requireAdmin } from "~/features/auth/guards.server";
import { getNewsletterPage, newsletterActionFromAdmin } from "~/features/newsletter/admin-issues.server";
import { formatCount, IssueComposer, IssueList } from "~/features/newsletter/components/admin-issues";
import { CREATE_ISSUE_INTENT, SEND_ISSUE_INTENT } from "~/features/newsletter/issue-schema";
import { seo } from "~/lib/seo";

export const meta: Route.MetaFunction = (args) =>
  seo(args, { title: "Newsletter", description: "Write and send newsletter issues.", noIndex: true });

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  return getNewsletterPage(new URL(args.request.url));
}

export async function action(args: Route.ActionArgs) {
  await requireAdmin(args);
  return newsletterActionFromAdmin(args.request);
}

export default function AdminNewsletter({ loaderData, actionData }: Route.ComponentProps) {
  const { issues, posts, activeSubscribers, sendPerMinute, confirmSendId, postalAddressMissing } = loaderData;
  const navigation = useNavigation();
  const intent = navigation.state === "submitting" ? navigation.formData?.get("intent") : undefined;
  useToast(actionData?.toast);
  useRefreshEvery(
    issues.some((issue) => issue.status === "sending") ? QUEUING_REFRESH_MS : issues.some((issue) => issue.waiting > 0) ? SENDING_REFRESH_MS : null,
  );

  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
      <AdminPageHeader
        title="Newsletter"
        description={`Write an issue or start from a post, send yourself a test, then send it to the ${formatCount(activeSubscribers)} active subscriber${activeSubscribers === 1 ? "" : "s"}. Each gets one copy with their own unsubscribe link.`}
      />
      {postalAddressMissing ? (
        <p role="note" className="mt-6 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
          {postalAddressMissing}
        </p>
      ) : null}
      <div className="mt-8 grid items-start gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <IssueComposer
          posts={posts}
          lastResult={actionData?.intent === CREATE_ISSUE_INTENT ? actionData.reply : undefined}
          busy={intent === CREATE_ISSUE_INTENT}
        />
        <section aria-labelledby="issues-heading" className="grid gap-4">
          <h2 id="issues-heading" className="text-xl font-semibold">
            Issues ({issues.length})
          </h2>
          <IssueList
            issues={issues}
            activeSubscribers={activeSubscribers}
            sendPerMinute={sendPerMinute}
            confirmSendId={confirmSendId}
            sendingId={intent === SEND_ISSUE_INTENT ? String(navigation.formData?.get("issueId")) : null}
          />
        </section>
      </div>
    </div>
  );
}

// While an issue is being queued in the background its counts are fetched again every few seconds;
// while its copies go out at the site's pace (17 minutes for 10,000 at 600 a minute), less often.
const QUEUING_REFRESH_MS = 3_000;
const SENDING_REFRESH_MS = 5_000;

/** Fetches the page's data again every `everyMs` (none when null), not while the tab is hidden. */
function useRefreshEvery(everyMs: number | null) {
  const revalidator = useRevalidator();
  useEffect(() => {
    if (everyMs === null) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle" && document.visibilityState === "visible") void revalidator.revalidate();
    }, everyMs);
    return () => clearInterval(timer);
  }, [everyMs, revalidator]);
}
