import { useEffect, useRef, type ComponentProps, type ElementType } from "react";

// Fades/slides a section in once 12% of it is visible (SPEC: 10-15%). The hidden start state is
// pure CSS (app.css), applied only when scripts run and motion is welcome, so content is never lost
// without JavaScript and reduced-motion users see it at once.
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
    if (typeof IntersectionObserver === "undefined") {
      element.dataset.reveal = "visible";
      return;
    }
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
      data-reveal="hidden"
      style={delay ? { ...style, "--reveal-delay": `${delay}ms` } : style}
      {...props}
    />
  );
}
