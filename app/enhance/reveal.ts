// Reveal on scroll (as app/components/reveal.tsx does on hydrated pages): sections are drawn
// visible; once this runs, one out of view is hidden at once (app.css) and fades in when 12 % of
// it is visible. A section already in view stays, so nothing blinks away.
const THRESHOLD = 0.12;

export function enhanceReveal() {
  if (typeof IntersectionObserver === "undefined") return;
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        (entry.target as HTMLElement).dataset.reveal = "visible";
        observer.unobserve(entry.target);
      }
    },
    { threshold: THRESHOLD },
  );
  for (const element of document.querySelectorAll<HTMLElement>("[data-reveal]")) {
    const { top, bottom } = element.getBoundingClientRect();
    if (top < window.innerHeight && bottom > 0) continue;
    element.dataset.reveal = "hidden";
    observer.observe(element);
  }
}
