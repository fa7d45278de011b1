// The newsletter footer at the bottom of the blog pages (SPEC.md section 2). Its form works without
// JavaScript: the answer to a plain post comes back as the root's flash toast, shown here too (as
// a status line, or the field's message under the field).
import { Mail } from "lucide-react";
import { useLocation, useRouteLoaderData } from "react-router";
import type { Toast } from "~/lib/toast";
import { NEWSLETTER_FOOTER_ID, newsletterAnswer, SUBSCRIBED } from "../messages";
import { NewsletterSignupForm } from "./newsletter-signup-form";

export function NewsletterFooter() {
  const location = useLocation();
  const root = useRouteLoaderData<{ toast?: Toast | null }>("root");
  const answer = newsletterAnswer(root?.toast);
  return (
    <section
      id={NEWSLETTER_FOOTER_ID}
      aria-labelledby="newsletter-footer-title"
      // Subscribed with the plain form: the popup has nothing left to offer (app/enhance/newsletter.ts).
      data-subscribed={answer?.status?.title === SUBSCRIBED.title ? "" : undefined}
      className="border-t bg-muted/40"
    >
      <div className="mx-auto grid max-w-3xl gap-5 px-4 py-12 text-center sm:px-6 sm:py-16">
        <Mail aria-hidden="true" className="mx-auto size-10 text-brand" />
        <h2 id="newsletter-footer-title" className="text-2xl font-bold tracking-tight text-primary sm:text-3xl">
          Get Manufacturing Intelligence Delivered
        </h2>
        <p className="text-muted-foreground">
          One e-mail a month: practical CNC, lean and quality insights from the shop floor, and what is changing
          for American manufacturers. Unsubscribe with one click.
        </p>
        <NewsletterSignupForm
          id="newsletter-footer"
          source="blog_footer"
          returnTo={`${location.pathname}${location.search}`}
          fieldError={answer?.fieldError}
          className="mx-auto w-full max-w-md text-left"
        />
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
