// Embla drives the testimonial carousel once it is about to be used: this module is loaded then
// (testimonials-carousel.tsx), so Embla is not part of the home page's first paint.
import useEmblaCarousel, { type UseEmblaCarouselType } from "embla-carousel-react";
import { useEffect, type RefObject } from "react";

export type CarouselApi = NonNullable<UseEmblaCarouselType[1]>;

type CarouselEngineProps = {
  /** The server-rendered viewport (overflow hidden) whose first child is the track of slides. */
  viewportRef: RefObject<HTMLElement | null>;
  onReady: (api: CarouselApi) => void;
};

/** Renders nothing: starts Embla on the viewport and hands its API back. */
export default function CarouselEngine({ viewportRef, onReady }: CarouselEngineProps) {
  const [attach, api] = useEmblaCarousel({ loop: true, align: "start" });
  useEffect(() => attach(viewportRef.current), [attach, viewportRef]);
  useEffect(() => {
    if (api) onReady(api);
  }, [api, onReady]);
  return null;
}
