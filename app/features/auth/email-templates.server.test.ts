import { describe, expect, it } from "vitest";
import { passwordResetEmail, verificationEmail } from "./email-templates.server";

describe("account e-mails", () => {
  it("account e-mails carry their link in both parts", () => {
    for (const email of [
      verificationEmail({ url: "https://example.com/verify?token=t1&x=1", email: "ada@example.com" }),
      passwordResetEmail({ url: "https://example.com/verify?token=t1&x=1", email: "ada@example.com" }),
    ]) {
      expect(email.html).toContain('href="https://example.com/verify?token=t1&amp;x=1"');
      expect(email.text).toContain("https://example.com/verify?token=t1&x=1");
      expect(email.text).toContain("ada@example.com");
      expect(email.subject.length).toBeGreaterThan(10);
    }
    expect(verificationEmail({ url: "u", email: "e@x.io" }).subject).toMatch(/Confirm your e-mail/);
    expect(passwordResetEmail({ url: "u", email: "e@x.io" }).subject).toMatch(/Reset your/);
  });
});
