// The toast outlet of a content page (rendered without React's scripts, decision 040): the same
// look, texts, place and live region as the apps' sonner toasts (app/components/ui/sonner.tsx:
// top right, rich colours darkened to WCAG AA as there, a close button), in plain HTML. A toast
// handed over by a redirect is drawn by the server; app/enhance/toasts.ts clones the template for
// the page's own toasts and removes each after sonner's 4 s. Without scripts the redirect's toast
// stays, with its close button inert.
import { CircleCheck, CircleX, Info, X } from "lucide-react";
import { TOAST_LIST_ID, type Toast } from "~/lib/toast";

type Kind = Toast["kind"] | "info" | "default";

function ToastItem({ kind, title, description }: { kind: Kind; title: string; description?: string }) {
  return (
    <li
      tabIndex={0}
      data-sonner-toast=""
      data-type={kind}
      className="pointer-events-auto relative flex w-full items-center gap-1.5 rounded-[var(--radius)] border p-4 text-[13px] shadow-[0_4px_12px_rgba(0,0,0,0.1)] data-[type=default]:border-border data-[type=default]:bg-popover data-[type=default]:text-popover-foreground data-[type=error]:border-[hsl(359,100%,94%)] data-[type=error]:bg-[hsl(359,100%,97%)] data-[type=error]:text-[hsl(360,100%,40%)] data-[type=info]:border-[hsl(221,91%,93%)] data-[type=info]:bg-[hsl(208,100%,97%)] data-[type=info]:text-[hsl(210,92%,40%)] data-[type=success]:border-[hsl(145,92%,87%)] data-[type=success]:bg-[hsl(143,85%,96%)] data-[type=success]:text-[hsl(140,100%,22%)]"
    >
      <button
        type="button"
        aria-label="Close toast"
        data-close-button=""
        className="absolute top-0 left-0 flex size-5 -translate-x-[35%] -translate-y-[35%] items-center justify-center rounded-full border border-current/20 bg-white text-foreground"
      >
        <X aria-hidden="true" className="size-3" />
      </button>
      <span data-icon="" className="flex size-4 shrink-0 items-center [[data-type=default]_&]:hidden">
        <CircleCheck aria-hidden="true" className="size-4 [[data-type=error]_&]:hidden [[data-type=info]_&]:hidden" />
        <CircleX aria-hidden="true" className="size-4 [[data-type=info]_&]:hidden [[data-type=success]_&]:hidden" />
        <Info aria-hidden="true" className="size-4 [[data-type=error]_&]:hidden [[data-type=success]_&]:hidden" />
      </span>
      <div data-content="" className="flex flex-col gap-0.5">
        <div data-title="" className="leading-normal font-medium">
          {title}
        </div>
        <div data-description="" className="leading-[1.4]" hidden={!description}>
          {description}
        </div>
      </div>
    </li>
  );
}

/** The outlet, with the redirect's toast if there is one, and the template the page's toasts copy. */
export function PageToasts({ toast }: { toast?: Toast | null }) {
  return (
    <section aria-label="Notifications" tabIndex={-1} aria-live="polite" aria-relevant="additions text" aria-atomic="false">
      {/* app/enhance/toasts.ts makes it a popover while it shows toasts: above an open modal dialog. */}
      <ol
        id={TOAST_LIST_ID}
        data-sonner-toaster=""
        className="pointer-events-none fixed inset-auto top-4 right-4 left-4 z-[999999] m-0 flex list-none flex-col gap-3.5 h-auto w-auto overflow-visible border-0 bg-transparent p-0 sm:top-6 sm:right-6 sm:left-auto sm:w-[356px]"
      >
        {toast ? <ToastItem kind={toast.kind} title={toast.title} description={toast.description} /> : null}
      </ol>
      <template id={`${TOAST_LIST_ID}-template`}>
        <ToastItem kind="info" title="" />
      </template>
    </section>
  );
}
