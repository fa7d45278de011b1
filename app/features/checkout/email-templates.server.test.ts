import { describe, expect, it } from "vitest";
import { orderConfirmationEmail } from "./email-templates.server";

describe("order e-mails", () => {
  it("the order confirmation shows the amount paid", () => {
    const email = orderConfirmationEmail({ email: "buyer@example.com", orderId: "ord_1", amountCents: 750_000, currency: "usd", paidAt: new Date("2026-05-01T03:00:00Z") });
    expect(email.text).toContain("$7,500.00");
    // 03:00 UTC on 1 May is still 30 April in Central Time.
    expect(email.text).toContain("April 30, 2026");
    expect(email.subject).toContain("Enrolment confirmed");
  });
});
