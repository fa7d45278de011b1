// The testimonial carousel (app/features/marketing/home/testimonials-carousel.tsx): a scroll-snap
// row the buttons, dots and arrow keys move one testimonial at a time. It loops: at either end the
// slides' CSS `order` is rotated and the row moved by the same amount at once (nothing shows), then
// it scrolls on. Slides out of view are hidden from screen readers, as Embla's were.
const wrap = (n: number, count: number) => ((n % count) + count) % count;

/**
 * A move to `slot` (in slides from the row's start; -1 and past `lastSlot` wrap around) in a loop of
 * `count` slides, `first` of them shown first, the row at `position` and scrolling to `lastSlot` at
 * most. Past either end the slides' order is rotated first and the row jumps to `jumpTo`, where the
 * same slides show; then it scrolls to `position`.
 */
export function loopMove(at: { first: number; position: number }, slot: number, lastSlot: number, count: number) {
  const by = slot < 0 ? slot : slot > lastSlot ? slot - lastSlot : 0;
  return { first: wrap(at.first + by, count), jumpTo: at.position - by, position: Math.min(Math.max(slot, 0), lastSlot) };
}

export function enhanceCarousel() {
  for (const region of document.querySelectorAll<HTMLElement>("[data-carousel]")) carousel(region);
}

function carousel(region: HTMLElement) {
  const track = region.querySelector<HTMLElement>("[data-carousel-track]")!;
  const slides = [...track.querySelectorAll<HTMLElement>("[data-carousel-slide]")];
  const dots = [...region.querySelectorAll<HTMLElement>("[data-carousel-dot]")];
  const status = region.querySelector<HTMLElement>("[data-carousel-status]");
  const count = slides.length;
  if (count < 2) return;
  /** The slide shown first in the row (CSS order 0). */
  let first = 0;
  /** The row's scroll position, in slides (where a move is heading, or where a swipe stopped). */
  let position = 0;

  const slideAt = (slot: number) => slides[wrap(first + slot, count)]!;
  const step = () => slideAt(1).offsetLeft - slideAt(0).offsetLeft;
  const lastSlot = () => Math.round((track.scrollWidth - track.clientWidth) / step());
  const behavior = (): ScrollBehavior => (matchMedia("(prefers-reduced-motion: reduce)").matches ? "instant" : "smooth");

  function show() {
    const selected = wrap(first + position, count);
    const left = track.scrollLeft;
    for (const slide of slides) {
      const start = slide.offsetLeft - slideAt(0).offsetLeft;
      const inView = start >= left - 1 && start + slide.offsetWidth <= left + track.clientWidth + 1;
      if (inView) slide.removeAttribute("aria-hidden");
      else slide.setAttribute("aria-hidden", "true");
    }
    dots.forEach((dot, index) => (index === selected ? dot.setAttribute("aria-current", "true") : dot.removeAttribute("aria-current")));
    if (status) status.textContent = `Testimonial ${selected + 1} of ${count}`;
  }

  function goTo(slot: number) {
    const move = loopMove({ first, position }, slot, lastSlot(), count);
    if (move.first !== first) {
      first = move.first;
      slides.forEach((slide, index) => (slide.style.order = String(wrap(index - first, count))));
      track.scrollTo({ left: move.jumpTo * step(), behavior: "instant" });
    }
    position = move.position;
    heading = position;
    track.scrollTo({ left: position * step(), behavior: behavior() });
    if (behavior() === "instant") show();
  }

  // A swipe (or a move) came to rest: where it stopped is where the next move starts. While a move
  // heads somewhere, other ends (a loop's instant jump) are not a rest, unless a hand took over.
  let heading: number | undefined;
  const atRest = () => {
    const at = Math.round(track.scrollLeft / step());
    if (heading !== undefined && at !== heading) return;
    heading = undefined;
    position = at;
    show();
  };
  for (const type of ["pointerdown", "wheel", "touchstart"]) track.addEventListener(type, () => (heading = undefined), { passive: true });
  if ("onscrollend" in window) track.addEventListener("scrollend", atRest);
  else {
    let timer: ReturnType<typeof setTimeout>;
    track.addEventListener("scroll", () => {
      clearTimeout(timer);
      timer = setTimeout(atRest, 150);
    });
  }
  region.querySelector("[data-carousel-previous]")?.addEventListener("click", () => goTo(position - 1));
  region.querySelector("[data-carousel-next]")?.addEventListener("click", () => goTo(position + 1));
  dots.forEach((dot, index) => dot.addEventListener("click", () => goTo(wrap(index - first, count))));
  region.addEventListener("keydown", (event) => {
    if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
    event.preventDefault();
    goTo(position + (event.key === "ArrowRight" ? 1 : -1));
  });
  window.addEventListener("resize", () => goTo(Math.min(position, lastSlot())));
  show();
}
