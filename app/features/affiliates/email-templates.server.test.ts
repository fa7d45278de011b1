import { describe, expect, it } from "vitest";
import { getEnv } from "~/lib/env.server";
import { affiliateApplicationApprovedEmail, affiliateApplicationReceivedEmail } from "./email-templates.server";

describe("affiliate e-mails", () => {
  it("affiliate e-mails name the code, the rate and the dashboard", () => {
    const received = affiliateApplicationReceivedEmail({ email: "p@example.com", affiliateCode: "AB12CD34" });
    expect(received.text).toContain("AB12CD34");
    expect(received.text).toContain("2-3 business days");
    const approved = affiliateApplicationApprovedEmail({ email: "p@example.com", affiliateCode: "AB12CD34", commissionRate: 0.15 });
    expect(approved.text).toContain("15%");
    expect(approved.text).toContain(`${getEnv().SITE_URL}/a/AB12CD34`);
    expect(approved.html).toContain(`${getEnv().SITE_URL}/affiliate-dashboard`);
    expect(affiliateApplicationApprovedEmail({ email: "p@example.com", affiliateCode: "X", commissionRate: 0.125 }).text).toContain("12.5%");
  });
});
