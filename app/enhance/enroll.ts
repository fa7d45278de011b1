// 'Enroll Now' on the bootcamp page (app/features/checkout/enroll-button.tsx): busy while it asks
// for the checkout's address, with the spec's toasts, and the checkout in a tab opened within the
// click (so no popup blocker refuses it). The page's affiliate reference (?ref=, kept in session
// storage) goes with it; the server falls back to the attribution cookie.
import { captureAffiliateRef, readAffiliateRef } from "~/features/checkout/affiliate-ref";
import { CHECKOUT_FAILED_MESSAGE } from "~/features/checkout/messages";
import { toast } from "./toasts";

export function enhanceEnroll() {
  const forms = document.querySelectorAll<HTMLFormElement>("form[data-enroll]");
  if (forms.length === 0) return;
  // An affiliate's ?ref= stays with this browser session until checkout (SPEC section 4).
  captureAffiliateRef(location.search);
  for (const form of forms) form.addEventListener("submit", (event) => void enroll(event, form));
}

async function enroll(event: SubmitEvent, form: HTMLFormElement) {
  event.preventDefault();
  const button = form.querySelector("button")!;
  if (button.disabled) return;
  button.disabled = true;
  button.setAttribute("aria-busy", "true");
  toast.info("Redirecting to secure checkout...");
  const tab = window.open("", "_blank");
  let detail: string | undefined;
  try {
    const response = await fetch(form.action, {
      method: "POST",
      headers: { Accept: "application/json" },
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
    button.disabled = false;
    button.removeAttribute("aria-busy");
  }
}
