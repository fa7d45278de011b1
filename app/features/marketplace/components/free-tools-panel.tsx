import { PanelLeftOpen } from "lucide-react";
import { useId } from "react";
import { Button } from "~/components/ui/button";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import type { FreeTool } from "~/content/marketplace";
import { moreToolsLabel } from "../more-tools-label";
import { buildShareIntentUrl, CARD_SHARE_LENGTH, shareSubjectForTool } from "../share";
import { RepositoryLink, ShareButton, UseToolLink } from "./tool-actions";
import { FreeToolsDrawer } from "./free-tools-drawer";
import { ToolCard, ToolSummary } from "./tool-card";

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
  const headingId = useId();
  const drawerId = `${headingId}-drawer`;
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
          <Button type="button" variant="outline" className="w-full" aria-haspopup="dialog" aria-controls={drawerId} data-opens-dialog={drawerId}>
            <PanelLeftOpen aria-hidden="true" />
            {moreToolsLabel(moreCount)}
          </Button>
        ) : null}
        {moreCount > 0 ? <FreeToolsDrawer id={drawerId} tools={tools} heading={heading} intro={intro} intentFor={intentFor} /> : null}
      </div>
    </aside>
  );
}

