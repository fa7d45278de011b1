import { describe, expect, it } from "vitest";
import { newsletterWelcomeEmail } from "./email-templates.server";

describe("newsletter e-mails", () => {
  it("the newsletter welcome links to unsubscribe", () => {
    const email = newsletterWelcomeEmail({ email: "r@example.com", unsubscribeUrl: "https://example.com/u/tok" });
    expect(email.html).toContain('href="https://example.com/u/tok"');
    expect(email.text).toContain("Unsubscribe: https://example.com/u/tok");
  });
});
