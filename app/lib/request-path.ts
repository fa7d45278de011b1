// The page a request is about. React Router's data requests carry the page in a `.data` URL
// (`/admin.data`, `/_.data` for the root, with a `_routes` parameter); a guard that stores a
// return target, or looks up the route's access, needs the document's path instead. And what of
// a request's address the log may keep.
import { routeAccess, ruleFor } from "./route-access";

/** The document path and query of `request` (`/admin.data?_routes=…` → `/admin`). */
export function documentPath(request: Request): string {
  const url = new URL(request.url);
  const pathname = url.pathname.endsWith("/_.data")
    ? url.pathname.slice(0, -"_.data".length)
    : url.pathname.replace(/\.data$/, "");
  url.searchParams.delete("_routes");
  const search = url.searchParams.toString();
  return search ? `${pathname}?${search}` : pathname;
}

// Static prefixes of the routes that take a parameter (`/newsletter/unsubscribe/`, `/blog/`, …),
// longest first: a 404 under one of them is logged as the prefix alone.
const PARAMETER_PREFIXES = Object.keys(routeAccess)
  .filter((pattern) => pattern !== "/*" && /[:*]/.test(pattern))
  .map((pattern) => pattern.split(/[:*]/)[0]!)
  .sort((a, b) => b.length - a.length);

/** A logged 404 path keeps this much: enough to see the broken link, not a 2 KB one whole. */
const LOGGED_PATH_LENGTH = 200;

/**
 * How a request's address is written to the log: its route's pattern
 * (`/newsletter/unsubscribe/:token`), never the path, whose segments may be secrets (unsubscribe,
 * cancel, checkout and reset tokens); the query is never logged. A path no route serves (a 404) is
 * logged as it came, the broken link being the news, unless it lies under a route that takes a
 * parameter (a mail client that appended to a token link): then as that route's prefix and `*`.
 */
export function loggedPath(pathOrUrl: string): string {
  // A path as sent ("//host/x" is a path here, not another host); a full URL (a Request's) its path.
  const pathname = pathOrUrl.startsWith("/") ? pathOrUrl.split(/[?#]/, 1)[0]! : new URL(pathOrUrl).pathname;
  const { pattern } = ruleFor(pathname);
  if (pattern !== "/*") return pattern;
  const prefix = PARAMETER_PREFIXES.find((candidate) => pathname.startsWith(candidate));
  return prefix ? `${prefix}*` : pathname.slice(0, LOGGED_PATH_LENGTH);
}
