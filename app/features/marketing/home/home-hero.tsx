import { ArrowRight, CalendarCheck } from "lucide-react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { home } from "~/content/home";
import { container } from "../shared/section-heading";

// The LCP element: text on a CSS-drawn blueprint grid, no image and no reveal animation.
export function HomeHero() {
  const { hero } = home;
  return (
    <section aria-labelledby="hero-title" className="relative overflow-hidden bg-primary text-primary-foreground">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 bg-[linear-gradient(to_right,rgb(255_255_255/0.06)_1px,transparent_1px),linear-gradient(to_bottom,rgb(255_255_255/0.06)_1px,transparent_1px)] bg-[size:40px_40px] [mask-image:radial-gradient(ellipse_at_top_right,black_30%,transparent_75%)]"
      />
      <div className={`${container} relative py-16 sm:py-20 lg:py-28`}>
        <HeroDecoration />
        <p className="inline-flex rounded-full border border-primary-foreground/25 px-3 py-1 text-sm font-medium text-orange-200">
          {hero.eyebrow}
        </p>
        <h1 id="hero-title" className="mt-6 max-w-4xl text-4xl font-bold tracking-tight text-balance sm:text-5xl lg:text-6xl">
          {hero.headline}
        </h1>
        <p className="mt-6 max-w-3xl text-lg text-pretty text-primary-foreground/85 sm:text-xl">{hero.subheadline}</p>
        <div className="mt-10 flex flex-col gap-3 sm:flex-row">
          <Button asChild variant="brand" size="lg" className="h-12 px-6 text-base">
            <Link to={hero.primaryCta.href}>
              {hero.primaryCta.label}
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
          <Button
            asChild
            variant="outline"
            size="lg"
            className="h-12 border-primary-foreground/60 bg-transparent px-6 text-base text-primary-foreground hover:bg-primary-foreground/10 hover:text-primary-foreground"
          >
            <Link to={hero.secondaryCta.href}>
              <CalendarCheck aria-hidden="true" />
              {hero.secondaryCta.label}
            </Link>
          </Button>
        </div>
        <dl className="mt-14 grid max-w-3xl grid-cols-1 gap-4 sm:grid-cols-3">
          {hero.stats.map((stat) => (
            <div key={stat.label} className="flex flex-col-reverse rounded-lg border border-primary-foreground/15 bg-primary-foreground/5 p-5">
              <dt className="mt-1 text-sm text-primary-foreground/85">{stat.label}</dt>
              <dd className="text-3xl font-bold text-orange-200">{stat.value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}

/** A machined gear and its orange toolpath, drawn inline (no request) beside the text on wide screens. */
function HeroDecoration() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 400 400"
      className="pointer-events-none absolute top-1/2 right-8 hidden w-80 -translate-y-1/2 xl:block"
      fill="none"
    >
      <circle cx="200" cy="200" r="188" stroke="currentColor" strokeOpacity="0.15" strokeDasharray="4 10" />
      <circle cx="200" cy="200" r="150" stroke="currentColor" strokeOpacity="0.35" strokeWidth="26" strokeDasharray="19.635 19.635" />
      <circle cx="200" cy="200" r="137" fill="currentColor" fillOpacity="0.08" stroke="currentColor" strokeOpacity="0.35" strokeWidth="2" />
      <circle cx="200" cy="200" r="44" stroke="currentColor" strokeOpacity="0.4" strokeWidth="10" />
      <path
        d="M200 92 C 262 92 308 138 308 200 S 262 308 200 308 S 92 262 92 200 S 138 120 200 120 S 280 150 280 200 S 250 272 200 272"
        className="text-orange-300"
        stroke="currentColor"
        strokeWidth="3"
        strokeDasharray="10 8"
        strokeLinecap="round"
      />
      <circle cx="200" cy="272" r="7" className="fill-orange-300" />
    </svg>
  );
}
