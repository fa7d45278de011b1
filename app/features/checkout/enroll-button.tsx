import { Loader2 } from "lucide-react";
import { Button } from "~/components/ui/button";
import { bootcamp } from "~/content/bootcamp";
import { cn } from "~/lib/utils";
import { CREATE_PAYMENT_PATH } from "./messages";

// 'Enroll Now' (SPEC.md sections 4 and 8, decision 019). A form posting to create-payment into a
// new tab: without scripts the browser posts it and follows the 303 to the checkout (the server
// reads the attribution cookie). The bootcamp page's enhancement (app/enhance/enroll.ts) asks for
// the checkout's address itself, to keep the spec's 'Processing...' and toasts, and sends the tab
// it opened in the click there. The busy label shows while the button is aria-busy.
export function EnrollButton({ className, size = "lg" }: { className?: string; size?: "default" | "lg" }) {
  return (
    <form method="post" action={CREATE_PAYMENT_PATH} target="_blank" data-enroll="" className="contents">
      <Button type="submit" variant="brand" size={size} className={cn("group min-w-44", className)}>
        <span className="group-aria-busy:hidden">
          {bootcamp.enrollLabel} — {bootcamp.price.display}
        </span>
        <span className="hidden items-center gap-2 group-aria-busy:inline-flex">
          <Loader2 aria-hidden="true" className="animate-spin" />
          Processing...
        </span>
      </Button>
    </form>
  );
}
