import { Award, CalendarDays, Check, MapPin, MessagesSquare, PhoneCall } from "lucide-react";
import { Link } from "react-router";
import { Reveal } from "~/components/reveal";
import { Button } from "~/components/ui/button";
import { bootcamp } from "~/content/bootcamp";
import { site } from "~/content/site";
import { ClosingPanel } from "../shared/closing-panel";
import { ResponsiveImage } from "~/components/responsive-image";
import { SectionHeading, container } from "../shared/section-heading";
import { SocialLinks } from "../shared/social-links";

const quickFacts = [
  { icon: CalendarDays, label: bootcamp.length.display, detail: "On your own shop floor" },
  { icon: MapPin, label: "On-site", detail: "Anywhere in the United States" },
  { icon: Award, label: `${bootcamp.topics.length} topics`, detail: "Certificate for every participant" },
];

/** `enrollButton` draws the checkout's 'Enroll Now' with the given classes (the route hands it in). */
export function BootcampPage({ enrollButton }: { enrollButton: (className: string) => React.ReactNode }) {
  return (
    <>
      <section aria-labelledby="bootcamp-title" className="bg-primary text-primary-foreground">
        <div className={`${container} grid gap-10 py-16 sm:py-20 lg:grid-cols-[3fr_2fr] lg:items-center lg:py-24`}>
          <div>
            <p className="text-sm font-semibold tracking-wide text-orange-200 uppercase">{bootcamp.hero.eyebrow}</p>
            <h1 id="bootcamp-title" className="mt-4 text-4xl font-bold tracking-tight text-balance sm:text-5xl">
              {bootcamp.hero.title}
            </h1>
            <p className="mt-6 max-w-2xl text-lg text-pretty text-primary-foreground/85">{bootcamp.hero.subtitle}</p>
          </div>
          <div className="rounded-2xl bg-background p-6 text-foreground shadow-xl sm:p-8">
            <p className="text-sm font-medium text-muted-foreground">{bootcamp.name}</p>
            <p className="mt-1 flex items-baseline gap-2">
              <span className="text-5xl font-bold tracking-tight text-primary">{bootcamp.price.display}</span>
              <span className="text-muted-foreground">USD · {bootcamp.length.display} on-site</span>
            </p>
            <div className="mt-6 flex flex-col gap-3">
              {enrollButton("h-12 w-full text-base")}
              <Button asChild variant="outline" size="lg" className="h-12 w-full text-base">
                <Link to={bootcamp.talkToExpertCta.href}>
                  <MessagesSquare aria-hidden="true" />
                  {bootcamp.talkToExpertCta.label}
                </Link>
              </Button>
            </div>
            <p className="mt-4 text-sm text-muted-foreground">Secure card checkout opens in a new tab.</p>
          </div>
          <ul className="grid gap-4 sm:grid-cols-3 lg:col-span-2">
            {quickFacts.map((fact) => (
              <li key={fact.label} className="flex items-center gap-3 rounded-lg border border-primary-foreground/15 bg-primary-foreground/5 p-4">
                <fact.icon aria-hidden="true" className="size-6 shrink-0 text-orange-200" />
                <span>
                  <span className="block font-semibold">{fact.label}</span>
                  <span className="block text-sm text-primary-foreground/85">{fact.detail}</span>
                </span>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <Reveal aria-labelledby="why-bootcamp-title" className="py-16 sm:py-24">
        <div className={`${container} grid gap-12 lg:grid-cols-2`}>
          <div>
            <SectionHeading id="why-bootcamp-title" eyebrow="Why the Bootcamp" title="Fix the System, Not Just the Machine" />
            <div className="mt-6 space-y-4 text-lg text-muted-foreground">
              {bootcamp.intro.map((paragraph) => (
                <p key={paragraph.slice(0, 24)}>{paragraph}</p>
              ))}
            </div>
          </div>
          <div className="rounded-2xl border bg-card p-6 shadow-sm sm:p-8">
            <h3 className="text-xl font-semibold text-primary">Who It's For</h3>
            <ul className="mt-4 space-y-3">
              {bootcamp.whoItsFor.map((item) => (
                <li key={item} className="flex items-start gap-3">
                  <Check aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand" />
                  <span>{item}</span>
                </li>
              ))}
            </ul>
          </div>
        </div>
      </Reveal>

      <Reveal aria-labelledby="topics-title" className="bg-muted py-16 sm:py-24">
        <div className={container}>
          <SectionHeading id="topics-title" eyebrow="Curriculum" title={bootcamp.topicsHeading} />
          <ol className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {bootcamp.topics.map((topic, index) => (
              <li key={topic.id} className="flex gap-4 rounded-xl border bg-card p-6 shadow-sm">
                <span aria-hidden="true" className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-bold text-primary-foreground">
                  {String(index + 1).padStart(2, "0")}
                </span>
                <div>
                  <h3 className="font-semibold text-primary">{topic.title}</h3>
                  <p className="mt-1 text-sm text-muted-foreground">{topic.description}</p>
                </div>
              </li>
            ))}
          </ol>
        </div>
      </Reveal>

      <Reveal aria-labelledby="outline-title" className="py-16 sm:py-24">
        <div className={container}>
          <SectionHeading id="outline-title" eyebrow={bootcamp.length.display} title={bootcamp.outlineHeading} />
          <ol className="mt-12 grid gap-6 lg:grid-cols-3">
            {bootcamp.outline.map((day) => (
              <li key={day.day} className="flex flex-col rounded-xl border bg-card shadow-sm">
                <div className="rounded-t-xl bg-primary px-6 py-4 text-primary-foreground">
                  <p className="text-sm font-semibold tracking-wide text-orange-200 uppercase">{day.theme}</p>
                  <h3 className="mt-1 text-xl font-semibold">{day.title}</h3>
                </div>
                <div className="flex-1 p-6">
                  <p className="text-muted-foreground">{day.summary}</p>
                  <ul className="mt-4 space-y-2">
                    {day.agenda.map((item) => (
                      <li key={item} className="flex items-start gap-3 text-sm">
                        <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand" />
                        <span>{item}</span>
                      </li>
                    ))}
                  </ul>
                </div>
              </li>
            ))}
          </ol>
        </div>
      </Reveal>

      <Reveal aria-labelledby="included-title" className="bg-muted py-16 sm:py-24">
        <div className={`${container} grid gap-12 lg:grid-cols-[2fr_1fr] lg:items-center`}>
          <div>
            <SectionHeading id="included-title" eyebrow="Certification" title="What's Included" />
            <ul className="mt-8 grid gap-4 sm:grid-cols-2">
              {bootcamp.whatsIncluded.map((item) => (
                <li key={item} className="flex items-start gap-3 rounded-lg border bg-card p-4">
                  <Check aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand" />
                  <span>{item}</span>
                </li>
              ))}
            </ul>
          </div>
          <figure className="mx-auto max-w-xs text-center">
            <ResponsiveImage
              image={bootcamp.certificationBadge}
              sizes="320px"
              className="h-auto w-full"
            />
            <figcaption className="mt-4 text-sm text-muted-foreground">
              Every participant earns the bootcamp certificate of completion.
            </figcaption>
          </figure>
        </div>
      </Reveal>

      <Reveal aria-labelledby="instructor-title" className="py-16 sm:py-24">
        <div className={`${container} grid gap-10 md:grid-cols-[1fr_2fr] md:items-start`}>
          <ResponsiveImage
            image={site.portrait}
            sizes="(min-width: 1280px) 384px, (min-width: 768px) 30vw, calc(100vw - 32px)"
            className="mx-auto h-auto w-full max-w-sm rounded-2xl shadow-lg"
          />
          <div>
            <SectionHeading id="instructor-title" eyebrow={site.jobTitle} title={bootcamp.instructor.heading} />
            <div className="mt-6 space-y-4 text-lg text-muted-foreground">
              {bootcamp.instructor.bio.map((paragraph) => (
                <p key={paragraph.slice(0, 24)}>{paragraph}</p>
              ))}
            </div>
            <SocialLinks links={site.social} className="mt-8" />
            <Link to="/about" className="mt-6 inline-block font-medium text-primary underline underline-offset-4 hover:text-primary/80">
              Read Mark's full CV
            </Link>
          </div>
        </div>
      </Reveal>

      <ClosingPanel id="enroll-title" title={bootcamp.closing.title} body={bootcamp.closing.body}>
        {enrollButton("h-12 text-base")}
        <Button
          asChild
          variant="outline"
          size="lg"
          className="h-12 border-primary-foreground/60 bg-transparent text-base text-primary-foreground hover:bg-primary-foreground/10 hover:text-primary-foreground"
        >
          <Link to={bootcamp.requestCallCta.href}>
            <PhoneCall aria-hidden="true" />
            {bootcamp.requestCallCta.label}
          </Link>
        </Button>
      </ClosingPanel>
    </>
  );
}
