// The authorization matrix, generated from the route table: every route of app/routes.ts, asked
// over HTTP of the production server by an anonymous visitor, a signed-in user, an approved
// affiliate and the admin — its page, its React Router data request (`.data`), and its action as a
// document post and as a data post. Only the roles its rule allows get past the guard; the others
// are sent to sign in (anonymous) or refused (403 for an action, /admin-login for a page). Every
// answer carries the browser-security headers, and every cookie is HttpOnly and SameSite. A route
// added to app/routes.ts without a rule fails here before anything is asked.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkRouteAccessTable, type RouteRule } from "~/lib/route-access";
import { config, concretePath, dataPath, routeTable } from "./support/routes";
import { formHeaders, ROLES, startSite, suiteDatabases, type Role, type Site } from "./support/site";

type Outcome = { kind: "redirect"; location: string } | { kind: "status"; status: number };

/** The browser-security headers every answer carries, pages (errors and 404s too) the full set. */
function expectSecurityHeaders(response: Response, what: string) {
  expect(response.headers.get("x-content-type-options"), what).toBe("nosniff");
  if (/^text\/html/.test(response.headers.get("content-type") ?? "")) {
    expect(response.headers.get("content-security-policy"), what).toContain("frame-ancestors 'none'");
    expect(response.headers.get("referrer-policy"), what).toBe("strict-origin-when-cross-origin");
  }
  for (const cookie of response.headers.getSetCookie()) {
    expect(cookie, what).toMatch(/;\s*HttpOnly/i);
    expect(cookie, what).toMatch(/;\s*SameSite=(Lax|Strict)/i);
  }
}

async function outcomeOf(response: Response, data: boolean): Promise<Outcome> {
  const body = await response.text();
  expect(response.status, `${response.url}: ${body.slice(0, 300)}`).toBeLessThan(500);
  expectSecurityHeaders(response, `${response.status} ${response.url}`);
  if (response.status >= 300 && response.status < 400) {
    const location = new URL(response.headers.get("location") ?? "", response.url);
    return { kind: "redirect", location: `${location.pathname}${location.search}` };
  }
  // A data request's redirect is in its body (turbo-stream): ..."redirect","/admin-login",...
  const redirect = data ? /"redirect","([^"]*)"/.exec(body) : null;
  if (redirect) return { kind: "redirect", location: redirect[1]! };
  return { kind: "status", status: response.status };
}

const isRefusal = (outcome: Outcome, signIn: string) =>
  outcome.kind === "redirect" ? outcome.location === signIn || outcome.location === "/admin-login" : outcome.status === 401 || outcome.status === 403;

/** What the rule says `role` meets at a route: passed, or refused how. */
function expected(rule: RouteRule, role: Role, request: "page" | "action", hasAction: boolean): "passed" | Outcome {
  // No action: the router refuses the post itself, for everyone, and no loader runs for it.
  if (request === "action" && !hasAction) return { kind: "status", status: 405 };
  const signIn = rule.signIn ?? "/admin-login";
  if (rule.access === "public" || role === "admin") return "passed";
  if (role === "anonymous") return { kind: "redirect", location: signIn };
  if (rule.access === "user") return "passed";
  // A signed-in account without the admin role (SPEC.md section 4).
  return request === "page" ? { kind: "redirect", location: "/admin-login" } : { kind: "status", status: 403 };
}

describe("the route table", () => {
  it("has a rule for every route of app/routes.ts, and none for a route that does not exist", () => {
    expect(checkRouteAccessTable(config)).toEqual({ undeclared: [], unknown: [] });
  });
});

describe.each(suiteDatabases())("the authorization matrix on %s", (kind) => {
  let site: Site;
  let asked = 0;

  beforeAll(async () => {
    site = await startSite(kind);
  }, 120_000);
  afterAll(async () => {
    console.log(`authorization matrix on ${kind}: ${asked} requests`);
    await site?.stop();
  });

  it.each(routeTable().map((route) => [route.pattern, route] as const))("%s", async (pattern, route) => {
    const pagePath = concretePath(pattern);
    const { page, action } = await route.parts();
    const signIn = route.rule.signIn ?? "/admin-login";
    const requests: Array<{ request: "page" | "action"; data: boolean; url: string; method: "GET" | "POST" }> = [];
    if (route.rule.methods.includes("GET")) {
      requests.push({ request: "page", data: false, url: pagePath, method: "GET" });
      if (page) requests.push({ request: "page", data: true, url: dataPath(pagePath), method: "GET" });
    }
    if (route.rule.methods.includes("POST")) {
      requests.push({ request: "action", data: false, url: pagePath, method: "POST" });
      if (page) requests.push({ request: "action", data: true, url: dataPath(pagePath), method: "POST" });
    }
    expect(requests.length).toBeGreaterThan(0);
    for (const role of ROLES) {
      for (const { request, data, url, method } of requests) {
        const cookie = site.cookies[role];
        const response = await fetch(`${site.url}${url}`, {
          method,
          redirect: "manual",
          headers: method === "POST" ? formHeaders(site.url, cookie) : cookie ? { cookie } : {},
          body: method === "POST" ? new URLSearchParams({ intent: "authorization-probe" }) : undefined,
        });
        asked += 1;
        const outcome = await outcomeOf(response, data);
        const want = expected(route.rule, role, request, action);
        const what = `${method} ${url} as ${role}`;
        if (want === "passed") expect(isRefusal(outcome, signIn), `${what} was refused: ${JSON.stringify(outcome)}`).toBe(false);
        else expect(outcome, what).toEqual(want);
      }
    }
  });
});
