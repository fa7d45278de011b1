import { describe, expect, it } from "vitest";
import { routeAccess } from "~/lib/route-access";
import { activeAdminArea, adminAreas } from "./admin-areas";

describe("admin areas", () => {
  it("are admin routes of the route table, each once", () => {
    for (const area of adminAreas) expect(routeAccess[area.to].access, area.to).toBe("admin");
    expect(new Set(adminAreas.map((area) => area.to)).size).toBe(adminAreas.length);
  });

  it("mark the area a path belongs to: the dashboard only for /admin, the others for their pages too", () => {
    const active = (path: string) => activeAdminArea(path)?.label;
    expect(active("/admin")).toBe("Dashboard");
    expect(active("/admin/")).toBe("Dashboard");
    expect(active("/admin/bookings")).toBe("Bookings");
    expect(active("/admin/bookings/0b8e5d3c-8a4e-4d55-9c1e-2f1a8c1d9e77")).toBe("Bookings");
    expect(active("/admin/emails/x")).toBe("E-mails");
    expect(active("/affiliate-management")).toBe("Affiliates");
    expect(active("/admin/bookingsx")).toBeUndefined();
    expect(active("/")).toBeUndefined();
  });
});
