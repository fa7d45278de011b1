import type { ComponentProps, ElementType } from "react";

// Fades/slides a section in once 12% of it is visible (SPEC: 10-15%). Sections are rendered
// visible: the first paint needs no JavaScript, and without it nothing is lost. The content pages'
// enhancement (app/enhance/reveal.ts) hides a section out of view at once (app.css) and reveals it
// when scrolled to. Reduced-motion users see everything at once (app.css).

type RevealProps<T extends ElementType> = {
  as?: T;
  /** Stagger in ms: one of the spec's two animation delays. */
  delay?: 120 | 360;
} & ComponentProps<T>;

export function Reveal<T extends ElementType = "section">({ as, delay, style, ...props }: RevealProps<T>) {
  const Component = (as ?? "section") as ElementType;
  return <Component data-reveal="visible" style={delay ? { ...style, "--reveal-delay": `${delay}ms` } : style} {...props} />;
}
