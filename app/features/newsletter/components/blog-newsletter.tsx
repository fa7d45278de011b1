// What every blog page adds at its bottom: the newsletter footer, and the popup 5 s after load.
import { NewsletterFooter } from "./newsletter-footer";
import { NewsletterPopupTrigger } from "./newsletter-popup-trigger";

export function BlogNewsletter() {
  return (
    <>
      <NewsletterFooter />
      <NewsletterPopupTrigger />
    </>
  );
}
