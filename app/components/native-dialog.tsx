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
  focusClose = false,
  children,
}: {
  id: string;
  labelledBy: string;
  describedBy?: string;
  className?: string;
  /**
   * Focus the 'Close' button (at the top) on opening, not the first control in the content: a long
   * dialog whose first control is at its bottom then opens at its top, not scrolled down to it.
   */
  focusClose?: boolean;
  children: ReactNode;
}) {
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
      {children}
      <button
        type="button"
        data-dialog-close=""
        autoFocus={focusClose}
        className="absolute top-4 right-4 rounded-sm opacity-70 transition-opacity outline-none hover:opacity-100 focus-visible:opacity-100 focus-visible:ring-[3px] focus-visible:ring-ring/50 [&_svg]:size-4"
      >
        <XIcon aria-hidden="true" />
        <span className="sr-only">Close</span>
      </button>
    </dialog>
  );
}
