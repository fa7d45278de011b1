import { describe, expect, it } from "vitest";
import { documentPath, loggedPath } from "./request-path";

describe("documentPath", () => {
  it("turns React Router's data URLs back into the page's path and query", () => {
    expect(documentPath(new Request("http://x/admin.data"))).toBe("/admin");
    expect(documentPath(new Request("http://x/affiliate-dashboard.data?_routes=routes%2Faffiliate-dashboard"))).toBe(
      "/affiliate-dashboard",
    );
    expect(documentPath(new Request("http://x/_.data"))).toBe("/");
    expect(documentPath(new Request("http://x/admin/emails.data?status=dead&_routes=root"))).toBe("/admin/emails?status=dead");
  });

  it("leaves a document URL as it is", () => {
    expect(documentPath(new Request("http://x/admin/emails?status=dead&page=2"))).toBe("/admin/emails?status=dead&page=2");
    expect(documentPath(new Request("http://x/"))).toBe("/");
  });
});

describe("loggedPath", () => {
  it("logs a route's pattern, never the token in its path, nor the query", () => {
    expect(loggedPath("http://127.0.0.1:3000/newsletter/unsubscribe/tok-SECRET?email=a%40b.c")).toBe("/newsletter/unsubscribe/:token");
    expect(loggedPath("/booking/cancel/tok-SECRET.data?_routes=x")).toBe("/booking/cancel/:token");
    expect(loggedPath("/api/auth/reset-password/tok-SECRET")).toBe("/api/auth/*");
    expect(loggedPath("/admin")).toBe("/admin");
  });

  it("keeps a 404's path, unless it lies under a route that takes a parameter", () => {
    expect(loggedPath("/no-such-page?x=1")).toBe("/no-such-page");
    expect(loggedPath("//evil.example/x")).toBe("//evil.example/x");
    expect(loggedPath("/newsletter/unsubscribe/tok-SECRET/x")).toBe("/newsletter/unsubscribe/*");
    expect(loggedPath(`/${"a".repeat(3_000)}`)).toHaveLength(200);
  });
});
