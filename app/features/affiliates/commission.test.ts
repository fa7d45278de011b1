import { describe, expect, it } from "vitest";
import { commissionCents, rateInTenThousandths, reversedCommissionCents } from "./commission";

describe("commission", () => {
  it("is the sale times the rate, in cents: 7,500.00 at 15 % is 1,125.00", () => {
    expect(commissionCents(750_000, "0.1500")).toBe(112_500);
    expect(commissionCents(750_000, 0.15)).toBe(112_500);
    expect(commissionCents(750_000, "0.1250")).toBe(93_750);
    expect(commissionCents(750_000, "0.0000")).toBe(0);
    expect(commissionCents(750_000, "1.0000")).toBe(750_000);
  });

  it("rounds half a cent up, once", () => {
    expect(commissionCents(1, "0.5000")).toBe(1); // 0.5 → 1
    expect(commissionCents(3, "0.1500")).toBe(0); // 0.45 → 0
    expect(commissionCents(10, "0.1550")).toBe(2); // 1.55 → 2
    expect(commissionCents(333, "0.3333")).toBe(111); // 110.9889 → 111
  });

  it("reads the stored rate exactly (no binary fractions)", () => {
    expect(rateInTenThousandths("0.1500")).toBe(1500);
    expect(rateInTenThousandths("0.0070")).toBe(70);
    expect(rateInTenThousandths(0.29)).toBe(2900);
  });

  it("is reversed in proportion to the refunded total, never beyond the commission", () => {
    expect(reversedCommissionCents(112_500, 0, 750_000)).toBe(0);
    expect(reversedCommissionCents(112_500, 375_000, 750_000)).toBe(56_250);
    expect(reversedCommissionCents(112_500, 100_000, 750_000)).toBe(15_000);
    expect(reversedCommissionCents(112_500, 750_000, 750_000)).toBe(112_500);
    expect(reversedCommissionCents(112_500, 900_000, 750_000)).toBe(112_500);
    expect(reversedCommissionCents(112_500, 1, 750_000)).toBe(0); // 0.15 cent
    expect(reversedCommissionCents(0, 375_000, 750_000)).toBe(0);
  });
});
