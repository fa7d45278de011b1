import { describe, expect, it } from "vitest";
import { newsletterIssueEmail, newsletterWelcomeEmail } from "./email-templates.server";

describe("newsletter e-mails", () => {
  it("the newsletter welcome links to unsubscribe", () => {
    const email = newsletterWelcomeEmail({ email: "r@example.com", unsubscribeUrl: "https://example.com/u/tok" });
    expect(email.html).toContain('href="https://example.com/u/tok"');
    expect(email.text).toContain("https://example.com/u/tok");
  });

  // The link opens a page with one button (a GET unsubscribes nothing: link scanners open links);
  // the one click is the mail app's own button (List-Unsubscribe-Post). The words say just that.
  it.each([
    ["the welcome", newsletterWelcomeEmail({ email: "r@example.com", unsubscribeUrl: "https://example.com/u/tok" })],
    ["an issue", newsletterIssueEmail({ subject: "March", html: "<p>News</p>", text: "News", unsubscribeUrl: "https://example.com/u/tok" })],
  ])("%s promises what its unsubscribe link does: a page with one button, or the mail app's own button", (_which, email) => {
    const htmlText = email.html.replace(/<[^>]+>/g, "").replace(/&#x27;/g, "'");
    for (const part of [htmlText, email.text]) {
      expect(part).not.toMatch(/with one click/i);
      expect(part.replace(/\s+/g, " ")).toMatch(/opens a page with one button/);
      expect(part.replace(/\s+/g, " ")).toMatch(/your mail app's own Unsubscribe button/);
    }
  });

  it("every link of the welcome is absolute", () => {
    const email = newsletterWelcomeEmail({ email: "r@example.com", unsubscribeUrl: "https://example.com/u/tok" });
    const urls = [...email.html.matchAll(/\s(?:href|src)="([^"]*)"/g)].map((m) => m[1]!);
    expect(urls.length).toBeGreaterThan(0);
    expect(urls.filter((url) => !/^https?:\/\//.test(url))).toEqual([]);
  });
});
