// Every protected route's loader and action, taken from the route table (so routes added later are
// covered too), called on the server as an anonymous visitor, a signed-in user and an admin: the
// guard decides, not the interface.
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import routes from "~/routes";
import { ensureAdmin } from "~/features/auth/bootstrap.server";
import { tempDir, testDatabases, type TestDatabase } from "../support/databases";
import { createVerifiedUser, routeArgs, signedInCookie, siteRequest } from "../support/auth";

process.env.BETTER_AUTH_SECRET ??= "integration-test-secret-0123456789abcdef";
process.env.DATA_DIR ??= tempDir("auth-guards-");

type RouteModule = {
  loader?: (args: ReturnType<typeof routeArgs>) => unknown;
  action?: (args: ReturnType<typeof routeArgs>) => unknown;
};
type Entry = { path?: string; file: string; index?: boolean; children?: Entry[] };

function flatten(entries: Entry[], prefix = ""): Array<{ path: string; file: string }> {
  return entries.flatMap((entry) => {
    const full = entry.index ? prefix || "/" : `${prefix}/${entry.path ?? ""}`.replace(/\/+/g, "/");
    return [{ path: full, file: entry.file }, ...flatten(entry.children ?? [], full)];
  });
}

const isAdminPath = (p: string) => p === "/admin" || p.startsWith("/admin/") || p === "/affiliate-management";
const signedInPaths: Record<string, string> = {
  "/affiliate-dashboard": "/admin-login",
  "/affiliate-application": "/auth?redirect=/affiliate-application",
};

const table = flatten(routes as Entry[]);
const adminRoutes = table.filter((r) => isAdminPath(r.path));
const userRoutes = table.filter((r) => r.path in signedInPaths);

async function load(file: string): Promise<RouteModule> {
  return (await import(path.resolve("app", file))) as RouteModule;
}

type Outcome = { kind: "redirect"; location: string } | { kind: "status"; status: number } | { kind: "passed" };

/** What a loader/action did: redirected, answered with a status (thrown or returned), or passed. */
async function outcomeOf(run: () => unknown): Promise<Outcome> {
  const read = (value: unknown): Outcome | undefined => {
    if (value instanceof Response) {
      if (value.status >= 300 && value.status < 400) return { kind: "redirect", location: value.headers.get("location") ?? "" };
      return { kind: "status", status: value.status };
    }
    if (value && typeof value === "object" && "type" in value && (value as { type: unknown }).type === "DataWithResponseInit") {
      const status = (value as { init?: { status?: number } | null }).init?.status ?? 200;
      return { kind: "status", status };
    }
    return undefined;
  };
  try {
    const value = await run();
    const returned = read(value);
    if (returned?.kind === "redirect" || (returned?.kind === "status" && returned.status === 403)) return returned;
    return { kind: "passed" };
  } catch (error) {
    const thrown = read(error);
    if (!thrown) throw error;
    return thrown;
  }
}

const guarded = (o: Outcome) =>
  (o.kind === "redirect" && o.location.startsWith("/admin-login")) || (o.kind === "status" && o.status === 403);

describe("the route table has protected routes to walk", () => {
  it("finds the admin routes and the signed-in routes", () => {
    expect(adminRoutes.map((r) => r.path)).toEqual(
      expect.arrayContaining(["/admin", "/admin/blog", "/admin/analytics", "/affiliate-management"]),
    );
    expect(userRoutes.map((r) => r.path).sort()).toEqual(["/affiliate-application", "/affiliate-dashboard"]);
  });
});

describe.each(testDatabases.map((d) => [d.name, d] as const))("on %s", (_name, database) => {
  let db: TestDatabase;
  let userCookie: string;
  let adminCookie: string;

  beforeAll(async () => {
    db = await database.open();
    await createVerifiedUser("member@example.test", "member-password-1");
    userCookie = await signedInCookie("member@example.test", "member-password-1");
    await ensureAdmin({ email: "boss@example.test", password: "boss-password-1" });
    adminCookie = await signedInCookie("boss@example.test", "boss-password-1");
  });
  afterAll(() => db.close());

  describe.each(adminRoutes.map((r) => [r.path, r] as const))("admin route %s", (routePath, route) => {
    const visitors = [
      ["anonymous visitor", () => undefined],
      ["signed-in user", () => userCookie],
      ["admin", () => adminCookie],
    ] as const;

    it.each(visitors)("loader as %s", async (who, cookie) => {
      const mod = await load(route.file);
      expect(mod.loader, `${routePath} must have a loader that runs the guard`).toBeTypeOf("function");
      const outcome = await outcomeOf(() => mod.loader!(routeArgs(siteRequest(routePath, { cookie: cookie() }))));
      if (who === "anonymous visitor") expect(outcome).toEqual({ kind: "redirect", location: "/admin-login" });
      if (who === "signed-in user") expect(outcome).toEqual({ kind: "status", status: 403 });
      if (who === "admin") expect(guarded(outcome), JSON.stringify(outcome)).toBe(false);
    });

    it.each(visitors)("action (if any) as %s", async (who, cookie) => {
      const mod = await load(route.file);
      if (!mod.action) return;
      const request = siteRequest(routePath, { method: "POST", form: { intent: "guard-probe" }, cookie: cookie() });
      const outcome = await outcomeOf(() => mod.action!(routeArgs(request)));
      if (who === "anonymous visitor") expect(outcome).toEqual({ kind: "redirect", location: "/admin-login" });
      if (who === "signed-in user") expect(outcome).toEqual({ kind: "status", status: 403 });
      if (who === "admin") expect(guarded(outcome), JSON.stringify(outcome)).toBe(false);
    });
  });

  describe.each(userRoutes.map((r) => [r.path, r] as const))("signed-in route %s", (routePath, route) => {
    it("sends an anonymous visitor to sign in, lets a signed-in user and an admin through", async () => {
      const mod = await load(route.file);
      const anonymous = await outcomeOf(() => mod.loader!(routeArgs(siteRequest(routePath))));
      expect(anonymous).toEqual({ kind: "redirect", location: signedInPaths[routePath] });
      for (const cookie of [userCookie, adminCookie]) {
        expect(await outcomeOf(() => mod.loader!(routeArgs(siteRequest(routePath, { cookie }))))).toEqual({ kind: "passed" });
      }
      if (mod.action) {
        const request = siteRequest(routePath, { method: "POST", form: { intent: "guard-probe" } });
        expect(await outcomeOf(() => mod.action!(routeArgs(request)))).toEqual({
          kind: "redirect",
          location: signedInPaths[routePath],
        });
      }
    });
  });

  it("a forged or expired session cookie counts as anonymous", async () => {
    const mod = await load(adminRoutes.find((r) => r.path === "/admin")!.file);
    const forged = "better-auth.session_token=not-a-real-token.signature";
    expect(await outcomeOf(() => mod.loader!(routeArgs(siteRequest("/admin", { cookie: forged }))))).toEqual({
      kind: "redirect",
      location: "/admin-login",
    });
  });
});
