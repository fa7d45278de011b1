// A status as a small coloured label, one tone per meaning, shared by every admin list (bookings,
// e-mails, and the orders, affiliates and newsletter issues to come). Each feature maps its
// statuses to a label and a tone; the dot keeps the tone readable without colour vision.
import { cn } from "~/lib/utils";

export type StatusTone = "success" | "warning" | "info" | "neutral" | "danger" | "muted";

const tones: Record<StatusTone, { badge: string; dot: string }> = {
  success: { badge: "border-emerald-200 bg-emerald-50 text-emerald-800", dot: "bg-emerald-600" },
  warning: { badge: "border-amber-200 bg-amber-50 text-amber-900", dot: "bg-amber-500" },
  info: { badge: "border-sky-200 bg-sky-50 text-sky-900", dot: "bg-sky-600" },
  neutral: { badge: "border-slate-200 bg-slate-50 text-slate-800", dot: "bg-slate-500" },
  danger: { badge: "border-red-200 bg-red-50 text-red-800", dot: "bg-red-600" },
  muted: { badge: "border-dashed border-slate-300 bg-transparent text-slate-600", dot: "bg-slate-400" },
};

export type StatusLook = { label: string; tone: StatusTone };

export function StatusBadge({ look, className }: { look: StatusLook; className?: string }) {
  const tone = tones[look.tone];
  return (
    <span
      data-tone={look.tone}
      className={cn(
        "inline-flex w-fit shrink-0 items-center gap-1.5 rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap",
        tone.badge,
        className,
      )}
    >
      <span aria-hidden="true" className={cn("size-1.5 rounded-full", tone.dot)} />
      {look.label}
    </span>
  );
}

/** The labels of a status → look table (for filters and messages). */
export function statusLabelsOf<S extends string>(looks: Record<S, StatusLook>): Record<S, string> {
  return Object.fromEntries(Object.entries<StatusLook>(looks).map(([status, look]) => [status, look.label])) as Record<S, string>;
}
