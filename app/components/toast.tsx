// Toasts without sonner on first paint: `toast` has sonner's call shape, but sonner and the
// <Toaster> load on the first toast (sonner shows toasts made before its Toaster mounted).
//
//   toast.success("Saved", { description: "…" });   // anywhere, instead of sonner's toast
//   useToast(result?.toast);                         // an action's answer, once per answer
//   <Toasts />                                       // once, in the root layout
import { lazy, Suspense, useEffect, useSyncExternalStore } from "react";
import type { ExternalToast } from "sonner";
import type { Toast } from "~/lib/toast";

type Sonner = typeof import("sonner");

let sonner: Promise<Sonner> | undefined;
let toasterWanted = false;
const listeners = new Set<() => void>();

function withSonner(show: (module: Sonner) => void) {
  if (!toasterWanted) {
    toasterWanted = true;
    for (const listener of listeners) listener();
  }
  // A failed download is tried again by the next toast.
  sonner ??= import("sonner").catch((error: unknown) => {
    sonner = undefined;
    throw error;
  });
  void sonner.then(show);
}

export const toast = Object.assign(
  (message: string, data?: ExternalToast) => withSonner((module) => module.toast(message, data)),
  {
    success: (message: string, data?: ExternalToast) => withSonner((module) => module.toast.success(message, data)),
    error: (message: string, data?: ExternalToast) => withSonner((module) => module.toast.error(message, data)),
    info: (message: string, data?: ExternalToast) => withSonner((module) => module.toast.info(message, data)),
  },
);

/**
 * Shows a toast once per value: an action's answer (each submission's answer is a new object) or
 * a toast handed over by a redirect.
 */
export function useToast(value: Toast | null | undefined) {
  useEffect(() => {
    if (!value) return;
    if (value.kind === "success") toast.success(value.title, { description: value.description });
    else toast.error(value.title, { description: value.description });
  }, [value]);
}

const Toaster = lazy(() => import("~/components/ui/sonner").then((module) => ({ default: module.Toaster })));

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The toast outlet: nothing until the first toast, then sonner's Toaster. */
export function Toasts() {
  const wanted = useSyncExternalStore(subscribe, () => toasterWanted, () => false);
  return wanted ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}
