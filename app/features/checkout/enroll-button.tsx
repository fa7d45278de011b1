import { Loader2 } from "lucide-react";
import { useState } from "react";
import { toast } from "~/components/toast";
import { Button } from "~/components/ui/button";
import { bootcamp } from "~/content/bootcamp";
import { cn } from "~/lib/utils";
import { readAffiliateRef } from "./affiliate-ref";
import { CHECKOUT_FAILED_MESSAGE, CREATE_PAYMENT_PATH } from "./messages";

// 'Enroll Now' (SPEC.md sections 4 and 8, decision 019). A form posting to create-payment into a
// new tab: before the scripts run (or without them) the browser posts it and follows the 303 to the
// checkout (no session storage without scripts: the server reads the attribution cookie). With them,
// the button asks for the checkout's address itself, to keep the spec's
// 'Processing...' and toasts, and sends the tab it opened in the click there.
export function EnrollButton({ className, size = "lg" }: { className?: string; size?: "default" | "lg" }) {
  const [busy, setBusy] = useState(false);

  async function enroll(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    setBusy(true);
    toast.info("Redirecting to secure checkout...");
    // Opened now, within the click, so no popup blocker refuses it; sent to the checkout once known.
    const tab = window.open("", "_blank");
    let detail: string | undefined;
    try {
      const response = await fetch(form.action, {
        method: "POST",
        headers: { Accept: "application/json" },
        // The page's reference (kept from ?ref= in session storage), read as the visitor clicks; the
        // server falls back to the attribution cookie.
        body: new URLSearchParams({ affiliateRef: readAffiliateRef() ?? "" }),
      });
      const data = (await response.json().catch(() => null)) as { url?: unknown; detail?: unknown } | null;
      // The server's reason, when there is one worth telling (no checkout on this site).
      detail = typeof data?.detail === "string" ? data.detail : undefined;
      if (!response.ok || typeof data?.url !== "string" || !data.url) throw new Error("No checkout URL returned");
      if (tab) {
        tab.opener = null;
        tab.location.href = data.url;
      } else {
        window.location.assign(data.url);
      }
    } catch {
      tab?.close();
      toast.error(CHECKOUT_FAILED_MESSAGE, detail ? { description: detail } : undefined);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form method="post" action={CREATE_PAYMENT_PATH} target="_blank" onSubmit={enroll} className="contents">
      <Button type="submit" variant="brand" size={size} className={cn("min-w-44", className)} disabled={busy} aria-busy={busy}>
        {busy ? (
          <>
            <Loader2 aria-hidden="true" className="animate-spin" />
            Processing...
          </>
        ) : (
          <>
            {bootcamp.enrollLabel} — {bootcamp.price.display}
          </>
        )}
      </Button>
    </form>
  );
}
