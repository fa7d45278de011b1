import { ChevronLeft, ChevronRight, Quote } from "lucide-react";
import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { Button } from "~/components/ui/button";
import type { Testimonial } from "~/content/testimonials";
import { cn } from "~/lib/utils";
import type { CarouselApi } from "./carousel-engine";

const CarouselEngine = lazy(() => import("./carousel-engine"));

const prefersReducedMotion = () =>
  typeof window !== "undefined" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;

/**
 * The home page's looping testimonial carousel: one testimonial per view on small screens, two from
 * 1024 px (the `lg:basis-1/2` slides). Left/right arrow keys move it while it has focus. The slides
 * are server-rendered; Embla loads when the carousel comes near the screen or is first used.
 */
export function TestimonialsCarousel({ items }: { items: readonly Testimonial[] }) {
  const regionRef = useRef<HTMLDivElement>(null);
  const viewportRef = useRef<HTMLDivElement>(null);
  const [engineWanted, setEngineWanted] = useState(false);
  const [api, setApi] = useState<CarouselApi>();
  // A move asked for before Embla arrived runs once it has.
  const queued = useRef<((api: CarouselApi) => void) | null>(null);
  const [selected, setSelected] = useState(0);
  // Unknown until the carousel measures itself; until then nothing is hidden from screen readers.
  const [inView, setInView] = useState<number[] | null>(null);
  const trackId = useId();

  const load = useCallback(() => setEngineWanted(true), []);
  useEffect(() => {
    const region = regionRef.current;
    if (!region || typeof IntersectionObserver === "undefined") {
      load();
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        load();
      },
      { rootMargin: "50% 0px" },
    );
    observer.observe(region);
    return () => observer.disconnect();
  }, [load]);

  const onReady = useCallback((ready: CarouselApi) => {
    setApi(ready);
    queued.current?.(ready);
    queued.current = null;
  }, []);

  function withApi(move: (api: CarouselApi) => void) {
    if (api) return move(api);
    queued.current = move;
    load();
  }

  useEffect(() => {
    if (!api) return;
    const onSelect = () => setSelected(api.selectedScrollSnap());
    const onInView = () => setInView(api.slidesInView());
    onSelect();
    onInView();
    api.on("select", onSelect).on("slidesInView", onInView).on("reInit", onSelect).on("reInit", onInView);
    return () => {
      api.off("select", onSelect).off("slidesInView", onInView).off("reInit", onSelect).off("reInit", onInView);
    };
  }, [api]);

  const previous = () => withApi((carousel) => carousel.scrollPrev(prefersReducedMotion()));
  const next = () => withApi((carousel) => carousel.scrollNext(prefersReducedMotion()));

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === "ArrowLeft") {
      event.preventDefault();
      previous();
    } else if (event.key === "ArrowRight") {
      event.preventDefault();
      next();
    }
  }

  return (
    // The focusable, named region takes the arrow keys (also while a button inside it has focus).
    <div
      ref={regionRef}
      role="region"
      aria-roledescription="carousel"
      aria-label="Testimonials"
      aria-describedby={`${trackId}-hint`}
      tabIndex={0}
      onKeyDown={onKeyDown}
      onFocus={load}
      className="relative rounded-xl focus-visible:outline-2 focus-visible:outline-offset-8 focus-visible:outline-ring"
      data-testid="testimonials-carousel"
    >
      {engineWanted ? (
        <Suspense fallback={null}>
          <CarouselEngine viewportRef={viewportRef} onReady={onReady} />
        </Suspense>
      ) : null}
      <div ref={viewportRef} className="overflow-hidden rounded-xl">
        <div id={trackId} className="-ml-6 flex touch-pan-y">
          {items.map((item, index) => (
            <div
              key={item.name}
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${items.length}`}
              aria-hidden={inView && !inView.includes(index) ? true : undefined}
              className="min-w-0 shrink-0 grow-0 basis-full pl-6 lg:basis-1/2"
            >
              <figure className="flex h-full flex-col rounded-xl border bg-card p-6 shadow-sm sm:p-8">
                <Quote aria-hidden="true" className="size-8 text-brand" />
                <blockquote className="mt-4 flex-1 text-lg leading-relaxed text-pretty text-card-foreground">
                  <p>{item.quote}</p>
                </blockquote>
                <figcaption className="mt-6 flex items-center gap-4">
                  <span
                    aria-hidden="true"
                    className="inline-flex size-12 shrink-0 items-center justify-center rounded-full bg-primary text-base font-semibold text-primary-foreground"
                  >
                    {item.initials}
                  </span>
                  <span>
                    <span className="block font-semibold text-primary">{item.name}</span>
                    <span className="block text-sm text-muted-foreground">
                      {item.title}, {item.company}
                    </span>
                  </span>
                </figcaption>
              </figure>
            </div>
          ))}
        </div>
      </div>
      <p id={`${trackId}-hint`} className="sr-only">
        Use the left and right arrow keys to move between testimonials.
      </p>
      <div className="mt-6 flex items-center justify-center gap-4">
        <Button type="button" variant="outline" size="icon" className="size-11 rounded-full" aria-controls={trackId} aria-label="Previous testimonial" onClick={previous}>
          <ChevronLeft aria-hidden="true" className="size-5" />
        </Button>
        <ol className="flex gap-1" aria-label="Choose a testimonial">
          {items.map((item, index) => (
            <li key={item.name}>
              <button
                type="button"
                aria-label={`Show testimonial ${index + 1} of ${items.length}`}
                aria-current={index === selected ? "true" : undefined}
                onClick={() => withApi((carousel) => carousel.scrollTo(index, prefersReducedMotion()))}
                className="inline-flex size-6 items-center justify-center rounded-full"
              >
                <span
                  aria-hidden="true"
                  className={cn("block size-2.5 rounded-full transition-colors", index === selected ? "bg-primary" : "bg-muted-foreground/50")}
                />
              </button>
            </li>
          ))}
        </ol>
        <Button type="button" variant="outline" size="icon" className="size-11 rounded-full" aria-controls={trackId} aria-label="Next testimonial" onClick={next}>
          <ChevronRight aria-hidden="true" className="size-5" />
        </Button>
      </div>
      <p aria-live="polite" aria-atomic="true" className="sr-only">
        {`Testimonial ${selected + 1} of ${items.length}`}
      </p>
    </div>
  );
}
