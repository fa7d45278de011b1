// The one same-origin check for mutating requests (DESIGN.md section 7): any POST (or other
// non-safe method) to an action or resource route whose `Origin` or `Sec-Fetch-Site` says it
// comes from another site is refused with 403 before anything runs. The session cookie alone must
// never be enough to act. Routes that prove their caller another way (the payment provider's
// signed webhook) are marked `crossOriginPosts` in the route-access table.
import { ruleFor } from "./route-access";

export const CROSS_SITE_MESSAGE =
  "Forbidden: this request came from another site. Reload the page on this site and try again.";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export type MutatingRequest = {
  method: string;
  /** The path the request is for (a `.data` URL is fine: its route is the page's). */
  pathname: string;
  origin: string | undefined;
  secFetchSite: string | undefined;
};

/**
 * Null when the request may proceed, else the reason to refuse it. `siteOrigins` are the origins
 * the site answers on (SITE_URL's, and the one the request reached, e.g. behind a local proxy).
 * A request without either header (curl, a server) is not a browser's cross-site request.
 */
export function crossSiteRefusal(request: MutatingRequest, siteOrigins: readonly string[]): string | null {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return null;
  if (ruleFor(request.pathname).rule.crossOriginPosts) return null;
  if (request.secFetchSite && request.secFetchSite !== "same-origin") return CROSS_SITE_MESSAGE;
  if (request.origin !== undefined && !siteOrigins.includes(request.origin)) return CROSS_SITE_MESSAGE;
  return null;
}
