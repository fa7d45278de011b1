import { describe, expect, it } from "vitest";
import { moreToolsLabel } from "./more-tools-label";

describe("moreToolsLabel", () => {
  it("reads 'tool' for one", () => {
    expect(moreToolsLabel(1)).toBe("View 1 more tool");
  });

  it("reads 'tools' for any other count", () => {
    expect(moreToolsLabel(2)).toBe("View 2 more tools");
    expect(moreToolsLabel(7)).toBe("View 7 more tools");
  });
});
