// Share links (a blog post's) and buttons (the marketplace's, data-share-url) open in the spec's
// fixed-size popup (SPEC section 7); 'Copy link' copies the post's address with the spec's toasts.
import { openSharePopup } from "~/lib/share";
import { toast } from "./toasts";

export function enhanceShare() {
  for (const link of document.querySelectorAll<HTMLAnchorElement>("a[data-share-popup]")) {
    link.addEventListener("click", (event) => {
      event.preventDefault();
      openSharePopup(link.href);
    });
  }
  for (const button of document.querySelectorAll<HTMLButtonElement>("button[data-share-url]")) {
    button.addEventListener("click", () => openSharePopup(button.dataset.shareUrl!));
  }
  for (const button of document.querySelectorAll<HTMLButtonElement>("button[data-copy-link]")) {
    button.addEventListener("click", async () => {
      try {
        await navigator.clipboard.writeText(button.dataset.copyLink!);
        toast.success("Link copied!", { description: "The post URL has been copied to your clipboard." });
      } catch {
        toast.error("Copy failed", { description: "Unable to copy link. Please try again." });
      }
    });
  }
}
