import type { LucideIcon } from "lucide-react";

/**
 * A content card's icon in a tinted tile; decorative, so hidden from assistive technology. Content
 * names its icons as strings; each page maps the names it uses (so it loads only those icons).
 */
export function ContentIcon({ icon: Icon }: { icon: LucideIcon }) {
  return (
    <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg bg-secondary text-primary">
      <Icon aria-hidden="true" className="size-6" />
    </span>
  );
}
