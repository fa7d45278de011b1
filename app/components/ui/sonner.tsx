import * as React from "react";
import { Toaster as Sonner, type ToasterProps } from "sonner";

/**
 * App-wide toast outlet, loaded with the first toast by <Toasts /> (app/components/toast.tsx);
 * trigger toasts with that module's `toast`, never sonner's own (it would put sonner on first paint).
 */
function Toaster({ ...props }: ToasterProps) {
  return (
    <Sonner
      theme="light"
      position="top-right"
      richColors
      closeButton
      className="toaster group"
      style={
        {
          "--normal-bg": "var(--popover)",
          "--normal-text": "var(--popover-foreground)",
          "--normal-border": "var(--border)",
          "--border-radius": "var(--radius)",
          // Sonner's light rich colours give small text 3.1-4.4:1 on their backgrounds; darker
          // shades of the same hues reach WCAG AA (4.5:1): success 6.0, error 5.3, info 5.3, warning 4.8.
          "--success-text": "hsl(140, 100%, 22%)",
          "--error-text": "hsl(360, 100%, 40%)",
          "--info-text": "hsl(210, 92%, 40%)",
          "--warning-text": "hsl(31, 92%, 35%)",
        } as React.CSSProperties
      }
      {...props}
    />
  );
}

export { Toaster };
