import { describe, expect, it } from "vitest";
import { centsAsDecimal, dollarsToCents, formatCents, formatWholeDollars } from "./money";

describe("money", () => {
  it("formats cents as dollars with two decimals", () => {
    expect(formatCents(112500)).toBe("$1,125.00");
    expect(formatCents(750000)).toBe("$7,500.00");
    expect(formatCents(1)).toBe("$0.01");
    expect(formatCents(0)).toBe("$0.00");
    expect(formatCents(-5000)).toBe("-$50.00");
  });

  it("formats a payment's own currency, whatever its case", () => {
    expect(formatCents(750000, "usd")).toBe("$7,500.00");
    expect(formatCents(750000, "eur")).toBe("€7,500.00");
    expect(formatCents(750000, "CAD")).toBe("CA$7,500.00");
  });

  it("formats whole dollars for revenue cards, halves up", () => {
    expect(formatWholeDollars(750000)).toBe("$7,500");
    expect(formatWholeDollars(112550)).toBe("$1,126");
    expect(formatWholeDollars(112549)).toBe("$1,125");
    expect(formatWholeDollars(0)).toBe("$0");
  });

  it("writes plain decimals for files and fields", () => {
    expect(centsAsDecimal(750000)).toBe("7500.00");
    expect(centsAsDecimal(7)).toBe("0.07");
    expect(centsAsDecimal(0)).toBe("0.00");
    expect(centsAsDecimal(-150)).toBe("-1.50");
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
