// The newsletter footer at the bottom of the blog pages (SPEC.md section 2). It is also the way to
// subscribe without JavaScript (the popup needs it): the answer to a plain form post comes back as
// the root's flash toast, shown here because no script shows toasts on such a page.
//
// The server renders a plain form, the one a visitor without JavaScript uses: it sends `returnTo`,
// and the answer is a redirect back here. Once the page runs its scripts, the house form kit's form
// (Conform and the Zod schema, 35 KB of gzip, loaded then: not on the page's first load) takes over.
import { Mail } from "lucide-react";
import { lazy, Suspense, useLayoutEffect, type ReactNode } from "react";
import { useLocation, useRouteLoaderData } from "react-router";
import { Button } from "~/components/ui/button";
import { useHydrated } from "~/components/use-hydrated";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import type { Toast } from "~/lib/toast";
import { NEWSLETTER_FOOTER_ID, newsletterAnswer, SUBSCRIBE_ACTION } from "../messages";

const FORM_ID = "newsletter-footer";
const FORM_CLASS = "mx-auto w-full max-w-md text-left";

/** What was typed into the field, and whether it had focus, while the form it was in is replaced. */
let carried: { value: string; focused: boolean } | null = null;

/**
 * Each swap mounts a new field: the plain form rendered again as the fallback once hydrated, then
 * the kit's form once its code has loaded. A visitor typing meanwhile keeps what was typed and the
 * caret's field: the leaving field hands both over as it unmounts, the arriving one takes them in
 * the same commit (layout effects: before the browser paints or takes another keystroke).
 */
function KeepsTyping({ children }: { children: ReactNode }) {
  useLayoutEffect(() => {
    const input = document.getElementById(`${FORM_ID}-email`);
    if (!(input instanceof HTMLInputElement)) return;
    if (carried) {
      if (!input.value) input.value = carried.value;
      if (carried.focused) input.focus();
      carried = null;
    }
    return () => {
      carried = { value: input.value, focused: document.activeElement === input };
      // Only a field mounted in this same commit takes it; a later visit starts empty.
      queueMicrotask(() => {
        carried = null;
      });
    };
  }, []);
  return children;
}

const NewsletterForm = lazy(() => import("./newsletter-form").then((module) => ({ default: module.NewsletterForm })));

/** The form as plain HTML (the same look as the kit's): without JavaScript, and until it loads. */
function PlainForm({ fieldError }: { fieldError?: string }) {
  const location = useLocation();
  return (
    <form method="post" action={SUBSCRIBE_ACTION} noValidate className={`grid gap-3 ${FORM_CLASS}`}>
      <input type="hidden" name="source" value="blog_footer" />
      <input type="hidden" name="returnTo" value={`${location.pathname}${location.search}`} />
      <div className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-start">
        <div className="grid gap-2">
          <Label htmlFor={`${FORM_ID}-email`}>
            <span className="sr-only">Email address</span>
          </Label>
          <Input id={`${FORM_ID}-email`} name="email" type="email" autoComplete="email" placeholder="Enter your email" aria-invalid={fieldError ? true : undefined} />
          {fieldError ? <p className="text-sm text-destructive">{fieldError}</p> : null}
        </div>
        <Button type="submit" variant="brand" className="h-9 sm:mt-2">
          Subscribe
        </Button>
      </div>
    </form>
  );
}

export function NewsletterFooter() {
  const root = useRouteLoaderData<{ toast?: Toast | null }>("root");
  const answer = newsletterAnswer(root?.toast);
  const hydrated = useHydrated();
  const plainForm = (
    <KeepsTyping>
      <PlainForm fieldError={answer?.fieldError} />
    </KeepsTyping>
  );
  return (
    <section id={NEWSLETTER_FOOTER_ID} aria-labelledby="newsletter-footer-title" className="border-t bg-muted/40">
      <div className="mx-auto grid max-w-3xl gap-5 px-4 py-12 text-center sm:px-6 sm:py-16">
        <Mail aria-hidden="true" className="mx-auto size-10 text-brand" />
        <h2 id="newsletter-footer-title" className="text-2xl font-bold tracking-tight text-primary sm:text-3xl">
          Get Manufacturing Intelligence Delivered
        </h2>
        <p className="text-muted-foreground">
          One e-mail a month: practical CNC, lean and quality insights from the shop floor, and what is changing
          for American manufacturers. Unsubscribe with one click.
        </p>
        {hydrated ? (
          <Suspense fallback={plainForm}>
            <KeepsTyping>
              <NewsletterForm id={FORM_ID} source="blog_footer" redirectedFieldError={answer?.fieldError} className={FORM_CLASS} />
            </KeepsTyping>
          </Suspense>
        ) : (
          plainForm
        )}
        {answer?.status ? (
          <p
            role={answer.status.kind === "error" ? "alert" : "status"}
            className={answer.status.kind === "error" ? "text-sm text-destructive" : "text-sm font-medium text-primary"}
          >
            <strong>{answer.status.title}</strong> {answer.status.description}
          </p>
        ) : null}
      </div>
    </section>
  );
}
