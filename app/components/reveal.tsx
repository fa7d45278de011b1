import { useEffect, useRef, type ComponentProps, type ElementType } from "react";

// Fades/slides a section in once 12% of it is visible (SPEC: 10-15%). Sections are rendered
// visible: the first paint needs no JavaScript, and without it nothing is lost. Once hydrated, a
// section already in view stays; one out of view is hidden at once (app.css) and revealed when
// scrolled to. Reduced-motion users see everything at once (app.css).
const THRESHOLD = 0.12;

type RevealProps<T extends ElementType> = {
  as?: T;
  /** Stagger in ms: one of the spec's two animation delays. */
  delay?: 120 | 360;
} & ComponentProps<T>;

export function Reveal<T extends ElementType = "section">({ as, delay, style, ...props }: RevealProps<T>) {
  const Component = (as ?? "section") as ElementType;
  const ref = useRef<HTMLElement>(null);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const { top, bottom } = element.getBoundingClientRect();
    // In view already (any of it): hiding it now would make content blink away.
    if ((top < window.innerHeight && bottom > 0) || typeof IntersectionObserver === "undefined") return;
    element.dataset.reveal = "hidden";
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (entry.isIntersecting) {
            (entry.target as HTMLElement).dataset.reveal = "visible";
            observer.unobserve(entry.target);
          }
        }
      },
      { threshold: THRESHOLD },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  return (
    <Component
      ref={ref}
      data-reveal="visible"
      style={delay ? { ...style, "--reveal-delay": `${delay}ms` } : style}
      {...props}
    />
  );
}
