import { describe, expect, it } from "vitest";
import { dollarsToCents, formatCents, formatRate, formatWholeDollars, percentToRate } from "./money";

describe("affiliate money", () => {
  it("formats cents with two decimals, and whole dollars for the revenue card", () => {
    expect(formatCents(112500)).toBe("$1,125.00");
    expect(formatCents(0)).toBe("$0.00");
    expect(formatCents(-5000)).toBe("-$50.00");
    expect(formatWholeDollars(112550)).toBe("$1,126");
    expect(formatWholeDollars(112549)).toBe("$1,125");
  });

  it("stores a percent as a fraction: 12.5 % is 0.125", () => {
    expect(percentToRate(12.5)).toBe("0.1250");
    expect(percentToRate(15)).toBe("0.1500");
    expect(percentToRate(0.1)).toBe("0.0010");
    expect(percentToRate(100)).toBe("1.0000");
    expect(percentToRate(0)).toBe("0.0000");
    expect(formatRate("0.1250")).toBe("12.5%");
    expect(formatRate("0.1500")).toBe("15.0%");
  });

  it("reads typed amounts exactly", () => {
    expect(dollarsToCents("1125")).toBe(112500);
    expect(dollarsToCents("1,125.5")).toBe(112550);
    expect(dollarsToCents("$0.07")).toBe(7);
    expect(dollarsToCents("10.999")).toBeNull();
    expect(dollarsToCents("-5")).toBeNull();
    expect(dollarsToCents("abc")).toBeNull();
    expect(dollarsToCents("")).toBeNull();
  });
});
