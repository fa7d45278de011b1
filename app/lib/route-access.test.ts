import { describe, expect, it } from "vitest";
import routes from "~/routes";
import {
  cacheablePaths,
  cachedSitemapPaths,
  isCacheablePath,
  checkRouteAccessTable,
  isProtectedPath,
  robotsDisallowPrefixes,
  routeAccess,
  ruleFor,
  signInTargetFor,
  sitemapPaths,
  type RouteConfigEntry,
} from "./route-access";

describe("the route-access table", () => {
  it("declares every route of app/routes.ts, and nothing else", () => {
    expect(checkRouteAccessTable(routes as RouteConfigEntry[])).toEqual({ undeclared: [], unknown: [] });
  });

  it("reports a route added to the route config without an access entry", () => {
    const withNewRoute = [...(routes as RouteConfigEntry[]), { path: "admin/invoices", file: "routes/admin-invoices.tsx" }];
    expect(checkRouteAccessTable(withNewRoute).undeclared).toEqual(["/admin/invoices"]);
  });

  it("reports an access entry whose route is gone", () => {
    const table = { ...routeAccess, "/old-page": routeAccess["/about"] } as const;
    expect(checkRouteAccessTable(routes as RouteConfigEntry[], table).unknown).toEqual(["/old-page"]);
  });

  it("matches a path to its most specific route", () => {
    expect(ruleFor("/admin").pattern).toBe("/admin");
    expect(ruleFor("/admin/emails/0b9f").pattern).toBe("/admin/emails/:id");
    expect(ruleFor("/admin-login").pattern).toBe("/admin-login");
    expect(ruleFor("/blog/a-post").pattern).toBe("/blog/:slug");
    expect(ruleFor("/a").pattern).toBe("/a/:slugOrCode?");
    expect(ruleFor("/api/auth/verify-email").pattern).toBe("/api/auth/*");
    expect(ruleFor("/no/such/page").pattern).toBe("/*");
  });

  it("knows which paths are protected and where their anonymous visitors go", () => {
    for (const path of ["/admin", "/admin/blog", "/admin/emails/x", "/affiliate-management", "/affiliate-dashboard"]) {
      expect(isProtectedPath(path), path).toBe(true);
    }
    for (const path of ["/", "/admin-login", "/auth", "/blog/x", "/administrator"]) {
      expect(isProtectedPath(path), path).toBe(false);
    }
    expect(signInTargetFor("/admin/blog")).toBe("/admin-login");
    expect(signInTargetFor("/affiliate-dashboard")).toBe("/admin-login");
    expect(signInTargetFor("/affiliate-application")).toBe("/auth?redirect=/affiliate-application");
  });

  it("names the rate-limit policy of every route whose loader or action counts", () => {
    const limited = Object.fromEntries(
      Object.entries(routeAccess).flatMap(([pattern, rule]) => ("rateLimit" in rule ? [[pattern, rule.rateLimit]] : [])),
    );
    expect(limited).toEqual({
      "/booking": "booking",
      "/booking/cancel/:token": "booking-cancel",
      "/booking/reschedule/:token": "booking-reschedule",
      "/api/create-payment": "checkout",
      "/api/analytics/view": "analytics-beacon",
      "/newsletter": "newsletter",
      "/a/:slugOrCode?": "affiliate-click",
      "/affiliate-dashboard": "affiliate-application",
      "/affiliate-application": "affiliate-application",
    });
  });

  it("derives the cacheable pages, the sitemap and robots.txt from the same table", () => {
    expect([...cacheablePaths].sort()).toEqual(
      ["/", "/about", "/affiliate-program", "/blog", "/blog/rss.xml", "/booking", "/bootcamp", "/congrats", "/marketplace", "/payment-canceled", "/payment-success"],
    );
    // A dynamic route marked cache: its pages are cacheable too (invalidated when a post changes).
    expect(["/blog/any-post", "/booking", "/booking/confirmation", "/admin/blog"].map(isCacheablePath)).toEqual([true, true, false, false]);
    expect(ruleFor("/booking").rule.cache).toBe("until-central-midnight");
    expect(cachedSitemapPaths).toEqual(["/", "/bootcamp", "/about", "/marketplace", "/booking", "/blog", "/affiliate-program"]);
    expect(sitemapPaths).toEqual(["/", "/bootcamp", "/about", "/marketplace", "/booking", "/blog", "/affiliate-program"]);
    expect(robotsDisallowPrefixes()).toEqual([
      "/a/",
      "/admin", // covers /admin-login and /admin/…
      "/affiliate-application",
      "/affiliate-dashboard",
      "/affiliate-management",
      "/api/analytics/view",
      "/api/auth/",
      "/api/create-payment",
      "/api/stripe/webhook",
      "/auth",
      "/booking/cancel/",
      "/booking/reschedule/",
      "/calendar/",
      "/checkout/test/",
      "/logout",
      "/newsletter", // the sign-up action, the unsubscribe page and the one-click URL
    ]);
  });

  it("never lets a protected page into the page cache", () => {
    for (const path of cacheablePaths) expect(ruleFor(path).rule.access, path).toBe("public");
  });
});
