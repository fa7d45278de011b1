import { useEffect } from "react";
import { useParams } from "react-router";
import type { Route } from "./+types/affiliate-redirect";
import { Spinner } from "~/components/ui/spinner";
import { affiliateLinkResponse } from "~/features/affiliates/redirect.server";
import { AFFILIATE_REF_KEY } from "~/features/checkout/affiliate-ref";
import { clientIpContext } from "~/lib/request-context";
import { seo } from "~/lib/seo";

export const meta: Route.MetaFunction = (args) =>
  seo(args, { title: "Redirecting...", description: "Redirecting to the bootcamp.", noIndex: true });

// The server resolves the link, counts the click and answers 302. A document request for
// `/a/{code}` is answered by the server before React Router (decision 037) with the same function;
// this loader answers client-side navigations (`.data`) and the addresses the server leaves to
// React Router (`/a`, a trailing slash, percent-encoded characters).
export async function loader({ request, params, context }: Route.LoaderArgs) {
  throw await affiliateLinkResponse(request, params.slugOrCode, context.get(clientIpContext));
}

/**
 * The spec's 'Redirecting...' page: shown only when the server's redirect was not taken (the
 * loader always answers one). It keeps the reference and goes to the bootcamp as the spec's step 5.
 */
export default function AffiliateRedirect() {
  const { slugOrCode = "" } = useParams();
  useEffect(() => {
    try {
      if (slugOrCode) window.sessionStorage.setItem(AFFILIATE_REF_KEY, slugOrCode);
    } catch {
      // Storage unavailable: the reference still travels in the address.
    }
    window.location.replace(slugOrCode ? `/bootcamp?ref=${encodeURIComponent(slugOrCode)}` : "/bootcamp");
  }, [slugOrCode]);
  return (
    <div className="flex min-h-[50vh] items-center justify-center gap-3 text-muted-foreground" aria-live="polite">
      <Spinner className="size-6 text-brand" label="Redirecting..." />
      <p>Redirecting...</p>
    </div>
  );
}
