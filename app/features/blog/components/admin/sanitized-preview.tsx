// Beside an HTML field, what it will look like once stored: the blog's one sanitizer (the same the
// actions run), in the post page's prose styles, following the typing a beat behind.
import { useDeferredValue, useId, useMemo } from "react";
import { sanitizePostHtml } from "../../sanitize";

export function SanitizedPreview({ html, heading, testId }: { html: string; heading: string; testId: string }) {
  const headingId = useId();
  const deferred = useDeferredValue(html);
  const preview = useMemo(() => sanitizePostHtml(deferred), [deferred]);
  return (
    <section aria-labelledby={headingId} className="grid content-start gap-2">
      <h3 id={headingId} className="text-sm font-medium">
        {heading}
      </h3>
      <div
        data-testid={testId}
        className="article-prose max-h-[28rem] min-h-32 overflow-auto rounded-md border bg-background p-4"
        dangerouslySetInnerHTML={{ __html: preview }}
      />
    </section>
  );
}
