// The small-screen drawer listing every free tool: a native dialog along the left edge, opened by
// the panel's 'View N more tools' (free-tools-panel.tsx, app/enhance/dialogs.ts). 'Demo' closes it.
import { NativeDialog } from "~/components/native-dialog";
import type { FreeTool } from "~/content/marketplace";
import { ToolCard } from "./tool-card";

type FreeToolsDrawerProps = {
  id: string;
  tools: readonly FreeTool[];
  heading: string;
  intro: string;
  intentFor: (tool: FreeTool) => string;
};

export function FreeToolsDrawer({ id, tools, heading, intro, intentFor }: FreeToolsDrawerProps) {
  return (
    <NativeDialog
      id={id}
      labelledBy={`${id}-title`}
      describedBy={`${id}-description`}
      className="my-0 mr-auto ml-0 h-dvh max-h-dvh w-[88%] max-w-[88%] content-start gap-0 rounded-none border-y-0 border-l-0 p-0 sm:max-w-md"
    >
      <div className="flex flex-col gap-1.5 border-b p-4 pr-12">
        <h2 id={`${id}-title`} className="text-lg font-semibold text-primary">
          {heading}
        </h2>
        <p id={`${id}-description`} className="text-sm text-muted-foreground">
          {intro}
        </p>
      </div>
      <ul className="space-y-3 p-4">
        {tools.map((tool) => (
          <li key={tool.id}>
            <ToolCard tool={tool} intentUrl={intentFor(tool)} useLabel="Demo" />
          </li>
        ))}
      </ul>
    </NativeDialog>
  );
}
