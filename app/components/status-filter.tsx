// The admin lists' status filter: a row of links ("All" first), each with its count; the current
// one is marked for assistive technology too. Each list says where a status leads.
import { Link } from "react-router";
import { cn } from "~/lib/utils";

export type StatusFilterOption = {
  label: string;
  count: number;
  href: string;
  active: boolean;
  /** Draws the eye when it has entries (failed e-mails, say). */
  alarming?: boolean;
};

/** "All" (the sum) and one option per status, in the order given. */
export function statusFilterOptions<S extends string>({
  statuses,
  labels,
  countByStatus,
  current,
  href,
  alarming = [],
}: {
  statuses: readonly S[];
  labels: Record<S, string>;
  countByStatus: Record<S, number>;
  current: S | null;
  href: (status: S | null) => string;
  /** Statuses whose entries need the admin's attention. */
  alarming?: readonly S[];
}): StatusFilterOption[] {
  const total = statuses.reduce((sum, status) => sum + countByStatus[status], 0);
  return [
    { label: "All", count: total, href: href(null), active: current === null },
    ...statuses.map((status) => ({
      label: labels[status],
      count: countByStatus[status],
      href: href(status),
      active: current === status,
      alarming: alarming.includes(status),
    })),
  ];
}

export function StatusFilter({ options }: { options: StatusFilterOption[] }) {
  return (
    <nav aria-label="Filter by status">
      <ul className="flex flex-wrap gap-2">
        {options.map((option) => (
          <li key={option.label}>
            <Link
              to={option.href}
              aria-current={option.active ? "page" : undefined}
              className={cn(
                "inline-flex items-center gap-2 rounded-full border px-3 py-1.5 text-sm font-medium transition-colors focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none",
                option.active ? "border-primary bg-primary text-primary-foreground" : "bg-background hover:bg-accent",
                option.alarming && option.count > 0 && !option.active && "border-destructive/50 text-destructive",
              )}
            >
              {option.label}
              <span className={cn("rounded-full px-1.5 text-xs", option.active ? "bg-primary-foreground/20" : "bg-muted")}>
                {option.count}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
