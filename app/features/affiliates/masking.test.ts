import { describe, expect, it } from "vitest";
import { maskCustomerEmail } from "./masking";

describe("a referred customer's e-mail", () => {
  it("shows the first 3 characters only, or N/A", () => {
    expect(maskCustomerEmail("buyer@example.com")).toBe("buy***");
    expect(maskCustomerEmail("ab@x.io")).toBe("ab@***");
    expect(maskCustomerEmail("  jo@x.io ")).toBe("jo@***");
    expect(maskCustomerEmail("")).toBe("N/A");
    expect(maskCustomerEmail(null)).toBe("N/A");
    expect(maskCustomerEmail(undefined)).toBe("N/A");
  });
});
