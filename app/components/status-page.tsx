import type { LucideIcon } from "lucide-react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/utils";

type StatusAction = { label: string; to: string; primary?: boolean };

type StatusPageProps = {
  icon: LucideIcon;
  tone: "success" | "neutral";
  title: string;
  children: React.ReactNode;
  actions: StatusAction[];
};

/** The short pages the checkout returns to: an icon, a heading, a few lines and where to go next. */
export function StatusPage({ icon: Icon, tone, title, children, actions }: StatusPageProps) {
  return (
    <div className="mx-auto flex max-w-2xl flex-col items-center px-4 py-16 text-center sm:py-24">
      <span
        className={cn(
          "inline-flex size-16 items-center justify-center rounded-full",
          tone === "success" ? "bg-emerald-100 text-emerald-800" : "bg-secondary text-primary",
        )}
      >
        <Icon aria-hidden="true" className="size-8" />
      </span>
      <h1 className="mt-6 text-3xl font-bold tracking-tight text-primary sm:text-4xl">{title}</h1>
      <div className="mt-4 space-y-3 text-lg text-muted-foreground">{children}</div>
      <div className="mt-10 flex w-full flex-col justify-center gap-3 sm:w-auto sm:flex-row">
        {actions.map((action) => (
          <Button key={action.to} asChild variant={action.primary ? "brand" : "outline"} size="lg" className="h-12 px-6 text-base">
            <Link to={action.to}>{action.label}</Link>
          </Button>
        ))}
      </div>
    </div>
  );
}
