// The authorization test, driven by the route table itself: every route of app/routes.ts must
// declare its access in app/lib/route-access.ts, and every protected route's loader and action are
// called on the server as an anonymous visitor, a signed-in user and an admin. The guard decides,
// not the interface. A protected route without an action is reported as such by its own test.
import path from "node:path";
import { createStaticHandler, RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import routes from "~/routes";
import { checkRouteAccessTable, flattenRoutes, routeAccess, type RouteConfigEntry } from "~/lib/route-access";
import { testDatabases, type TestDatabase } from "../support/databases";
import { tempDir } from "../../scripts/support/databases";
import { memberAndAdminCookies, routeArgs, siteRequest } from "../support/auth";

process.env.BETTER_AUTH_SECRET ??= "integration-test-secret-0123456789abcdef";
process.env.DATA_DIR ??= tempDir("auth-guards-");

type RouteModule = {
  loader?: (args: ReturnType<typeof routeArgs>) => unknown;
  action?: (args: ReturnType<typeof routeArgs>) => unknown;
};

const config = routes as RouteConfigEntry[];
const table = flattenRoutes(config);
const accessOf = (pattern: string) => routeAccess[pattern as keyof typeof routeAccess];
const protectedRoutes = table.filter((route) => accessOf(route.pattern) && accessOf(route.pattern).access !== "public");

/** Layout routes (no URL of their own) wrapping protected pages, e.g. the admin layout. */
function layoutsOf(entries: RouteConfigEntry[]): Array<{ file: string; children: string[] }> {
  return entries.flatMap((entry) => [
    ...(!entry.index && entry.path === undefined
      ? [{ file: entry.file, children: flattenRoutes(entry.children ?? []).map((r) => r.pattern) }]
      : []),
    ...layoutsOf(entry.children ?? []),
  ]);
}

/** A concrete URL for a pattern (`/admin/emails/:id` → `/admin/emails/00000000-…`). */
const urlFor = (pattern: string) => pattern.replace(/:\w+\??/g, "00000000-0000-4000-8000-000000000000");

async function load(file: string): Promise<RouteModule> {
  return (await import(path.resolve("app", file))) as RouteModule;
}

type Outcome = { kind: "redirect"; location: string } | { kind: "status"; status: number } | { kind: "passed" };

/** What a loader/action did: redirected, refused with a status (thrown or returned), or passed. */
async function outcomeOf(run: () => unknown): Promise<Outcome> {
  const read = (value: unknown): Outcome | undefined => {
    if (value instanceof Response) {
      if (value.status >= 300 && value.status < 400) return { kind: "redirect", location: value.headers.get("location") ?? "" };
      return { kind: "status", status: value.status };
    }
    if (value && typeof value === "object" && "type" in value && (value as { type: unknown }).type === "DataWithResponseInit") {
      return { kind: "status", status: (value as { init?: { status?: number } | null }).init?.status ?? 200 };
    }
    return undefined;
  };
  try {
    const returned = read(await run());
    if (returned?.kind === "redirect" || (returned?.kind === "status" && (returned.status === 401 || returned.status === 403))) {
      return returned;
    }
    return { kind: "passed" };
  } catch (error) {
    const thrown = read(error);
    if (!thrown) throw error;
    // A 400/404 from the page itself (an unknown form, a missing record) is past the guard.
    if (thrown.kind === "status" && thrown.status !== 401 && thrown.status !== 403 && thrown.status !== 503) return { kind: "passed" };
    return thrown;
  }
}

describe("the route table", () => {
  it("declares an access for every route, and no access for a route that does not exist", () => {
    expect(checkRouteAccessTable(config)).toEqual({ undeclared: [], unknown: [] });
  });

  it("has protected routes to walk: the admin pages and the signed-in pages", () => {
    const byAccess = (access: string) => protectedRoutes.filter((r) => accessOf(r.pattern).access === access).map((r) => r.pattern);
    expect(byAccess("admin")).toEqual(
      expect.arrayContaining(["/admin", "/admin/blog", "/admin/analytics", "/admin/emails", "/affiliate-management"]),
    );
    expect(byAccess("user").sort()).toEqual(["/affiliate-application", "/affiliate-dashboard"]);
  });
});

describe.each(testDatabases.map((d) => [d.name, d] as const))("on %s", (_name, database) => {
  let db: TestDatabase;
  let userCookie: string;
  let adminCookie: string;

  beforeAll(async () => {
    db = await database.open();
    ({ userCookie, adminCookie } = await memberAndAdminCookies());
  });
  afterAll(() => db.close());

  const visitors = [
    ["an anonymous visitor", () => undefined],
    ["a signed-in user", () => userCookie],
    ["an admin", () => adminCookie],
  ] as const;

  describe.each(protectedRoutes.map((r) => [r.pattern, accessOf(r.pattern).access, r] as const))(
    "%s (%s)",
    (pattern, access, route) => {
      const url = urlFor(pattern);
      const signIn = accessOf(pattern).signIn ?? "/admin-login";
      const loaderExpectation: Record<(typeof visitors)[number][0], Outcome> = {
        "an anonymous visitor": { kind: "redirect", location: signIn },
        // SPEC.md section 4: opening an admin page without the role leads to /admin-login ('Access Denied').
        "a signed-in user": access === "admin" ? { kind: "redirect", location: "/admin-login" } : { kind: "passed" },
        "an admin": { kind: "passed" },
      };
      const actionExpectation: Record<(typeof visitors)[number][0], Outcome> = {
        ...loaderExpectation,
        "a signed-in user": access === "admin" ? { kind: "status", status: 403 } : { kind: "passed" },
      };

      it.each(visitors)("its loader, asked by %s, answers as the access says", async (who, cookie) => {
        const mod = await load(route.file);
        expect(mod.loader, `${pattern} must have a loader that runs the guard`).toBeTypeOf("function");
        const outcome = await outcomeOf(() => mod.loader!(routeArgs(siteRequest(url, { cookie: cookie() }), undefined, { id: urlFor(":id") })));
        expect(outcome).toEqual(loaderExpectation[who]);
      });

      it("its action: either guarded like its loader, or absent and every POST refused", async () => {
        const mod = await load(route.file);
        if (!mod.action) {
          // Nothing to guard: the router refuses the POST itself (405) for every visitor, and the
          // page's loader never runs for it, so nothing of the page leaks through a POST either.
          let loaderRan = false;
          const handler = createStaticHandler([
            { id: "page", path: pattern, loader: (args) => ((loaderRan = true), mod.loader!(args as never)) },
          ]);
          for (const [who, cookie] of visitors) {
            const request = siteRequest(url, { method: "POST", form: { intent: "guard-probe" }, cookie: cookie() });
            const context = await handler.query(request, { requestContext: new RouterContextProvider() });
            expect(context instanceof Response ? context.status : context.statusCode, `${pattern} POST as ${who}`).toBe(405);
          }
          expect(loaderRan, `${pattern}'s loader ran for a POST`).toBe(false);
          return;
        }
        for (const [who, cookie] of visitors) {
          const request = siteRequest(url, { method: "POST", form: { intent: "guard-probe" }, cookie: cookie() });
          const outcome = await outcomeOf(() => mod.action!(routeArgs(request, undefined, { id: urlFor(":id") })));
          expect(outcome, `${pattern} action as ${who}`).toEqual(actionExpectation[who]);
        }
      });
    },
  );

  describe.each(layoutsOf(config).map((layout) => [layout.file, layout] as const))("layout %s", (_file, layout) => {
    it("guards like the strictest page under it", async () => {
      const accesses = layout.children.map((child) => accessOf(child).access);
      const mod = await load(layout.file);
      if (!accesses.includes("admin")) return expect(mod.loader).toBeUndefined();
      const anonymous = await outcomeOf(() => mod.loader!(routeArgs(siteRequest(layout.children[0]!))));
      expect(anonymous).toEqual({ kind: "redirect", location: "/admin-login" });
      const user = await outcomeOf(() => mod.loader!(routeArgs(siteRequest(layout.children[0]!, { cookie: userCookie }))));
      expect(user).toEqual({ kind: "redirect", location: "/admin-login" });
      const admin = await outcomeOf(() => mod.loader!(routeArgs(siteRequest(layout.children[0]!, { cookie: adminCookie }))));
      expect(admin).toEqual({ kind: "passed" });
    });
  });

  it("remembers the page asked for, not its data URL, when a client navigation is refused", async () => {
    const mod = await load(table.find((r) => r.pattern === "/affiliate-dashboard")!.file);
    const request = siteRequest("/affiliate-dashboard.data?tab=earnings&_routes=routes%2Faffiliate-dashboard");
    const thrown = await Promise.resolve(mod.loader!(routeArgs(request))).catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(Response);
    const setCookie = (thrown as Response).headers.get("set-cookie") ?? "";
    const value = decodeURIComponent(setCookie.split(";")[0]!.split("=").slice(1).join("="));
    expect(JSON.parse(Buffer.from(value, "base64").toString("utf8"))).toEqual({
      from: "/affiliate-dashboard?tab=earnings",
      shown: false,
    });
  });

  it("a forged or expired session cookie counts as anonymous", async () => {
    const mod = await load(table.find((r) => r.pattern === "/admin")!.file);
    const forged = "better-auth.session_token=not-a-real-token.signature";
    expect(await outcomeOf(() => mod.loader!(routeArgs(siteRequest("/admin", { cookie: forged }))))).toEqual({
      kind: "redirect",
      location: "/admin-login",
    });
  });
});
