// The routes of app/routes.ts with their rules (app/lib/route-access.ts), and concrete addresses
// to ask them at: what the hard suite generates its requests from.
import path from "node:path";
import routes from "~/routes";
import { flattenRoutes, routeAccess, type RouteConfigEntry, type RouteRule } from "~/lib/route-access";

export const config = routes as RouteConfigEntry[];

export type RouteUnderTest = {
  pattern: string;
  file: string;
  rule: RouteRule;
  /** What the module has: a page (then React Router's client also asks its `.data`), an action. */
  parts: () => Promise<{ page: boolean; action: boolean }>;
};

export function routeTable(): RouteUnderTest[] {
  return flattenRoutes(config).map((route) => ({
    pattern: route.pattern,
    file: route.file,
    rule: routeAccess[route.pattern as keyof typeof routeAccess] as RouteRule,
    parts: async () => {
      const module = (await import(path.resolve("app", route.file))) as { default?: unknown; action?: unknown };
      return { page: typeof module.default === "function", action: typeof module.action === "function" };
    },
  }));
}

/** A concrete address for a pattern: unknown ids and slugs, so that guards, not records, decide. */
export function concretePath(pattern: string): string {
  if (pattern === "/*") return "/no-such-page";
  if (pattern === "/api/auth/*") return "/api/auth/get-session";
  return pattern
    .replace(/\*$/, "no-such-file.webp")
    .replace(/:\w+\?/g, "NOPE2345")
    .replace(/:\w+/g, "00000000-0000-4000-8000-000000000000");
}

/** The data request React Router's client makes for a page (the root's is `/_.data`). */
export const dataPath = (pagePath: string) => (pagePath === "/" ? "/_.data" : `${pagePath}.data`);
