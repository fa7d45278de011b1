import { CheckCircle2 } from "lucide-react";
import { useId } from "react";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import type { MarketplaceApplication } from "~/content/marketplace";
import { SCREENSHOT_RATIO, SCREENSHOT_WIDTHS } from "../images";
import { CompletionMeter } from "./completion-meter";
import { ResponsiveLogo, ResponsivePicture } from "./responsive-picture";

/** SPEC section 9: a card shows at most 3 tech badges and the first 2 included items. */
export const CARD_TECH_BADGES = 3;
export const CARD_INCLUDED_ITEMS = 2;

type ApplicationCardProps = {
  application: MarketplaceApplication;
  viewDetailsLabel: string;
  /** The first card's screenshot is the page's largest paint: it skips lazy loading. */
  priorityImage?: boolean;
  /** The id of the application's detail dialog, which 'View Details' opens (app/enhance/dialogs.ts). */
  dialogId: string;
};

export function ApplicationCard({
  application,
  viewDetailsLabel,
  priorityImage = false,
  dialogId,
}: ApplicationCardProps) {
  const id = useId();
  const titleId = `${id}-title`;
  const shownTech = application.techStack.slice(0, CARD_TECH_BADGES);
  const hiddenTechCount = application.techStack.length - shownTech.length;
  const included = application.whatIsIncluded.slice(0, CARD_INCLUDED_ITEMS);

  return (
    <article
      aria-labelledby={titleId}
      className="flex flex-col overflow-hidden rounded-xl border bg-card text-card-foreground shadow-sm transition-shadow hover:shadow-md"
    >
      <ResponsivePicture
        src={application.image}
        alt={application.imageAlt}
        widths={SCREENSHOT_WIDTHS}
        sizes="(min-width: 1024px) 24rem, (min-width: 768px) 45vw, calc(100vw - 2rem)"
        width={SCREENSHOT_WIDTHS[SCREENSHOT_WIDTHS.length - 1]}
        height={SCREENSHOT_WIDTHS[SCREENSHOT_WIDTHS.length - 1] * SCREENSHOT_RATIO}
        className="border-b bg-primary"
        priority={priorityImage}
      />
      <div className="flex flex-1 flex-col gap-4 p-5">
        <div className="flex items-start gap-3">
          <ResponsiveLogo src={application.logoUrl} size={40} className="size-10" imgClassName="rounded-lg" />
          <div className="min-w-0 space-y-1">
            <h3 id={titleId} className="text-lg leading-snug font-semibold text-primary">
              {application.title}
            </h3>
            <p className="text-sm text-muted-foreground">{application.category}</p>
          </div>
        </div>

        <p className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
          <span className="font-medium text-muted-foreground">Price</span>
          <span className="font-semibold text-foreground">{application.price}</span>
        </p>
        <CompletionMeter value={application.completionStatus} />

        <div>
          <p id={`${id}-tech`} className="mb-2 text-sm font-medium text-muted-foreground">
            Tech stack
          </p>
          <ul aria-labelledby={`${id}-tech`} className="flex flex-wrap gap-1.5">
            {shownTech.map((tech) => (
              <li key={tech}>
                <Badge variant="secondary">{tech}</Badge>
              </li>
            ))}
            {hiddenTechCount > 0 ? (
              <li>
                <Badge variant="outline">+{hiddenTechCount} more</Badge>
              </li>
            ) : null}
          </ul>
        </div>

        <div>
          <p id={`${id}-included`} className="mb-2 text-sm font-medium text-muted-foreground">
            What&apos;s included
          </p>
          <ul aria-labelledby={`${id}-included`} className="space-y-2 text-sm">
            {included.map((item) => (
              <li key={item} className="flex gap-2">
                <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand" />
                <span>{item}</span>
              </li>
            ))}
          </ul>
        </div>

        <Button
          type="button"
          className="mt-auto w-full"
          aria-haspopup="dialog"
          aria-label={`${viewDetailsLabel}: ${application.title}`}
          aria-controls={dialogId}
          data-opens-dialog={dialogId}
        >
          {viewDetailsLabel}
        </Button>
      </div>
    </article>
  );
}
