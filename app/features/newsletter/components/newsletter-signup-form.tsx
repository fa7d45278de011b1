// The sign-up form of the footer and the popup: a plain form posting to /newsletter. Without
// scripts the footer's posts with `returnTo` and comes back to itself with the answer; the blog
// pages' enhancement (app/enhance/newsletter.ts) posts it in place and shows the answer as a toast
// and, for the e-mail field's, under the field. The busy label shows while the button is aria-busy.
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { cn } from "~/lib/utils";
import { SUBSCRIBE_ACTION, type NewsletterSource } from "../messages";

export function NewsletterSignupForm({
  id,
  source,
  returnTo,
  fieldError,
  className,
}: {
  id: string;
  source: NewsletterSource;
  /** Where the answer to a plain post comes back (the footer's page). */
  returnTo?: string;
  /** The field's message a plain post came back with. */
  fieldError?: string;
  className?: string;
}) {
  const errorId = `${id}-email-error`;
  return (
    <form id={id} method="post" action={SUBSCRIBE_ACTION} noValidate data-newsletter-form="" className={cn("grid gap-3", className)}>
      <input type="hidden" name="source" value={source} />
      {returnTo ? <input type="hidden" name="returnTo" value={returnTo} /> : null}
      <div className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-start">
        <div className="grid gap-2">
          <Label htmlFor={`${id}-email`}>
            <span className="sr-only">Email address</span>
          </Label>
          <Input
            id={`${id}-email`}
            name="email"
            type="email"
            autoComplete="email"
            placeholder="Enter your email"
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={fieldError ? errorId : undefined}
          />
          <p id={errorId} data-field-error="" className="text-sm text-destructive" hidden={!fieldError}>
            {fieldError}
          </p>
        </div>
        {/* Level with the input: the field's (visually hidden) label row takes its gap above it. */}
        <Button type="submit" variant="brand" className="group h-9 sm:mt-2">
          <span className="group-aria-busy:hidden">Subscribe</span>
          <span className="hidden group-aria-busy:inline">Subscribing...</span>
        </Button>
      </div>
    </form>
  );
}
