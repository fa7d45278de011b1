import { describe, expect, it } from "vitest";
import { orderConfirmationEmail, orderNotificationEmail } from "./email-templates.server";
import { orderReference } from "./order-reference";

const ORDER_ID = "40807a52-1c2d-4e5f-8a9b-0c1d2e3f4a5b";
const confirmation = (test = false) => orderConfirmationEmail({ email: "buyer@example.com", orderId: ORDER_ID, amountCents: 750_000, currency: "usd", paidAt: new Date("2026-05-01T03:00:00Z"), test });

describe("order e-mails", () => {
  it("the order confirmation shows the amount paid", () => {
    const email = confirmation();
    expect(email.text).toContain("$7,500.00");
    // 03:00 UTC on 1 May is still 30 April in Central Time.
    expect(email.text).toContain("April 30, 2026");
    expect(email.subject).toContain("Enrolment confirmed");
  });

  it("names the bootcamp in plain English and the order by the short reference the success page shows", () => {
    const email = confirmation();
    expect(orderReference(ORDER_ID)).toBe("40807A52");
    expect(email.text).toContain("Thank you for enrolling in the 3-day on-site Manufacturing Bootcamp");
    expect(email.html).toContain("3-day on-site Manufacturing Bootcamp");
    expect(email.text).not.toContain("3 days on-site");
    expect(email.text).toMatch(/Order:?\s+40807A52/);
    expect(email.text).not.toContain(ORDER_ID);
    expect(email.html).not.toContain(ORDER_ID);
  });

  it("says TEST on both messages of a test checkout's order, and nothing of it on a real one", () => {
    const test = confirmation(true);
    expect(test.subject).toBe("[TEST] Enrolment confirmed: Manufacturing Bootcamp");
    expect(test.text).toContain("TEST ORDER: made with the site's test checkout. No card was charged and this is not an enrolment.");
    expect(test.html).toContain("TEST ORDER");
    const real = confirmation(false);
    expect(real.subject).toBe("Enrolment confirmed: Manufacturing Bootcamp");
    expect(real.text).not.toContain("TEST");

    const notification = (provider: "stripe" | "test") =>
      orderNotificationEmail({ orderId: ORDER_ID, amountCents: 750_000, currency: "usd", customerName: "Dana", customerEmail: "d@example.com", companyName: "Acme", phone: null, affiliate: null, provider });
    expect(notification("test").subject).toMatch(/^\[TEST\] New enrolment: Acme/);
    expect(notification("test").text).toContain("TEST ORDER");
    expect(notification("stripe").subject).toMatch(/^New enrolment: Acme/);
  });
});
