import { TriangleAlert } from "lucide-react";
import { emailFailureBanner } from "../messages";

/** The spec's banner when the confirmation e-mail's first delivery failed. */
export function EmailFailureBanner({ reason }: { reason: string }) {
  return (
    <div role="alert" className="flex gap-3 rounded-lg border border-destructive/30 bg-destructive/5 px-4 py-3 text-sm text-destructive">
      <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <p>{emailFailureBanner(reason)}</p>
    </div>
  );
}
