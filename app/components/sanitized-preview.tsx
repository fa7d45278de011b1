// Beside an HTML field, what it will look like once stored: the site's one sanitizer (the same the
// actions run), in the post page's prose styles, following the typing a beat behind. Its scroll box
// takes the keyboard's focus (a wide table scrolls sideways on a phone), named by its heading.
import { useDeferredValue, useId, useMemo } from "react";
import { sanitizePostHtml } from "~/lib/sanitize";

export function SanitizedPreview({
  html,
  heading,
  testId,
  baseUrl,
}: {
  html: string;
  heading: string;
  testId: string;
  /** Where its relative links point from, when they are sent absolute (a newsletter issue). */
  baseUrl?: string;
}) {
  const headingId = useId();
  const deferred = useDeferredValue(html);
  const preview = useMemo(() => sanitizePostHtml(deferred, { baseUrl }), [deferred, baseUrl]);
  return (
    <div className="grid content-start gap-2">
      <h3 id={headingId} className="text-sm font-medium">
        {heading}
      </h3>
      <div
        role="region"
        aria-labelledby={headingId}
        tabIndex={0}
        data-testid={testId}
        className="article-prose max-h-[28rem] min-h-32 overflow-auto rounded-md border bg-background p-4 focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
        dangerouslySetInnerHTML={{ __html: preview }}
      />
    </div>
  );
}
