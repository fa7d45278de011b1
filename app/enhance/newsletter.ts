// The blog pages' newsletter (SPEC.md sections 2, 6, 9): the footer's and the popup's forms post in
// place and answer with the spec's toasts (the server's answer: it checks the address), the popup
// opens 5 s after the page's navigation started unless this browser has it marked shown, and
// closing it or subscribing anywhere marks it shown.
import { NEWSLETTER_FOOTER_ID, NEWSLETTER_POPUP_ID, newsletterAnswer, POPUP_DELAY_MS, SUBSCRIPTION_FAILED } from "~/features/newsletter/messages";
import { markPopupShown, popupShown } from "~/features/newsletter/popup-flag";
import type { Toast } from "~/lib/toast";
import { toast } from "./toasts";

export function enhanceNewsletter() {
  for (const form of document.querySelectorAll<HTMLFormElement>("form[data-newsletter-form]")) {
    form.addEventListener("submit", (event) => void subscribe(event, form));
  }
  // Subscribed with the footer's plain form (before the scripts ran): no popup, now or later.
  if (document.querySelector(`#${NEWSLETTER_FOOTER_ID}[data-subscribed]`)) markPopupShown();
  const popup = document.getElementById(NEWSLETTER_POPUP_ID);
  if (!(popup instanceof HTMLDialogElement) || popupShown()) return;
  popup.addEventListener("close", markPopupShown);
  // performance.now() counts from the navigation's start: slow scripts do not delay the popup.
  setTimeout(
    () => {
      // Subscribed in the footer meanwhile: not now either.
      if (!popupShown()) popup.showModal();
    },
    Math.max(0, POPUP_DELAY_MS - performance.now()),
  );
}

function showFieldError(form: HTMLFormElement, message: string | undefined) {
  const input = form.querySelector<HTMLInputElement>("input[name=email]")!;
  const error = form.querySelector<HTMLElement>("[data-field-error]")!;
  error.textContent = message ?? "";
  error.hidden = !message;
  if (message) {
    input.setAttribute("aria-invalid", "true");
    input.setAttribute("aria-describedby", error.id);
  } else {
    input.removeAttribute("aria-invalid");
    input.removeAttribute("aria-describedby");
  }
}

async function subscribe(event: SubmitEvent, form: HTMLFormElement) {
  event.preventDefault();
  const button = form.querySelector<HTMLButtonElement>("button[type=submit]")!;
  if (button.disabled) return;
  const body = new FormData(form);
  // Answered here, not by a redirect back to the page.
  body.delete("returnTo");
  button.disabled = true;
  button.setAttribute("aria-busy", "true");
  const answer = await fetch(form.action, { method: "POST", body, headers: { Accept: "application/json" } })
    .then((response) => response.json() as Promise<{ ok?: boolean; toast?: Toast }>)
    .catch(() => null);
  button.disabled = false;
  button.removeAttribute("aria-busy");
  const shown = answer?.toast ?? SUBSCRIPTION_FAILED;
  toast[shown.kind](shown.title, { description: shown.description });
  showFieldError(form, newsletterAnswer(shown)?.fieldError);
  if (!answer?.ok) return;
  form.reset();
  // Subscribed (here or in the popup): the popup has nothing left to offer, on this page or later.
  markPopupShown();
  form.closest("dialog")?.close();
}
