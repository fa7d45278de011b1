import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { Reveal } from "~/components/reveal";
import { Button } from "~/components/ui/button";
import { freeTools, marketplaceApplications, marketplacePage } from "~/content/marketplace";
import { ApplicationCard } from "./application-card";
import { ApplicationDialog } from "./application-dialog";
import { FreeToolsPanel } from "./free-tools-panel";

// SPEC section 4's selected application and open flag are the native dialog's own: one per
// application, opened by its card's 'View Details' (app/enhance/dialogs.ts).
const dialogId = (applicationId: string) => `application-${applicationId}`;

export function MarketplacePage() {
  const page = marketplacePage;

  return (
    <>
      <div className="border-b bg-primary text-primary-foreground">
        <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 sm:py-16 lg:px-8">
          <p className="text-sm font-semibold tracking-wide text-orange-200 uppercase">Tools &amp; Marketplace</p>
          <h1 className="mt-2 text-3xl font-bold tracking-tight text-balance sm:text-4xl lg:text-5xl">{page.title}</h1>
          <p className="mt-4 max-w-3xl text-lg text-primary-foreground/85">{page.intro}</p>
        </div>
      </div>

      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 sm:px-6 lg:grid-cols-[minmax(0,1fr)_26rem] lg:px-8">
        {/* Side by side, staggered by the spec's two animation delays. */}
        <Reveal aria-labelledby="applications-heading" delay={120} className="min-w-0">
          <h2 id="applications-heading" className="text-2xl font-semibold text-primary">
            {page.applicationsHeading}
          </h2>
          <div className="mt-5 grid gap-6 md:grid-cols-2">
            {marketplaceApplications.map((application, index) => (
              <ApplicationCard
                key={application.id}
                application={application}
                viewDetailsLabel={page.viewDetailsLabel}
                priorityImage={index === 0}
                dialogId={dialogId(application.id)}
              />
            ))}
          </div>
        </Reveal>

        <Reveal as="div" delay={360} className="min-w-0">
          <FreeToolsPanel
            tools={freeTools}
            heading={page.freeToolsHeading}
            intro={page.freeToolsIntro}
            hashtags={page.shareHashtags}
          />
        </Reveal>
      </div>

      <Reveal aria-labelledby="marketplace-closing-heading" className="mx-auto max-w-7xl px-4 pb-16 sm:px-6 lg:px-8">
        <div className="rounded-2xl bg-primary px-6 py-10 text-center text-primary-foreground sm:px-12">
          <h2 id="marketplace-closing-heading" className="text-2xl font-bold sm:text-3xl">
            {page.closing.title}
          </h2>
          <p className="mx-auto mt-3 max-w-2xl text-primary-foreground/85">{page.closing.body}</p>
          <Button asChild variant="brand" size="lg" className="mt-6 h-auto min-h-10 py-2 whitespace-normal">
            <Link to={page.closing.cta.href}>
              {page.closing.cta.label}
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        </div>
      </Reveal>

      {marketplaceApplications.map((application) => (
        <ApplicationDialog key={application.id} id={dialogId(application.id)} application={application} hashtags={page.shareHashtags} />
      ))}
    </>
  );
}
