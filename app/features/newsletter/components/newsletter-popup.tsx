// The newsletter popup (SPEC.md section 2): a native dialog in the blog pages' HTML, opened 5 s
// after the page loads by app/enhance/newsletter.ts unless this browser has it marked shown.
// Closing it or subscribing marks it shown.
import { Mail } from "lucide-react";
import { NativeDialog } from "~/components/native-dialog";
import { NEWSLETTER_POPUP_ID } from "../messages";
import { NewsletterSignupForm } from "./newsletter-signup-form";

export function NewsletterPopup() {
  return (
    <NativeDialog id={NEWSLETTER_POPUP_ID} labelledBy={`${NEWSLETTER_POPUP_ID}-title`} describedBy={`${NEWSLETTER_POPUP_ID}-description`} className="sm:max-w-md">
      <div className="flex flex-col gap-2 text-center sm:text-left">
        <Mail aria-hidden="true" className="mx-auto size-10 text-brand sm:mx-0" />
        <h2 id={`${NEWSLETTER_POPUP_ID}-title`} className="text-xl leading-none font-semibold text-primary">
          Join the Manufacturing Intelligence Newsletter
        </h2>
        <p id={`${NEWSLETTER_POPUP_ID}-description`} className="text-sm text-muted-foreground">
          One e-mail a month with practical insights for manufacturers. No spam; unsubscribe with one click.
        </p>
      </div>
      <NewsletterSignupForm id="newsletter-popup-form" source="popup" />
    </NativeDialog>
  );
}
