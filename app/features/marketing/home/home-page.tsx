import {
  ArrowRight,
  Bot,
  CalendarCheck,
  Check,
  CircleDollarSign,
  ClipboardCheck,
  Clock,
  Crosshair,
  Factory,
  Gauge,
  HardHat,
  Plane,
  ShieldCheck,
  Truck,
  Users,
  Workflow,
  type LucideIcon,
} from "lucide-react";
import { Link } from "react-router";
import { FloatingAdminButton } from "~/components/floating-admin-button";
import { Reveal } from "~/components/reveal";
import { Button } from "~/components/ui/button";
import { home } from "~/content/home";
import { testimonials } from "~/content/testimonials";
import type { HomeIconName, IconCard } from "~/content/types";
import { ContentIcon } from "../shared/content-icon";
import { ResponsiveImage } from "~/components/responsive-image";
import { SectionHeading, container } from "../shared/section-heading";
import { HomeHero } from "./home-hero";
import { TestimonialsCarousel } from "./testimonials-carousel";

const icons: Record<HomeIconName, LucideIcon> = {
  Bot,
  CircleDollarSign,
  ClipboardCheck,
  Crosshair,
  Factory,
  Gauge,
  HardHat,
  Plane,
  ShieldCheck,
  Truck,
  Users,
  Workflow,
};

function IconCardItem({ card }: { card: IconCard<HomeIconName> }) {
  return (
    <li className="flex flex-col rounded-xl border bg-card p-6 shadow-sm">
      <ContentIcon icon={icons[card.icon]} />
      <h3 className="mt-4 text-lg font-semibold text-primary">{card.title}</h3>
      <p className="mt-2 text-muted-foreground">{card.description}</p>
    </li>
  );
}

// Sections in the spec's order: hero, proven expertise, why choose, assessment, testimonials,
// affiliate promotion, booking call-to-action (the footer comes from the layout).
export function HomePage() {
  const { expertise, whyChoose, assessment, affiliate, booking } = home;
  return (
    <>
      <HomeHero />

      <Reveal aria-labelledby="expertise-title" className="py-16 sm:py-24">
        <div className={container}>
          <SectionHeading id="expertise-title" eyebrow={expertise.eyebrow} title={expertise.title} intro={expertise.intro} />
          <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {expertise.cards.map((card) => (
              <IconCardItem key={card.title} card={card} />
            ))}
          </ul>
        </div>
      </Reveal>

      <Reveal aria-labelledby="why-title" delay={120} className="bg-muted py-16 sm:py-24">
        <div className={container}>
          <SectionHeading id="why-title" eyebrow={whyChoose.eyebrow} title={whyChoose.title} intro={whyChoose.intro} />
          <ul className="mt-12 grid gap-6 md:grid-cols-3">
            {whyChoose.cards.map((card) => (
              <IconCardItem key={card.title} card={card} />
            ))}
          </ul>
        </div>
      </Reveal>

      <Reveal aria-labelledby="assessment-title" className="py-16 sm:py-24">
        <div className={container}>
          <SectionHeading id="assessment-title" eyebrow={assessment.eyebrow} title={assessment.title} intro={assessment.intro} />
          <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {assessment.offerings.map((offering) => (
              <li key={offering.title} className="flex gap-4 rounded-xl border bg-card p-6 shadow-sm">
                <ContentIcon icon={icons[offering.icon]} />
                <div>
                  <h3 className="font-semibold text-primary">{offering.title}</h3>
                  <p className="mt-1 text-sm text-muted-foreground">{offering.description}</p>
                </div>
              </li>
            ))}
          </ul>
          <div className="mt-10 flex flex-col gap-6 rounded-2xl bg-primary p-6 text-primary-foreground sm:p-10 lg:flex-row lg:items-center lg:justify-between">
            <div className="flex gap-4">
              <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-full bg-brand text-brand-foreground">
                <Clock aria-hidden="true" className="size-6" />
              </span>
              <div>
                <h3 className="text-xl font-semibold">{assessment.promise.title}</h3>
                <p className="mt-2 max-w-3xl text-primary-foreground/85">{assessment.promise.text}</p>
              </div>
            </div>
            <Button asChild variant="brand" size="lg" className="h-12 self-start px-6 text-base lg:self-center">
              <Link to={assessment.cta.href}>
                <CalendarCheck aria-hidden="true" />
                {assessment.cta.label}
              </Link>
            </Button>
          </div>
        </div>
      </Reveal>

      <Reveal aria-labelledby="testimonials-title" className="bg-muted py-16 sm:py-24">
        <div className={container}>
          <SectionHeading
            id="testimonials-title"
            eyebrow={home.testimonials.eyebrow}
            title={home.testimonials.title}
            intro={home.testimonials.intro}
            align="center"
            className="mb-12"
          />
          <TestimonialsCarousel items={testimonials} />
        </div>
      </Reveal>

      <Reveal aria-labelledby="affiliate-title" className="py-16 sm:py-24">
        <div className={container}>
          <div className="grid gap-8 rounded-2xl border bg-accent p-6 sm:p-10 lg:grid-cols-[3fr_2fr] lg:items-center">
            <div>
              <p className="text-sm font-semibold tracking-wide text-accent-foreground uppercase">{affiliate.eyebrow}</p>
              <h2 id="affiliate-title" className="mt-2 text-3xl font-bold tracking-tight text-balance text-primary sm:text-4xl">
                {affiliate.title}
              </h2>
              <p className="mt-4 text-lg text-accent-foreground">{affiliate.body}</p>
            </div>
            <div>
              <ul className="space-y-3">
                {affiliate.highlights.map((highlight) => (
                  <li key={highlight} className="flex items-start gap-3 font-medium text-accent-foreground">
                    <Check aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
                    {highlight}
                  </li>
                ))}
              </ul>
              <Button asChild size="lg" className="mt-8 h-12 w-full px-6 text-base sm:w-auto">
                <Link to={affiliate.cta.href}>
                  {affiliate.cta.label}
                  <ArrowRight aria-hidden="true" />
                </Link>
              </Button>
            </div>
          </div>
        </div>
      </Reveal>

      <Reveal aria-labelledby="booking-title" className="bg-muted py-16 sm:py-24">
        <div className={`${container} grid gap-10 lg:grid-cols-2 lg:items-center`}>
          <div>
            <SectionHeading id="booking-title" eyebrow={booking.eyebrow} title={booking.title} intro={booking.body} />
            <Button asChild variant="brand" size="lg" className="mt-8 h-12 px-6 text-base">
              <Link to={booking.cta.href}>
                <CalendarCheck aria-hidden="true" />
                {booking.cta.label}
              </Link>
            </Button>
            <p className="mt-4 text-sm text-muted-foreground">{booking.note}</p>
          </div>
          <ResponsiveImage
            image={booking.image}
            sizes="(min-width: 1280px) 592px, (min-width: 1024px) calc(50vw - 52px), calc(100vw - 32px)"
            className="h-auto w-full rounded-2xl shadow-lg"
          />
        </div>
      </Reveal>

      <FloatingAdminButton />
    </>
  );
}
