import { Loader2 } from "lucide-react";
import { useState } from "react";
import { toast } from "~/components/toast";
import { Button } from "~/components/ui/button";
import { bootcamp } from "~/content/bootcamp";
import { cn } from "~/lib/utils";
import { readAffiliateRef } from "./affiliate-ref";

// The create-payment call (SPEC sections 4 and 7). The payments issue provides the endpoint; until
// then the request fails and the visitor sees the spec's error toast.
export const CREATE_PAYMENT_ENDPOINT = "/api/create-payment";

type CreatePaymentResponse = { url?: unknown; error?: unknown };

async function createCheckout(affiliateRef: string | null): Promise<string | null> {
  const response = await fetch(CREATE_PAYMENT_ENDPOINT, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify({ affiliateRef }),
  });
  if (!response.ok) return null;
  const data = (await response.json().catch(() => null)) as CreatePaymentResponse | null;
  return typeof data?.url === "string" && data.url.length > 0 ? data.url : null;
}

/** 'Enroll Now' with the bootcamp price: starts the hosted checkout in a new tab. */
export function EnrollButton({ className, size = "lg" }: { className?: string; size?: "default" | "lg" }) {
  const [busy, setBusy] = useState(false);

  async function enroll() {
    setBusy(true);
    toast.info("Redirecting to secure checkout...");
    try {
      const url = await createCheckout(readAffiliateRef());
      if (!url) throw new Error("no checkout url");
      // The url arrives after an await, so a popup blocker may refuse the new tab; then go there here.
      const opened = window.open(url, "_blank");
      if (opened) opened.opener = null;
      else window.location.assign(url);
    } catch {
      toast.error("Unable to start checkout. Please try again.");
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button type="button" variant="brand" size={size} className={cn("min-w-44", className)} disabled={busy} onClick={enroll}>
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
  );
}
