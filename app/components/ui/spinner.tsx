import * as React from "react";
import { Loader2 } from "lucide-react";

import { cn } from "~/lib/utils";

/**
 * Loading indicator. `className` styles the spinning icon (e.g. `size-6 text-brand`);
 * other props go to the wrapping `role="status"` element. `label` is announced
 * to screen readers but visually hidden.
 */
function Spinner({
  className,
  label = "Loading",
  ...props
}: Omit<React.ComponentProps<"span">, "children"> & {
  label?: string;
}) {
  return (
    <span
      role="status"
      data-slot="spinner"
      className="inline-flex items-center justify-center"
      {...props}
    >
      <Loader2 className={cn("size-4 animate-spin", className)} aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </span>
  );
}

export { Spinner };
