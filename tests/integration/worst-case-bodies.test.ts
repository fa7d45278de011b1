// Parsing cannot be used to stall the server: every route with an action, found from the route
// config and its modules (a new action is covered without touching this file), gets the worst body
// its rule lets through — the largest, made of the most fields, all one name — signed in as the
// admin, so protected actions reach their parsing too. Each answer is a plain 4xx saying why, and
// the server answers /healthz after it. Against the running production build (npm run build).
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import routes from "~/routes";
import { TOO_MANY_FIELDS_MESSAGE } from "~/lib/form-data.server";
import { NOT_JSON_MESSAGE } from "~/lib/json-body.server";
import { flattenRoutes, routeAccess, type RouteConfigEntry, type RoutePattern } from "~/lib/route-access";
import { request, startServerWithAdmin, type AdminServer } from "../support/live-server";

const ADMIN = { email: "worst-case-admin@example.test", password: "worst-case-admin-password" };

/** A URL the pattern serves: each parameter filled in, a splat with an endpoint of the auth API. */
function concretePath(pattern: string) {
  return pattern
    .replace(/\/:[\w]+\?/g, "")
    .replace(/:id\b/, "00000000-0000-4000-8000-000000000000")
    .replace(/:[\w]+/g, "worst-case")
    .replace(/\*$/, "sign-in/email");
}

/** Every route pattern whose module exports an action. */
async function routesWithActions(): Promise<RoutePattern[]> {
  const found: RoutePattern[] = [];
  for (const { pattern, file } of flattenRoutes(routes as RouteConfigEntry[])) {
    const module = (await import(path.resolve("app", file))) as { action?: unknown };
    if (module.action) found.push(pattern as RoutePattern);
  }
  return found;
}

/** `count` copies of `field` joined by `separator`, as many as fit in `maxBytes`. */
function repeated(field: string, separator: string, maxBytes: number, closing = "") {
  const count = Math.floor((maxBytes - closing.length + separator.length) / (field.length + separator.length));
  return { body: Array.from({ length: count }, () => field).join(separator) + closing, count };
}

const patterns = await routesWithActions();

describe("the worst body within each route's limits", () => {
  let started: AdminServer | undefined;

  beforeAll(async () => {
    started = await startServerWithAdmin(ADMIN);
  });
  afterAll(async () => {
    await started?.stop();
  });

  it("covers every action of the route table", () => {
    // The booking, cancel, sign-in and admin actions at least; more as features add them.
    expect(patterns).toEqual(expect.arrayContaining(["/booking", "/booking/cancel/:token", "/auth", "/admin-login", "/logout", "/api/auth/*", "/admin/bookings"]));
  });

  const post = (pattern: RoutePattern, contentType: string, body: string) => {
    const { server, adminCookie } = started!;
    return request(`${server.url}${concretePath(pattern)}`, {
      method: "POST",
      headers: {
        origin: server.url,
        "sec-fetch-site": "same-origin",
        cookie: adminCookie,
        "content-type": contentType,
        "content-length": String(Buffer.byteLength(body)),
      },
      body,
    });
  };

  it.each(patterns)("%s: refused with a plain 4xx, and the server still answers", async (pattern) => {
    const rule = routeAccess[pattern].body;
    if (rule.kind === "form" || rule.kind === "upload") {
      // url-encoded: one name, repeated to the byte limit.
      const form = repeated("email=", "&", rule.maxBytes);
      expect(form.count).toBeGreaterThan(rule.maxFields);
      const answer = await post(pattern, "application/x-www-form-urlencoded", form.body);
      expect([answer.status, answer.body.toString()], pattern).toEqual([400, expect.stringContaining(TOO_MANY_FIELDS_MESSAGE)]);

      // multipart: the smallest parts, to the byte limit.
      const boundary = "worstcaseboundary";
      const part = `--${boundary}\r\nContent-Disposition: form-data; name="email"\r\n\r\n\r\n`;
      const multipart = repeated(part, "", rule.maxBytes, `--${boundary}--\r\n`);
      const answered = await post(pattern, `multipart/form-data; boundary=${boundary}`, multipart.body);
      expect([answered.status, answered.body.toString()], pattern).toEqual([400, expect.stringContaining(TOO_MANY_FIELDS_MESSAGE)]);
    } else {
      // A JSON route takes no form: a form body never reaches a parser.
      const form = repeated("email=", "&", rule.maxBytes);
      const answer = await post(pattern, "application/x-www-form-urlencoded", form.body);
      expect([answer.status, answer.body.toString()], pattern).toEqual([415, NOT_JSON_MESSAGE]);
      // JSON: one key repeated to the byte limit; the parser is linear, the endpoint refuses it.
      const json = repeated('"email":""', ",", rule.maxBytes - 2);
      const refused = await post(pattern, "application/json", `{${json.body}}`);
      expect(refused.status, pattern).toBeGreaterThanOrEqual(400);
      expect(refused.status, pattern).toBeLessThan(500);
    }
    expect((await request(`${started!.server.url}/healthz`)).status).toBe(200);
  });
});
