import { cn } from "~/lib/utils";

type CompletionMeterProps = {
  value: number;
  /** Off where a surrounding <dt> already names the value. */
  showLabel?: boolean;
  className?: string;
};

/** Percent complete as text plus a bar; the bar is decoration, the text carries the value. */
export function CompletionMeter({ value, showLabel = true, className }: CompletionMeterProps) {
  return (
    <div className={cn("space-y-1.5", className)}>
      <p className="flex items-center justify-between gap-3 text-sm">
        {showLabel ? <span className="font-medium text-muted-foreground">Completion</span> : null}
        <span className="font-semibold text-foreground">{value}% complete</span>
      </p>
      <div aria-hidden="true" className="h-2 overflow-hidden rounded-full bg-secondary">
        <div
          className={cn("h-full rounded-full", value >= 100 ? "bg-emerald-600" : "bg-brand")}
          style={{ width: `${Math.min(100, Math.max(0, value))}%` }}
        />
      </div>
    </div>
  );
}
