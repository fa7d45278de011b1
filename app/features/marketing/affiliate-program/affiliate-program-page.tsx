import { ArrowRight, BadgeDollarSign, BarChart3, CalendarClock, Check, ChevronDown, Link2, Trophy, type LucideIcon } from "lucide-react";
import { Link } from "react-router";
import { Reveal } from "~/components/reveal";
import { Button } from "~/components/ui/button";
import { affiliateProgram as program } from "~/content/affiliate-program";
import type { AffiliateProgramIconName } from "~/content/types";
import { ClosingPanel } from "../shared/closing-panel";
import { ContentIcon } from "../shared/content-icon";
import { SectionHeading, container } from "../shared/section-heading";

const icons: Record<AffiliateProgramIconName, LucideIcon> = { BadgeDollarSign, BarChart3, CalendarClock, Link2, Trophy };

const invertedOutline =
  "h-12 border-primary-foreground/60 bg-transparent px-6 text-base text-primary-foreground hover:bg-primary-foreground/10 hover:text-primary-foreground";

export function AffiliateProgramPage() {
  return (
    <>
      <section aria-labelledby="affiliate-program-title" className="bg-primary text-primary-foreground">
        <div className={`${container} py-16 sm:py-20 lg:py-24`}>
          <p className="text-sm font-semibold tracking-wide text-orange-200 uppercase">{program.hero.eyebrow}</p>
          <h1 id="affiliate-program-title" className="mt-4 max-w-4xl text-4xl font-bold tracking-tight text-balance sm:text-5xl">
            {program.hero.title}
          </h1>
          <p className="mt-6 max-w-3xl text-lg text-pretty text-primary-foreground/85">{program.hero.subtitle}</p>
          <div className="mt-10 flex flex-col gap-3 sm:flex-row">
            <Button asChild variant="brand" size="lg" className="h-12 px-6 text-base">
              <Link to={program.applyCta.href}>
                {program.applyCta.label}
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
            <Button asChild variant="outline" size="lg" className={invertedOutline}>
              <Link to={program.dashboardCta.href}>{program.dashboardCta.label}</Link>
            </Button>
          </div>
          <dl className="mt-14 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {program.highlights.map((highlight) => (
              <div key={highlight.label} className="flex flex-col-reverse rounded-lg border border-primary-foreground/15 bg-primary-foreground/5 p-5">
                <dt className="mt-1 text-sm text-primary-foreground/85">{highlight.label}</dt>
                <dd className="text-3xl font-bold text-orange-200">{highlight.value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <Reveal aria-labelledby="how-title" className="py-16 sm:py-24">
        <div className={container}>
          <SectionHeading id="how-title" eyebrow="Four Steps" title={program.howItWorksHeading} />
          <ol className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {program.howItWorks.map((step) => (
              <li key={step.step} className="rounded-xl border bg-card p-6 shadow-sm">
                <span aria-hidden="true" className="inline-flex size-10 items-center justify-center rounded-full bg-brand text-base font-bold text-brand-foreground">
                  {step.step}
                </span>
                <h3 className="mt-4 text-lg font-semibold text-primary">
                  <span className="sr-only">Step {step.step}: </span>
                  {step.title}
                </h3>
                <p className="mt-2 text-muted-foreground">{step.description}</p>
              </li>
            ))}
          </ol>
        </div>
      </Reveal>

      <Reveal aria-labelledby="benefits-title" className="bg-muted py-16 sm:py-24">
        <div className={container}>
          <SectionHeading id="benefits-title" eyebrow={`${program.commission.display} Commission`} title={program.benefitsHeading} />
          <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {program.benefits.map((benefit) => (
              <li key={benefit.title} className="rounded-xl border bg-card p-6 shadow-sm">
                <ContentIcon icon={icons[benefit.icon]} />
                <h3 className="mt-4 text-lg font-semibold text-primary">{benefit.title}</h3>
                <p className="mt-2 text-muted-foreground">{benefit.description}</p>
              </li>
            ))}
          </ul>
        </div>
      </Reveal>

      <Reveal as="div" className="py-16 sm:py-24">
        <div className={`${container} grid gap-12 lg:grid-cols-2`}>
          <section aria-labelledby="partners-title">
            <SectionHeading id="partners-title" eyebrow="Ideal Partners" title={program.idealPartnersHeading} />
            <ul className="mt-8 space-y-3">
              {program.idealPartners.map((partner) => (
                <li key={partner} className="flex items-start gap-3">
                  <Check aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand" />
                  <span>{partner}</span>
                </li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="faq-title">
            <h2 id="faq-title" className="text-3xl font-bold tracking-tight text-primary sm:text-4xl lg:mt-7">
              {program.faqHeading}
            </h2>
            <div className="mt-8 divide-y rounded-xl border bg-card">
              {program.faq.map((item) => (
                <details key={item.question} className="group px-5 py-4">
                  <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-sm font-semibold text-primary [&::-webkit-details-marker]:hidden">
                    {item.question}
                    <ChevronDown aria-hidden="true" className="size-5 shrink-0 transition-transform group-open:rotate-180" />
                  </summary>
                  <p className="mt-3 text-muted-foreground">{item.answer}</p>
                </details>
              ))}
            </div>
          </section>
        </div>
      </Reveal>

      <ClosingPanel id="apply-title" title={program.closing.title} body={program.closing.body}>
        <Button asChild variant="brand" size="lg" className="h-12 px-6 text-base">
          <Link to={program.startApplicationCta.href}>
            {program.startApplicationCta.label}
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </ClosingPanel>
    </>
  );
}
