import { CheckCircle2, CircleDashed, ExternalLink } from "lucide-react";
import { NativeDialog } from "~/components/native-dialog";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import type { MarketplaceApplication } from "~/content/marketplace";
import { SCREENSHOT_RATIO, SCREENSHOT_WIDTHS } from "../images";
import { buildShareIntentUrl, DIALOG_SHARE_LENGTH, shareSubjectForApplication } from "../share";
import { CompletionMeter } from "./completion-meter";
import { ResponsiveLogo, ResponsivePicture } from "./responsive-picture";
import { ShareButton } from "./tool-actions";

type ApplicationDialogProps = {
  /** The dialog's id: the card's 'View Details' opens it. */
  id: string;
  application: MarketplaceApplication;
  hashtags: readonly string[];
};

/**
 * An application's details (SPEC section 4), one native dialog per application in the page's HTML
 * (its screenshot loads when it opens). Closing it returns focus to the button that opened it.
 */
export function ApplicationDialog({ id, application, hashtags }: ApplicationDialogProps) {
  return (
    <NativeDialog id={id} labelledBy={`${id}-title`} describedBy={`${id}-description`} closeFirst className="gap-5 sm:max-w-2xl">
        <div className="flex flex-row items-start gap-3 pr-8 text-left">
          <ResponsiveLogo src={application.logoUrl} size={48} className="size-12" imgClassName="rounded-lg" />
          <div className="space-y-1.5">
            <h2 id={`${id}-title`} className="text-xl leading-snug font-semibold text-primary">
              {application.title}
            </h2>
            <Badge variant="secondary">{application.category}</Badge>
          </div>
        </div>

        <ResponsivePicture
          src={application.image}
          alt={application.imageAlt}
          widths={SCREENSHOT_WIDTHS}
          sizes="(min-width: 640px) 39rem, calc(100vw - 5rem)"
          width={SCREENSHOT_WIDTHS[SCREENSHOT_WIDTHS.length - 1]}
          height={SCREENSHOT_WIDTHS[SCREENSHOT_WIDTHS.length - 1] * SCREENSHOT_RATIO}
          className="shrink-0"
          imgClassName="rounded-lg border"
        />

        <p id={`${id}-description`} className="text-base leading-relaxed text-foreground">
          {application.description}
        </p>

        <dl className="grid gap-4 rounded-lg border bg-muted/60 p-4 text-sm sm:grid-cols-2">
          <div>
            <dt className="font-medium text-muted-foreground">Price</dt>
            <dd className="mt-0.5 font-semibold">{application.price}</dd>
          </div>
          <div>
            <dt className="font-medium text-muted-foreground">Completion</dt>
            <dd className="mt-0.5">
              <CompletionMeter value={application.completionStatus} showLabel={false} />
            </dd>
          </div>
          <div>
            <dt className="font-medium text-muted-foreground">Revenue projection</dt>
            <dd className="mt-0.5 font-semibold">{application.revenueProjection}</dd>
          </div>
          <div>
            <dt className="font-medium text-muted-foreground">Development time</dt>
            <dd className="mt-0.5 font-semibold">{application.developmentTime}</dd>
          </div>
        </dl>

        <section aria-labelledby={`${id}-tech-stack`}>
          <h3 id={`${id}-tech-stack`} className="mb-2 font-semibold">
            Tech stack
          </h3>
          <ul className="flex flex-wrap gap-1.5">
            {application.techStack.map((tech) => (
              <li key={tech}>
                <Badge variant="secondary">{tech}</Badge>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby={`${id}-included`}>
          <h3 id={`${id}-included`} className="mb-2 font-semibold">
            What&apos;s included
          </h3>
          <ul className="space-y-2 text-sm">
            {application.whatIsIncluded.map((item) => (
              <li key={item} className="flex gap-2">
                <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-700" />
                <span>{item}</span>
              </li>
            ))}
          </ul>
        </section>

        {application.whatNeedsCompletion.length > 0 ? (
          <section aria-labelledby={`${id}-needs-completion`}>
            <h3 id={`${id}-needs-completion`} className="mb-2 font-semibold">
              What needs completion
            </h3>
            <ul className="space-y-2 text-sm">
              {application.whatNeedsCompletion.map((item) => (
                <li key={item} className="flex gap-2">
                  <CircleDashed aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand" />
                  <span>{item}</span>
                </li>
              ))}
            </ul>
          </section>
        ) : null}

        <div className="flex flex-col-reverse gap-2 border-t pt-4 sm:flex-row sm:justify-end">
          <ShareButton
            title={application.title}
            intentUrl={buildShareIntentUrl(shareSubjectForApplication(application), DIALOG_SHARE_LENGTH, hashtags)}
          />
          <Button asChild variant="brand" size="sm">
            <a
              href={application.url}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={`Visit Application: ${application.title} (opens in a new tab)`}
            >
              <ExternalLink aria-hidden="true" />
              Visit Application
            </a>
          </Button>
        </div>
    </NativeDialog>
  );
}
