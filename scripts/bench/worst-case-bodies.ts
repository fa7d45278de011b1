// The worst request bodies each action's route rule lets through (app/lib/route-access.ts): the
// largest, made of the most fields, all one name. Shared by the test that posts them to every
// action (tests/integration/worst-case-bodies.test.ts) and the benchmark that times them (forms.ts).
import path from "node:path";
import routes from "../../app/routes";
import { flattenRoutes, routeAccess, type RouteConfigEntry, type RoutePattern } from "../../app/lib/route-access";

const root = path.resolve(import.meta.dirname, "../..");

/** A URL the pattern serves: each parameter filled in, a splat with an endpoint of the auth API. */
export function concretePath(pattern: string) {
  return pattern
    .replace(/\/:\w+\?/g, "")
    .replace(/:id\b/, "00000000-0000-4000-8000-000000000000")
    .replace(/:\w+/g, "worst-case")
    .replace(/\*$/, "sign-in/email");
}

/** Every route pattern whose module exports an action: a new action is covered without a change here. */
export async function routesWithActions(): Promise<RoutePattern[]> {
  const found: RoutePattern[] = [];
  for (const { pattern, file } of flattenRoutes(routes as RouteConfigEntry[])) {
    const module = (await import(path.join(root, "app", file))) as { action?: unknown };
    if (module.action) found.push(pattern as RoutePattern);
  }
  return found;
}

/** As many copies of `field` joined by `separator` as fit in `maxBytes` with `closing`. */
function repeated(field: string, separator: string, maxBytes: number, closing = "") {
  const count = Math.floor((maxBytes - closing.length + separator.length) / (field.length + separator.length));
  return { body: Array.from({ length: count }, () => field).join(separator) + closing, count };
}

export type WorstCase = { label: string; contentType: string; body: string; fields: number };

const BOUNDARY = "worstcaseboundary";

/** The worst bodies for `pattern`'s rule: a url-encoded and a multipart form, or a form and JSON for a JSON route. */
export function worstCases(pattern: RoutePattern): WorstCase[] {
  const rule = routeAccess[pattern].body;
  const urlEncoded = repeated("email=", "&", rule.maxBytes);
  const form = { label: "url-encoded", contentType: "application/x-www-form-urlencoded", body: urlEncoded.body, fields: urlEncoded.count };
  if (rule.kind === "form" || rule.kind === "upload") {
    const part = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="email"\r\n\r\n\r\n`;
    const multipart = repeated(part, "", rule.maxBytes, `--${BOUNDARY}--\r\n`);
    return [form, { label: "multipart", contentType: `multipart/form-data; boundary=${BOUNDARY}`, body: multipart.body, fields: multipart.count }];
  }
  const json = repeated('"email":""', ",", rule.maxBytes - 2);
  return [form, { label: "JSON", contentType: "application/json", body: `{${json.body}}`, fields: json.count }];
}
