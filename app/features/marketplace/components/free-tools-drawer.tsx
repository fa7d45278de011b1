// The small-screen drawer listing every free tool. Radix's dialog code loads with it, on the first
// press of its button (free-tools-panel.tsx), not with the page.
import type { RefObject } from "react";
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from "~/components/ui/sheet";
import type { FreeTool } from "~/content/marketplace";
import { ToolCard } from "./tool-card";

type FreeToolsDrawerProps = {
  tools: readonly FreeTool[];
  heading: string;
  intro: string;
  intentFor: (tool: FreeTool) => string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button outside the dialog that opens it gets focus back when it closes. */
  returnFocusTo: RefObject<HTMLElement | null>;
};

export function FreeToolsDrawer({ tools, heading, intro, intentFor, open, onOpenChange, returnFocusTo }: FreeToolsDrawerProps) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        side="left"
        className="w-[88%] gap-0 sm:max-w-md"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocusTo.current?.focus();
        }}
      >
        <SheetHeader className="border-b pr-12">
          <SheetTitle className="text-lg text-primary">{heading}</SheetTitle>
          <SheetDescription>{intro}</SheetDescription>
        </SheetHeader>
        <ul className="space-y-3 p-4">
          {tools.map((tool) => (
            <li key={tool.id}>
              <ToolCard tool={tool} intentUrl={intentFor(tool)} useLabel="Demo" onOpen={() => onOpenChange(false)} />
            </li>
          ))}
        </ul>
      </SheetContent>
    </Sheet>
  );
}
