// The root's middleware applies the route table's access rule before any loader runs: every
// protected route of the table, asked by an anonymous visitor, a signed-in user and an admin, and
// a protected route whose loader forgot its guard is still refused. Posts are left to each action's
// own guard (auth-guards.test.ts tests every one).
import { createStaticHandler, RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { middleware } from "~/root";
import { routeAccess, type RouteRule } from "~/lib/route-access";
import { testDatabases, type TestDatabase } from "../support/databases";
import { tempDir } from "../../scripts/support/databases";
import { memberAndAdminCookies, routeArgs, siteRequest } from "../support/auth";

process.env.BETTER_AUTH_SECRET ??= "integration-test-secret-0123456789abcdef";
process.env.DATA_DIR ??= tempDir("route-access-middleware-");

const protectedRoutes = (Object.entries(routeAccess) as Array<[string, RouteRule]>).filter(([, rule]) => rule.access !== "public");
/** A concrete URL for a pattern (`/admin/emails/:id` → `/admin/emails/00000000-…`). */
const urlFor = (pattern: string) => pattern.replace(/:\w+\??/g, "00000000-0000-4000-8000-000000000000");

type Outcome = { kind: "reached" } | { kind: "redirect"; location: string };

/** Runs the root's middleware for `request`: did the request reach the route, or where was it sent? */
async function throughRootMiddleware(request: Request): Promise<Outcome> {
  const args = routeArgs(request) as never;
  const run = async (index: number): Promise<Response> =>
    index === middleware.length ? new Response("the route") : ((await middleware[index]!(args, () => run(index + 1))) as Response);
  try {
    const response = await run(0);
    expect(await response.text()).toBe("the route");
    return { kind: "reached" };
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    return { kind: "redirect", location: thrown.headers.get("location") ?? "" };
  }
}

describe.each(testDatabases.map((d) => [d.name, d] as const))("the route table's access, applied by the root's middleware on %s", (_name, database) => {
  let db: TestDatabase;
  let userCookie: string;
  let adminCookie: string;

  beforeAll(async () => {
    db = await database.open();
    ({ userCookie, adminCookie } = await memberAndAdminCookies());
  });
  afterAll(() => db.close());

  it("sends an anonymous visitor of every protected route to its sign-in page, for GET and HEAD alike", async () => {
    for (const [pattern, rule] of protectedRoutes) {
      const signIn = rule.signIn ?? "/admin-login";
      expect(await throughRootMiddleware(siteRequest(urlFor(pattern))), pattern).toEqual({ kind: "redirect", location: signIn });
      const head = siteRequest(urlFor(pattern), { method: "HEAD" });
      expect(await throughRootMiddleware(head), `HEAD ${pattern}`).toEqual({ kind: "redirect", location: signIn });
    }
  });

  it("sends a signed-in user opening an admin page to /admin-login, and lets them through to their own pages", async () => {
    for (const [pattern, rule] of protectedRoutes) {
      const expected: Outcome = rule.access === "admin" ? { kind: "redirect", location: "/admin-login" } : { kind: "reached" };
      expect(await throughRootMiddleware(siteRequest(urlFor(pattern), { cookie: userCookie })), pattern).toEqual(expected);
    }
  });

  it("leaves a post to the action's own guard (a route without an action answers 405 to everyone first)", async () => {
    expect(await throughRootMiddleware(siteRequest("/admin/blog", { form: { intent: "probe" } }))).toEqual({ kind: "reached" });
    expect(await throughRootMiddleware(siteRequest("/admin/blog", { form: { intent: "probe" }, cookie: userCookie }))).toEqual({ kind: "reached" });
  });

  it("lets an admin through everywhere, and every visitor to a public route", async () => {
    for (const [pattern] of protectedRoutes) {
      expect(await throughRootMiddleware(siteRequest(urlFor(pattern), { cookie: adminCookie })), pattern).toEqual({ kind: "reached" });
    }
    for (const path of ["/", "/booking", "/admin-login", "/auth", "/blog/a-post"]) {
      expect(await throughRootMiddleware(siteRequest(path)), path).toEqual({ kind: "reached" });
    }
  });

  it("refuses an anonymous visitor even where a protected route's loader forgot its guard", async () => {
    const handler = createStaticHandler([
      { id: "root", path: "/", middleware: middleware as never, children: [{ id: "unguarded", path: "admin/orders", loader: () => "the orders" }] },
    ]);
    const request = siteRequest("/admin/orders");
    const response = await handler.queryRoute(request, {
      requestContext: routeArgs(request).context as RouterContextProvider,
      generateMiddlewareResponse: (query) => query(request),
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/admin-login");
  });
});
