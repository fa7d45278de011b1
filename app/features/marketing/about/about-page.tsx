import { Award, CalendarCheck, GraduationCap } from "lucide-react";
import { Link } from "react-router";
import { Reveal } from "~/components/reveal";
import { Button } from "~/components/ui/button";
import { about } from "~/content/about";
import { site } from "~/content/site";
import { ClosingPanel } from "../shared/closing-panel";
import { ResponsiveImage } from "~/components/responsive-image";
import { SectionHeading, container } from "../shared/section-heading";
import { SocialLinks } from "../shared/social-links";

const claims = [site.claims.yearsExperience, site.claims.hours, site.claims.employeesLed];
const longestExpertise = Math.max(...about.expertise.map((item) => item.years));

export function AboutPage() {
  return (
    <>
      <section aria-labelledby="about-title" className="bg-primary text-primary-foreground">
        <div className={`${container} grid gap-10 py-16 sm:py-20 md:grid-cols-[2fr_3fr] md:items-center lg:py-24`}>
          <ResponsiveImage
            image={site.portrait}
            sizes="(min-width: 1280px) 460px, (min-width: 768px) 36vw, calc(100vw - 32px)"
            priority
            className="mx-auto h-auto w-full max-w-sm rounded-2xl shadow-xl md:max-w-none"
          />
          <div>
            <p className="text-sm font-semibold tracking-wide text-orange-200 uppercase">About</p>
            <h1 id="about-title" className="mt-2 text-4xl font-bold tracking-tight sm:text-5xl">
              {about.heading}
            </h1>
            <p className="mt-2 text-xl text-primary-foreground/85">{about.subheading}</p>
            <div className="mt-6 space-y-4 text-lg text-primary-foreground/85">
              {about.summary.map((paragraph) => (
                <p key={paragraph.slice(0, 24)}>{paragraph}</p>
              ))}
            </div>
            <dl className="mt-8 grid gap-4 sm:grid-cols-3">
              {claims.map((claim) => (
                <div key={claim.label} className="flex flex-col-reverse rounded-lg border border-primary-foreground/15 bg-primary-foreground/5 p-4">
                  <dt className="mt-1 text-sm text-primary-foreground/85">{claim.label}</dt>
                  <dd className="text-2xl font-bold text-orange-200">{claim.display}</dd>
                </div>
              ))}
            </dl>
            <div className="mt-8 flex flex-col gap-4 sm:flex-row sm:items-center">
              <Button asChild variant="brand" size="lg" className="h-12 px-6 text-base">
                <Link to={about.scheduleCta.href}>
                  <CalendarCheck aria-hidden="true" />
                  {about.scheduleCta.label}
                </Link>
              </Button>
              <SocialLinks links={site.social} inverted />
            </div>
          </div>
        </div>
      </section>

      <Reveal aria-labelledby="experience-title" className="py-16 sm:py-24">
        <div className={container}>
          <SectionHeading id="experience-title" eyebrow="Career" title={about.experienceHeading} />
          <div className="mt-12 space-y-12">
            {about.experience.map((group) => (
              <div key={group.category} className="grid gap-6 lg:grid-cols-[1fr_3fr]">
                <h3 className="text-xl font-semibold text-primary">{group.category}</h3>
                <ol className="space-y-6">
                  {group.roles.map((role) => (
                    <li key={`${role.title}-${role.period}`} className="rounded-xl border bg-card p-6 shadow-sm">
                      <div className="flex flex-col gap-1 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4">
                        <h4 className="text-lg font-semibold text-primary">{role.title}</h4>
                        <p className="shrink-0 text-sm font-medium text-muted-foreground">{role.period}</p>
                      </div>
                      <p className="mt-1 text-muted-foreground">
                        {role.organisation} · {role.location}
                      </p>
                      <ul className="mt-4 list-disc space-y-2 pl-5 marker:text-brand">
                        {role.highlights.map((highlight) => (
                          <li key={highlight}>{highlight}</li>
                        ))}
                      </ul>
                    </li>
                  ))}
                </ol>
              </div>
            ))}
          </div>
        </div>
      </Reveal>

      <Reveal as="div" className="bg-muted py-16 sm:py-24">
        <div className={`${container} grid gap-12 lg:grid-cols-2`}>
          <section aria-labelledby="expertise-title">
            <SectionHeading id="expertise-title" eyebrow="Skills" title={about.expertiseHeading} />
            <ul className="mt-8 space-y-4">
              {about.expertise.map((item) => (
                <li key={item.skill}>
                  <div className="flex items-baseline justify-between gap-4">
                    <span className="font-medium">{item.skill}</span>
                    <span className="shrink-0 text-sm font-semibold text-primary">{item.years} years</span>
                  </div>
                  <div aria-hidden="true" className="mt-1.5 h-2 rounded-full bg-background">
                    <div className="h-2 rounded-full bg-primary" style={{ width: `${(item.years / longestExpertise) * 100}%` }} />
                  </div>
                </li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="education-title">
            <h2 id="education-title" className="text-3xl font-bold tracking-tight text-primary sm:text-4xl lg:mt-7">
              {about.educationHeading}
            </h2>
            <ol className="mt-8 space-y-4">
              {about.education.map((item) => (
                <li key={item.credential} className="flex gap-4 rounded-xl border bg-card p-5 shadow-sm">
                  <GraduationCap aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-brand" />
                  <div>
                    <h3 className="font-semibold text-primary">{item.credential}</h3>
                    <p className="text-muted-foreground">
                      {item.institution} · {item.year}
                    </p>
                  </div>
                </li>
              ))}
            </ol>
          </section>
        </div>
      </Reveal>

      <Reveal aria-labelledby="achievements-title" className="py-16 sm:py-24">
        <div className={container}>
          <SectionHeading id="achievements-title" eyebrow="Results" title={about.achievementsHeading} />
          <ul className="mt-10 grid gap-4 md:grid-cols-2">
            {about.achievements.map((achievement) => (
              <li key={achievement} className="flex items-start gap-3 rounded-xl border bg-card p-5 shadow-sm">
                <Award aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-brand" />
                <span>{achievement}</span>
              </li>
            ))}
          </ul>
        </div>
      </Reveal>

      <ClosingPanel id="consult-title" title={about.closing.title} body={about.closing.body}>
        <Button asChild variant="brand" size="lg" className="h-12 px-6 text-base">
          <Link to={about.closing.cta.href}>
            <CalendarCheck aria-hidden="true" />
            {about.closing.cta.label}
          </Link>
        </Button>
      </ClosingPanel>
    </>
  );
}
