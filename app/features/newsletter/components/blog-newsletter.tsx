// What every blog page adds at its bottom: the newsletter footer, and the popup 5 s after load.
import { NewsletterFooter } from "./newsletter-footer";
import { NewsletterPopup } from "./newsletter-popup";

export function BlogNewsletter() {
  return (
    <>
      <NewsletterFooter />
      <NewsletterPopup />
    </>
  );
}
