import type { ReactNode } from "react";
import { Reveal } from "~/components/reveal";
import { SectionHeading, container } from "./section-heading";

/** A page's closing call to action: a dark panel on the light page, kept apart from the dark footer. */
export function ClosingPanel({ id, title, body, children }: { id: string; title: string; body: string; children: ReactNode }) {
  return (
    <Reveal aria-labelledby={id} className="py-16 sm:py-20">
      <div className={container}>
        <div className="flex flex-col items-start gap-8 rounded-2xl bg-primary p-6 text-primary-foreground shadow-lg sm:p-10 lg:flex-row lg:items-center lg:justify-between">
          <SectionHeading id={id} title={title} intro={body} inverted />
          <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row sm:flex-wrap">{children}</div>
        </div>
      </div>
    </Reveal>
  );
}
