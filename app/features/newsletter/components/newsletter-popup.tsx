// The newsletter popup (SPEC.md section 2), fetched after hydration, off the first paint
// (newsletter-popup-trigger.tsx decides when it opens). Closing it or subscribing marks it shown.
import { Mail } from "lucide-react";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { NewsletterForm } from "./newsletter-form";

export default function NewsletterPopup({ onDone }: { onDone: () => void }) {
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onDone())}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <Mail aria-hidden="true" className="mx-auto size-10 text-brand sm:mx-0" />
          <DialogTitle className="text-xl text-primary">Join the Manufacturing Intelligence Newsletter</DialogTitle>
          <DialogDescription>
            One e-mail a month with practical insights for manufacturers. No spam; unsubscribe with one click.
          </DialogDescription>
        </DialogHeader>
        <NewsletterForm id="newsletter-popup" source="popup" onSubscribed={onDone} />
      </DialogContent>
    </Dialog>
  );
}
