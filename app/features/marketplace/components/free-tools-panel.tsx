import { CheckCircle2, PanelLeftOpen } from "lucide-react";
import { useId, useState } from "react";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import {
  Sheet,
  SheetContent,
  SheetDescription,
  SheetHeader,
  SheetTitle,
  SheetTrigger,
} from "~/components/ui/sheet";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import type { FreeTool } from "~/content/marketplace";
import { cn } from "~/lib/utils";
import { moreToolsLabel } from "../more-tools-label";
import { buildShareIntentUrl, CARD_SHARE_LENGTH, shareSubjectForTool } from "../share";
import { ResponsiveLogo } from "./responsive-picture";
import { RepositoryLink, ShareButton, UseToolLink } from "./tool-actions";

/** SPEC section 9: the free-tools table shows the first 2 features of each tool. */
export const TOOL_FEATURES_SHOWN = 2;

type FreeToolsPanelProps = {
  tools: readonly FreeTool[];
  heading: string;
  intro: string;
  hashtags: readonly string[];
};

/**
 * The "Free Tools" side panel: a table on wide screens; on small screens the first tool and a
 * button that opens a left-side drawer listing them all. Both are in the HTML; CSS picks one.
 */
export function FreeToolsPanel({ tools, heading, intro, hashtags }: FreeToolsPanelProps) {
  const [drawerOpen, setDrawerOpen] = useState(false);
  const headingId = useId();
  const [firstTool] = tools;
  const moreCount = tools.length - 1;
  const intentFor = (tool: FreeTool) => buildShareIntentUrl(shareSubjectForTool(tool), CARD_SHARE_LENGTH, hashtags);

  return (
    <aside aria-labelledby={headingId} className="rounded-xl border bg-card p-5 text-card-foreground shadow-sm">
      <h2 id={headingId} className="text-xl font-semibold text-primary">
        {heading}
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">{intro}</p>

      <div className="mt-4 hidden lg:block">
        <Table>
          <caption className="sr-only">{heading}: key features and actions for each tool</caption>
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead scope="col" className="px-0">
                Tool
              </TableHead>
              <TableHead scope="col" className="pr-0 text-right">
                Actions
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {tools.map((tool) => (
              <TableRow key={tool.id} className="hover:bg-transparent">
                <TableCell className="px-0 py-4 align-top whitespace-normal">
                  <ToolSummary tool={tool} titleAs="p" />
                </TableCell>
                <TableCell className="py-4 pr-0 align-top">
                  <div className="flex flex-col items-end gap-2">
                    <UseToolLink title={tool.title} url={tool.url} />
                    <div className="flex gap-2">
                      <ShareButton title={tool.title} intentUrl={intentFor(tool)} iconOnly />
                      <RepositoryLink title={tool.title} githubUrl={tool.githubUrl} iconOnly />
                    </div>
                  </div>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>

      <div className="mt-4 space-y-3 lg:hidden">
        {firstTool ? <ToolCard tool={firstTool} intentUrl={intentFor(firstTool)} useLabel="Use Tool" /> : null}
        {moreCount > 0 ? (
          <Sheet open={drawerOpen} onOpenChange={setDrawerOpen}>
            <SheetTrigger asChild>
              <Button type="button" variant="outline" className="w-full">
                <PanelLeftOpen aria-hidden="true" />
                {moreToolsLabel(moreCount)}
              </Button>
            </SheetTrigger>
            <SheetContent side="left" className="w-[88%] gap-0 sm:max-w-md">
              <SheetHeader className="border-b pr-12">
                <SheetTitle className="text-lg text-primary">{heading}</SheetTitle>
                <SheetDescription>{intro}</SheetDescription>
              </SheetHeader>
              <ul className="space-y-3 p-4">
                {tools.map((tool) => (
                  <li key={tool.id}>
                    <ToolCard
                      tool={tool}
                      intentUrl={intentFor(tool)}
                      useLabel="Demo"
                      onOpen={() => setDrawerOpen(false)}
                    />
                  </li>
                ))}
              </ul>
            </SheetContent>
          </Sheet>
        ) : null}
      </div>
    </aside>
  );
}

function ToolSummary({ tool, titleAs: Title }: { tool: FreeTool; titleAs: "p" | "h3" }) {
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
  onOpen?: () => void;
  className?: string;
};

function ToolCard({ tool, intentUrl, useLabel, onOpen, className }: ToolCardProps) {
  return (
    <article className={cn("space-y-3 rounded-lg border bg-background p-4", className)}>
      <ToolSummary tool={tool} titleAs="h3" />
      <div className="flex flex-wrap gap-2">
        <UseToolLink title={tool.title} url={tool.url} label={useLabel} onOpen={onOpen} />
        <ShareButton title={tool.title} intentUrl={intentUrl} />
        <RepositoryLink title={tool.title} githubUrl={tool.githubUrl} iconOnly />
      </div>
    </article>
  );
}
