import { ChevronLeft, ChevronRight, Quote } from "lucide-react";
import { useId } from "react";
import { Button } from "~/components/ui/button";
import type { Testimonial } from "~/content/testimonials";

/**
 * The home page's looping testimonial carousel: one testimonial per view on small screens, two from
 * 1024 px. A row that scrolls and snaps to each testimonial (swipe works without scripts);
 * app/enhance/carousel.ts adds the buttons, the arrow keys, the loop and the screen reader's view.
 */
export function TestimonialsCarousel({ items }: { items: readonly Testimonial[] }) {
  const trackId = useId();
  return (
    // The focusable, named region takes the arrow keys (also while a button inside it has focus).
    <div
      role="region"
      aria-roledescription="carousel"
      aria-label="Testimonials"
      aria-describedby={`${trackId}-hint`}
      tabIndex={0}
      data-carousel=""
      className="relative rounded-xl focus-visible:outline-2 focus-visible:outline-offset-8 focus-visible:outline-ring"
      data-testid="testimonials-carousel"
    >
      <div
        id={trackId}
        data-carousel-track=""
        // A scrolling row is focusable, so keyboards reach it (axe: scrollable-region-focusable).
        tabIndex={0}
        className="flex snap-x snap-mandatory gap-6 overflow-x-auto overscroll-x-contain rounded-xl outline-none focus-visible:ring-2 focus-visible:ring-ring [scrollbar-width:none] [&::-webkit-scrollbar]:hidden"
      >
        {items.map((item, index) => (
          <div
            key={item.name}
            role="group"
            aria-roledescription="slide"
            aria-label={`${index + 1} of ${items.length}`}
            data-carousel-slide=""
            className="min-w-0 shrink-0 grow-0 basis-full snap-start lg:basis-[calc(50%-0.75rem)]"
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
      <p id={`${trackId}-hint`} className="sr-only">
        Use the left and right arrow keys to move between testimonials.
      </p>
      <div className="mt-6 flex items-center justify-center gap-4">
        <Button type="button" variant="outline" size="icon" className="size-11 rounded-full" aria-controls={trackId} aria-label="Previous testimonial" data-carousel-previous="">
          <ChevronLeft aria-hidden="true" className="size-5" />
        </Button>
        <ol className="flex gap-1" aria-label="Choose a testimonial">
          {items.map((item, index) => (
            <li key={item.name}>
              <button
                type="button"
                aria-label={`Show testimonial ${index + 1} of ${items.length}`}
                aria-current={index === 0 ? "true" : undefined}
                data-carousel-dot=""
                className="group inline-flex size-6 items-center justify-center rounded-full"
              >
                <span aria-hidden="true" className="block size-2.5 rounded-full bg-muted-foreground/50 transition-colors group-aria-current:bg-primary" />
              </button>
            </li>
          ))}
        </ol>
        <Button type="button" variant="outline" size="icon" className="size-11 rounded-full" aria-controls={trackId} aria-label="Next testimonial" data-carousel-next="">
          <ChevronRight aria-hidden="true" className="size-5" />
        </Button>
      </div>
      <p aria-live="polite" aria-atomic="true" className="sr-only" data-carousel-status="">
        {`Testimonial 1 of ${items.length}`}
      </p>
    </div>
  );
}
