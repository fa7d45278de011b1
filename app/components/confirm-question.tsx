// The admin lists' "are you sure?" step that works without JavaScript: a link (?delete=<id>,
// ?unsubscribe=<id>) shows this question in place, focused for keyboard and screen-reader users;
// its button posts the form, the other link goes back to the list.
import { Form, Link } from "react-router";
import { SubmitButton } from "~/components/form";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/utils";
import { useFocusOnMount } from "./use-focus-on-mount";

export function ConfirmQuestion({
  id,
  question,
  action,
  fields,
  confirmLabel,
  busyText,
  keepLabel,
  keepHref,
  busy,
  className,
}: {
  /** Unique on the page: names the question for assistive technology. */
  id: string;
  question: React.ReactNode;
  /** Where the form posts. */
  action: string;
  /** The hidden fields the action reads (intent, the item's id). */
  fields: Record<string, string>;
  confirmLabel: string;
  busyText: string;
  keepLabel: string;
  keepHref: string;
  busy: boolean;
  className?: string;
}) {
  const ref = useFocusOnMount<HTMLDivElement>();
  return (
    <div
      role="group"
      aria-labelledby={id}
      ref={ref}
      tabIndex={-1}
      autoFocus
      className={cn(
        "rounded-lg border border-destructive/40 bg-destructive/5 p-3 outline-none focus-visible:ring-[3px] focus-visible:ring-destructive/30",
        className,
      )}
    >
      <p id={id} className="text-sm font-medium break-words">
        {question}
      </p>
      <Form method="post" action={action} className="mt-3 flex flex-wrap gap-2">
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <SubmitButton busy={busy} busyText={busyText} variant="destructive" size="sm">
          {confirmLabel}
        </SubmitButton>
        <Button asChild variant="outline" size="sm">
          <Link to={keepHref} preventScrollReset>
            {keepLabel}
          </Link>
        </Button>
      </Form>
    </div>
  );
}
