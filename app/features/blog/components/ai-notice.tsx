import { Sparkles } from "lucide-react";
import { cn } from "~/lib/utils";

/** SPEC section 1: blog pages carry a statement that some content was provided by AI. */
export function AiNotice({ className }: { className?: string }) {
  return (
    <p className={cn("flex items-start gap-2 text-sm text-muted-foreground", className)}>
      <Sparkles aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand" />
      <span>Some content on this blog was provided by AI and reviewed before publishing.</span>
    </p>
  );
}
