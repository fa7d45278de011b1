// Who may open each route of app/routes.ts, whether its HTML may be shared between anonymous
// visitors (the page cache), whether it is listed in /sitemap.xml, and what requests it takes
// (methods, body, fields, rate limit). One table: the page cache, the sitemap, robots.txt, the
// guards' sign-in targets, the client's "checking authentication" notice, the request limits, form
// parsing, the rate limiter and the authorization test all read it
// (docs/decisions/005-route-access-table.md, 009-request-rules-and-rate-limiter.md).
// Importable by the browser bundle: plain data and pure functions only.
import { matchPath } from "react-router";
import type { RateLimitName } from "./rate-limit-policies";

export type Access =
  /** Anyone. */
  | "public"
  /** A signed-in account; an anonymous visitor is sent to `signIn`. */
  | "user"
  /** A signed-in account with the admin role. */
  | "admin";

export type RouteRule = {
  access: Access;
  /**
   * The HTML is the same for every anonymous visitor and may be served from the page cache (until
   * a change drops it). "until-central-midnight": the same within one Central Time day (the page
   * shows today's date), dropped at midnight in Chicago too.
   */
  cache: boolean | "until-central-midnight";
  /** Listed in /sitemap.xml (dynamic routes add their own entries, e.g. published posts). */
  sitemap: boolean;
  /** Kept out of search engines by robots.txt (protected routes always are). */
  disallowRobots?: boolean;
  /** Where an anonymous visitor of a protected route is sent (default /admin-login). */
  signIn?: string;
  /**
   * Mutating requests skip the same-origin check. Only for a caller that proves itself another
   * way: the payment provider's signed webhook, or a mail client's one-click unsubscribe (RFC 8058),
   * authorised by the subscription's unguessable token in the path, needing no session.
   */
  crossOriginPosts?: "signed-webhook" | "unsubscribe-token";
  /** The methods it answers; any other gets 405 with an Allow header (TRACE never passes). */
  methods: readonly HttpMethod[];
  /** What a request may carry in its body, and how much (larger: 413 before anything reads it). */
  body: BodyRule;
  /**
   * The rate-limit policy its loader or action counts against, with the keys it supplies
   * (server/rate-limits.server.ts `rateLimitRequest`; the policies: app/lib/rate-limit-policies.ts).
   */
  rateLimit?: RateLimitName;
};

export type HttpMethod = "GET" | "HEAD" | "POST" | "PUT" | "PATCH" | "DELETE" | "OPTIONS";

export type BodyRule =
  /**
   * Form posts, url-encoded or multipart without files, read by readFormData: more than
   * `maxFields` fields is refused before anything parses them.
   */
  | { kind: "form"; maxBytes: number; maxFields: number }
  /**
   * Multipart with files (blog images): at most `maxFiles` files among `maxFields` parts;
   * `maxBytes` is for the other fields, the files add UPLOAD_MAX_BYTES (8 MB unless configured).
   */
  | { kind: "upload"; maxBytes: number; maxFields: number; maxFiles: number }
  /** One JSON document (the auth API, the analytics beacon). */
  | { kind: "json"; maxBytes: number }
  /** The bytes exactly as sent, for a caller that signs them (the payment provider's webhook). */
  | { kind: "raw"; maxBytes: number };

const KB = 1024;
const MB = 1024 * KB;

/** What a page answers: reading it, and posting its forms. */
const PAGE_METHODS: readonly HttpMethod[] = ["GET", "HEAD", "POST"];
/** A page's forms: the largest has a dozen fields; 1 MB leaves room for long free text. */
const PAGE_FORM: BodyRule = { kind: "form", maxBytes: 1 * MB, maxFields: 32 };

const page = (access: Access, options: Partial<RouteRule> = {}): RouteRule => ({
  access,
  cache: false,
  sitemap: false,
  methods: PAGE_METHODS,
  body: PAGE_FORM,
  ...options,
});
const publicPage = (options: Partial<RouteRule> = {}) => page("public", options);
const adminPage = page("admin");

/** Keyed by the route's path pattern, written as in app/routes.ts with a leading slash. */
export const routeAccess = {
  "/": publicPage({ cache: true, sitemap: true }),
  "/bootcamp": publicPage({ cache: true, sitemap: true }),
  "/about": publicPage({ cache: true, sitemap: true }),
  "/marketplace": publicPage({ cache: true, sitemap: true }),
  // The form and its calendar are the same for every visitor on one day (the times come from the
  // slot data request): a newsletter's readers clicking through are served from memory.
  "/booking": publicPage({ cache: "until-central-midnight", sitemap: true, rateLimit: "booking" }),
  "/booking/confirmation": publicPage(),
  "/booking/cancel/:token": publicPage({ disallowRobots: true, rateLimit: "booking-cancel" }),
  // The owner's bookings feed for their calendar app: the secret in the path is the only key.
  "/calendar/:file": publicPage({ disallowRobots: true, methods: ["GET", "HEAD"] }),
  "/booking/reschedule/:token": publicPage({ disallowRobots: true, rateLimit: "booking-reschedule" }),
  // Cached as the spec's page; with ?session_id= (the checkout's return) it is rendered each time.
  "/payment-success": publicPage({ cache: true }),
  "/payment-canceled": publicPage({ cache: true }),
  "/congrats": publicPage({ cache: true }),
  // The built-in test checkout (no STRIPE_SECRET_KEY): its card form, Pay and Cancel.
  "/checkout/test/:sessionId": publicPage({ disallowRobots: true, body: { kind: "form", maxBytes: 4 * KB, maxFields: 6 } }),
  // 'Enroll Now' (decision 019): a form post with the page's affiliate reference.
  "/api/create-payment": publicPage({
    disallowRobots: true,
    methods: ["POST"],
    body: { kind: "form", maxBytes: 1 * KB, maxFields: 1 },
    rateLimit: "checkout",
  }),
  // A page's view beacon (decision 020): a small JSON document from navigator.sendBeacon.
  "/api/analytics/view": publicPage({
    disallowRobots: true,
    methods: ["POST"],
    body: { kind: "json", maxBytes: 2 * KB },
    rateLimit: "analytics-beacon",
  }),
  // Stripe's events: the raw bytes it signed (the signature is the only proof, so no origin check).
  "/api/stripe/webhook": publicPage({
    disallowRobots: true,
    methods: ["POST"],
    body: { kind: "raw", maxBytes: 256 * KB },
    crossOriginPosts: "signed-webhook",
  }),
  "/blog": publicPage({ cache: true, sitemap: true }),
  "/blog/:slug": publicPage({ cache: true }),
  "/blog/rss.xml": publicPage({ cache: true }),
  // The sign-up forms' action (footer and popup): one e-mail address and two short fields.
  "/newsletter": publicPage({
    disallowRobots: true,
    methods: ["POST"],
    body: { kind: "form", maxBytes: 4 * KB, maxFields: 3 },
    rateLimit: "newsletter",
  }),
  "/newsletter/unsubscribe/:token": publicPage({ disallowRobots: true, body: { kind: "form", maxBytes: 1 * KB, maxFields: 1 } }),
  "/newsletter/one-click/:token": publicPage({
    disallowRobots: true,
    // Multipart (RFC 8058's preferred form) spends a few hundred bytes on one field.
    body: { kind: "form", maxBytes: 2 * KB, maxFields: 1 },
    crossOriginPosts: "unsubscribe-token",
  }),
  // A partner's link: read only; counting its clicks is limited per client (the redirect still
  // answers past the limit, the click is just not counted).
  "/a/:slugOrCode?": publicPage({ disallowRobots: true, methods: ["GET", "HEAD"], rateLimit: "affiliate-click" }),
  // Uploaded images (server/uploads): read only.
  "/media/*": publicPage({ methods: ["GET", "HEAD"] }),
  "/admin-login": publicPage({ disallowRobots: true }),
  "/admin": adminPage,
  // The post form carries the featured image's file.
  "/admin/blog": page("admin", { body: { kind: "upload", maxBytes: 1 * MB, maxFields: 16, maxFiles: 1 } }),
  "/admin/analytics": adminPage,
  "/admin/analytics/export.csv": page("admin", { methods: ["GET", "HEAD"] }),
  "/admin/emails": adminPage,
  "/admin/emails/:id": adminPage,
  "/admin/bookings": adminPage,
  "/admin/bookings/export.csv": adminPage,
  "/admin/bookings/:id": adminPage,
  "/admin/subscribers": adminPage,
  "/admin/subscribers/export.csv": adminPage,
  // An issue's body is HTML like a post's: up to 200,000 characters.
  "/admin/newsletter": page("admin", { body: { kind: "form", maxBytes: 1 * MB, maxFields: 8 } }),
  "/admin/orders": adminPage,
  "/admin/orders/export.csv": page("admin", { methods: ["GET", "HEAD"] }),
  "/admin/orders/:id": adminPage,
  "/admin/system": adminPage,
  "/affiliate-management": adminPage,
  // affiliates.csv, referrals.csv, payouts.csv.
  "/affiliate-management/export/:file": page("admin", { methods: ["GET", "HEAD"] }),
  // Quick apply is an application: it shares the application form's counts.
  "/affiliate-dashboard": page("user", { signIn: "/admin-login", rateLimit: "affiliate-application" }),
  "/affiliate-application": page("user", { signIn: "/auth?redirect=/affiliate-application", rateLimit: "affiliate-application" }),
  "/affiliate-program": publicPage({ cache: true, sitemap: true }),
  "/affiliate-test": publicPage(),
  "/auth": publicPage({ disallowRobots: true }),
  "/logout": publicPage({ disallowRobots: true }),
  "/robots.txt": publicPage(),
  "/sitemap.xml": publicPage(),
  // Better Auth's own endpoints: JSON from its client, and a CORS preflight's OPTIONS.
  "/api/auth/*": publicPage({
    disallowRobots: true,
    methods: ["GET", "HEAD", "POST", "OPTIONS"],
    body: { kind: "json", maxBytes: 64 * KB },
  }),
  "/*": publicPage(),
} satisfies Record<string, RouteRule>;

export type RoutePattern = keyof typeof routeAccess;

const rules = Object.entries(routeAccess) as Array<[RoutePattern, RouteRule]>;
const isStatic = (pattern: string) => !pattern.includes(":") && !pattern.includes("*");
// Matching order: static patterns before dynamic ones, the catch-all last.
const matchOrder = [...rules].sort(
  ([a], [b]) => Number(isStatic(b)) - Number(isStatic(a)) || Number(a === "/*") - Number(b === "/*"),
);

// matchPath compiles a pattern on every call: a post's page went through some forty of them, for
// each of the three or four lookups a request makes (methods, body, fields, the page cache).
const RULES_BY_PATH_LIMIT = 10_000;
const rulesByPath = new Map<string, { pattern: RoutePattern; rule: RouteRule }>();

/**
 * The rule of the route that serves `pathname` (the most specific pattern that matches). A data
 * request (`/admin.data`, `/_.data` for the root) is its page's.
 */
export function ruleFor(pathname: string): { pattern: RoutePattern; rule: RouteRule } {
  const page = pathname.replace(/\/_\.data$/, "/").replace(/\.data$/, "");
  const known = rulesByPath.get(page);
  if (known) return known;
  const found = matchOrder.find(([pattern]) => matchPath({ path: pattern, end: true }, page));
  const answer = found ? { pattern: found[0], rule: found[1] } : { pattern: "/*" as const, rule: routeAccess["/*"] };
  // Bounded: paths are the visitors' to choose.
  if (rulesByPath.size >= RULES_BY_PATH_LIMIT) rulesByPath.clear();
  rulesByPath.set(page, answer);
  return answer;
}

/** Paths whose loaders run a guard: navigating to one means the client waits for the check. */
export function isProtectedPath(pathname: string): boolean {
  return ruleFor(pathname).rule.access !== "public";
}

/** Where an anonymous visitor of a protected route is sent. */
export function signInTargetFor(pathname: string): string {
  return ruleFor(pathname).rule.signIn ?? "/admin-login";
}

/** Static paths the page cache may serve to anonymous visitors. */
export const cacheablePaths: ReadonlySet<string> = new Set(
  rules.filter(([pattern, rule]) => rule.cache !== false && isStatic(pattern)).map(([pattern]) => pattern),
);

/** Whether the page cache may serve `path` (a static path, or one of a dynamic route marked `cache`). */
export function isCacheablePath(path: string): boolean {
  return cacheablePaths.has(path) || ruleFor(path).rule.cache !== false;
}

/** Static paths listed in the sitemap. */
export const sitemapPaths: readonly string[] = rules
  .filter(([pattern, rule]) => rule.sitemap && isStatic(pattern))
  .map(([pattern]) => pattern);

/** The cached pages of the sitemap (the marketing pages): what the performance budgets are for. */
export const cachedSitemapPaths: readonly string[] = sitemapPaths.filter((path) => cacheablePaths.has(path));

/**
 * robots.txt's Disallow lines: every protected route and every public one marked so, as the
 * static prefix before its first parameter; a prefix already covered by a shorter one is dropped.
 */
export function robotsDisallowPrefixes(): string[] {
  const prefixes = rules
    .filter(([, rule]) => rule.access !== "public" || rule.disallowRobots)
    .map(([pattern]) => pattern.split(/[:*]/)[0]!)
    .sort((a, b) => a.length - b.length);
  return prefixes
    .filter((prefix, i) => !prefixes.slice(0, i).some((shorter) => prefix.startsWith(shorter)))
    .sort();
}

/** A route of app/routes.ts as @react-router/dev describes it. */
export type RouteConfigEntry = { path?: string; index?: boolean; file: string; children?: RouteConfigEntry[] };

/** Every route of the route config that serves a URL, flattened, with its full path pattern. */
export function flattenRoutes(entries: readonly RouteConfigEntry[], prefix = ""): Array<{ pattern: string; file: string }> {
  return entries.flatMap((entry) => {
    // A pathless layout serves no URL of its own: its children's patterns continue the prefix.
    if (!entry.index && entry.path === undefined) return flattenRoutes(entry.children ?? [], prefix);
    const pattern = entry.index ? prefix || "/" : `${prefix}/${entry.path}`.replace(/\/+/g, "/");
    return [{ pattern, file: entry.file }, ...flattenRoutes(entry.children ?? [], pattern)];
  });
}

/** Routes without a declared access, and declarations without a route: both must be empty. */
export function checkRouteAccessTable(entries: readonly RouteConfigEntry[], table: Record<string, RouteRule> = routeAccess) {
  const patterns = flattenRoutes(entries).map((route) => route.pattern);
  return {
    undeclared: patterns.filter((pattern) => !(pattern in table)),
    unknown: Object.keys(table).filter((pattern) => !patterns.includes(pattern)),
  };
}
