// A modal dialog on a content page (decision 040): the native <dialog>, with the look and the
// 'Close' button of the apps' dialog (app/components/ui/dialog.tsx). The browser gives it the focus
// trap, Escape and the inert page behind; app/enhance/dialogs.ts wires the close button and the
// backdrop. Closed, it is not shown and not in the accessibility tree.
import { XIcon } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "~/lib/utils";

export function NativeDialog({
  id,
  labelledBy,
  describedBy,
  className,
  closeFirst = false,
  children,
}: {
  id: string;
  labelledBy: string;
  describedBy?: string;
  className?: string;
  /**
   * 'Close' (drawn at the top right) first in the dialog, so the browser focuses it on opening: a
   * long dialog whose first control is at its bottom then opens at its top, not scrolled down.
   */
  closeFirst?: boolean;
  children: ReactNode;
}) {
  const close = (
    <button
      type="button"
      data-dialog-close=""
      className="absolute top-4 right-4 rounded-sm opacity-70 transition-opacity outline-none hover:opacity-100 focus-visible:opacity-100 focus-visible:ring-[3px] focus-visible:ring-ring/50 [&_svg]:size-4"
    >
      <XIcon aria-hidden="true" />
      <span className="sr-only">Close</span>
    </button>
  );
  return (
    <dialog
      id={id}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      className={cn(
        "fixed inset-0 m-auto max-h-[calc(100dvh-2rem)] w-full max-w-[calc(100%-2rem)] gap-4 overflow-y-auto rounded-lg border bg-background p-6 text-foreground shadow-lg outline-none backdrop:bg-black/50 open:grid sm:max-w-lg",
        className,
      )}
    >
      {closeFirst ? close : null}
      {children}
      {closeFirst ? null : close}
    </dialog>
  );
}
