import { describe, expect, it } from "vitest";
import { formatRate, percentToRate } from "./commission-rate";

describe("commission rate", () => {
  it("stores a percent as a fraction: 12.5 % is 0.125", () => {
    expect(percentToRate(12.5)).toBe("0.1250");
    expect(percentToRate(15)).toBe("0.1500");
    expect(percentToRate(0.1)).toBe("0.0010");
    expect(percentToRate(100)).toBe("1.0000");
    expect(percentToRate(0)).toBe("0.0000");
    expect(formatRate("0.1250")).toBe("12.5%");
    expect(formatRate("0.1500")).toBe("15.0%");
  });
});
