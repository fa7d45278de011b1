// Toasts on a content page (app/components/page-toasts.tsx draws the outlet): sonner's call shape
// for the few texts these pages show, sonner's lifetime and close button.
// Not from page-toasts.tsx: its JSX would bring React's JSX runtime into this bundle.
import { TOAST_LIST_ID } from "~/lib/toast";

const LIFETIME_MS = 4_000;

type Kind = "success" | "error" | "info" | "default";

function list() {
  return document.getElementById(TOAST_LIST_ID);
}

function remove(item: HTMLElement) {
  const outlet = item.parentElement;
  item.remove();
  if (outlet?.childElementCount === 0 && outlet.matches(":popover-open")) outlet.hidePopover();
}

/**
 * Removed after sonner's lifetime, counted as sonner counts it: only while the page is visible and
 * the pointer is not over the toasts.
 */
function dismissLater(item: HTMLElement) {
  let remaining = LIFETIME_MS;
  let startedAt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const paused = () => document.hidden || Boolean(item.parentElement?.matches(":hover"));
  const run = () => {
    if (timer !== undefined || paused()) return;
    startedAt = Date.now();
    timer = setTimeout(done, remaining);
  };
  const pause = () => {
    if (timer === undefined) return;
    clearTimeout(timer);
    timer = undefined;
    remaining -= Date.now() - startedAt;
  };
  const update = () => (paused() ? pause() : run());
  const outlet = item.parentElement;
  function done() {
    document.removeEventListener("visibilitychange", update);
    outlet?.removeEventListener("pointerenter", pause);
    outlet?.removeEventListener("pointerleave", run);
    clearTimeout(timer);
    remove(item);
  }
  document.addEventListener("visibilitychange", update);
  outlet?.addEventListener("pointerenter", pause);
  outlet?.addEventListener("pointerleave", run);
  item.querySelector("[data-close-button]")?.addEventListener("click", done);
  run();
}

/** Into the top layer, last: above a modal dialog opened before it, as sonner's toasts are. */
function raise(outlet: HTMLElement) {
  if (!("showPopover" in outlet)) return;
  outlet.popover = "manual";
  if (outlet.matches(":popover-open")) outlet.hidePopover();
  outlet.showPopover();
}

function show(kind: Kind, title: string, options?: { description?: string }) {
  const outlet = list();
  const template = document.getElementById(`${TOAST_LIST_ID}-template`);
  if (!outlet || !(template instanceof HTMLTemplateElement)) return;
  const item = template.content.firstElementChild!.cloneNode(true) as HTMLElement;
  item.dataset.type = kind;
  item.querySelector("[data-title]")!.textContent = title;
  const description = item.querySelector<HTMLElement>("[data-description]")!;
  description.textContent = options?.description ?? "";
  description.hidden = !options?.description;
  outlet.prepend(item);
  raise(outlet);
  dismissLater(item);
}

export const toast = {
  default: (title: string, options?: { description?: string }) => show("default", title, options),
  success: (title: string, options?: { description?: string }) => show("success", title, options),
  error: (title: string, options?: { description?: string }) => show("error", title, options),
  info: (title: string, options?: { description?: string }) => show("info", title, options),
};

/**
 * The toast the server drew (handed over by a redirect) goes the way of the others; an element
 * with data-toast-title shows its toast when clicked.
 */
export function enhanceToasts() {
  list()?.querySelectorAll<HTMLElement>("[data-sonner-toast]").forEach(dismissLater);
  document.addEventListener("click", (event) => {
    const source = (event.target as Element).closest<HTMLElement>("[data-toast-title]");
    if (source) show("default", source.dataset.toastTitle!, { description: source.dataset.toastDescription });
  });
}
