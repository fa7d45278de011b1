// The newsletter footer at the bottom of the blog pages (SPEC.md section 2). It is also the way to
// subscribe without JavaScript (the popup needs it): the answer to a plain form post comes back as
// the root's flash toast, shown here because no script shows toasts on such a page.
import { Mail } from "lucide-react";
import { useRouteLoaderData } from "react-router";
import type { Toast } from "~/lib/toast";
import { NEWSLETTER_FOOTER_ID, newsletterAnswer } from "../schema";
import { NewsletterForm } from "./newsletter-form";

export function NewsletterFooter() {
  const root = useRouteLoaderData<{ toast?: Toast | null }>("root");
  const answer = newsletterAnswer(root?.toast);
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
        <NewsletterForm id="newsletter-footer" source="blog_footer" noScriptFieldError={answer?.fieldError} className="mx-auto w-full max-w-md text-left" />
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
