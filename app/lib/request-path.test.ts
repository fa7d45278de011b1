import { describe, expect, it } from "vitest";
import { documentPath } from "./request-path";

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
