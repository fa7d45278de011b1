// Parsing cannot be used to stall the server: every route with an action, found from the route
// config and its modules (a new action is covered without touching this file), gets the worst body
// its rule lets through — the largest, made of the most fields, all one name — signed in as the
// admin, so protected actions reach their parsing too. Each answer is a plain 4xx saying why, and
// the server answers /healthz after it. Against the running production build (npm run build).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TOO_MANY_FIELDS_MESSAGE } from "~/lib/form-data.server";
import { NOT_JSON_MESSAGE } from "~/lib/json-body.server";
import { routeAccess, type RoutePattern } from "~/lib/route-access";
import { concretePath, routesWithActions, worstCases } from "../../scripts/bench/worst-case-bodies";
import { request } from "../../scripts/support/raw-request";
import { startServerWithAdmin, type AdminServer } from "../support/live-server";

const ADMIN = { email: "worst-case-admin@example.test", password: "worst-case-admin-password" };

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
    for (const worst of worstCases(pattern)) {
      const answer = await post(pattern, worst.contentType, worst.body);
      if (rule.kind === "form" || rule.kind === "upload") {
        expect(worst.fields).toBeGreaterThan(rule.maxFields);
        expect([answer.status, answer.body.toString()], worst.label).toEqual([400, expect.stringContaining(TOO_MANY_FIELDS_MESSAGE)]);
      } else if (rule.kind === "raw") {
        // The signed webhook reads the bytes as they are (no parser); unsigned, they are refused.
        expect(answer.status, worst.label).toBeGreaterThanOrEqual(400);
        expect(answer.status, worst.label).toBeLessThan(500);
      } else if (worst.label === "url-encoded") {
        // A JSON route takes no form: a form body never reaches a parser.
        expect([answer.status, answer.body.toString()], worst.label).toEqual([415, NOT_JSON_MESSAGE]);
      } else {
        // One key repeated to the byte limit: the JSON parser is linear, the endpoint refuses it.
        expect(answer.status, worst.label).toBeGreaterThanOrEqual(400);
        expect(answer.status, worst.label).toBeLessThan(500);
      }
    }
    expect((await request(`${started!.server.url}/healthz`)).status).toBe(200);
  });
});
