import { CheckCircle2 } from "lucide-react";
import { Badge } from "~/components/ui/badge";
import type { FreeTool } from "~/content/marketplace";
import { cn } from "~/lib/utils";
import { ResponsiveLogo } from "./responsive-picture";
import { RepositoryLink, ShareButton, UseToolLink } from "./tool-actions";

/** SPEC section 9: the free-tools table shows the first 2 features of each tool. */
export const TOOL_FEATURES_SHOWN = 2;

export function ToolSummary({ tool, titleAs: Title }: { tool: FreeTool; titleAs: "p" | "h3" }) {
  return (
    <div className="space-y-2">
      <div className="flex items-center gap-3">
        {tool.logoUrl ? (
          <ResponsiveLogo src={tool.logoUrl} size={36} className="size-9" imgClassName="rounded-md" />
        ) : null}
        <div className="min-w-0">
          <Title className="leading-snug font-semibold text-foreground">{tool.title}</Title>
          <div className="mt-1 flex flex-wrap gap-1">
            <Badge variant="secondary">{tool.category}</Badge>
            <Badge variant="outline">
              <span className="sr-only">License: </span>
              {tool.license}
            </Badge>
          </div>
        </div>
      </div>
      <ul aria-label={`Key features of ${tool.title}`} className="space-y-1.5 text-sm text-muted-foreground">
        {tool.features.slice(0, TOOL_FEATURES_SHOWN).map((feature) => (
          <li key={feature} className="flex gap-2">
            <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand" />
            <span>{feature}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

type ToolCardProps = {
  tool: FreeTool;
  intentUrl: string;
  useLabel: string;
  className?: string;
};

export function ToolCard({ tool, intentUrl, useLabel, className }: ToolCardProps) {
  return (
    <article className={cn("space-y-3 rounded-lg border bg-background p-4", className)}>
      <ToolSummary tool={tool} titleAs="h3" />
      <div className="flex flex-wrap gap-2">
        <UseToolLink title={tool.title} url={tool.url} label={useLabel} />
        <ShareButton title={tool.title} intentUrl={intentUrl} />
        <RepositoryLink title={tool.title} githubUrl={tool.githubUrl} iconOnly />
      </div>
    </article>
  );
}
