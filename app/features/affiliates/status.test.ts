import { describe, expect, it } from "vitest";
import { actionsFor, ADMIN_STATUS_LOOKS, dashboardStatusLook } from "./status";

describe("affiliate statuses", () => {
  it("offer exactly the spec's actions", () => {
    expect(actionsFor("pending")).toEqual(["approve", "reject"]);
    expect(actionsFor("approved")).toEqual(["suspend"]);
    expect(actionsFor("suspended")).toEqual(["reactivate"]);
    expect(actionsFor("rejected")).toEqual([]);
  });

  it("look as the spec maps them", () => {
    expect(ADMIN_STATUS_LOOKS.approved.tone).toBe("success");
    expect(ADMIN_STATUS_LOOKS.pending.tone).toBe("warning");
    expect(ADMIN_STATUS_LOOKS.rejected.tone).toBe("danger");
    expect(dashboardStatusLook("approved")).toEqual({ label: "active", tone: "success" });
    expect(dashboardStatusLook("suspended").tone).toBe("danger");
    expect(dashboardStatusLook("something-else")).toEqual({ label: "pending", tone: "warning" });
  });
});
