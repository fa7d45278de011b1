// The admin's subscriber list (/admin/subscribers): a visitor signs up from the blog footer, the
// admin finds the address by search, unsubscribes it after the question, and downloads the CSV;
// the same search and question work without JavaScript.
import fs from "node:fs";
import type { Page } from "@playwright/test";
import { ADMIN, expect, gotoHydrated, login, test, uniqueEmail, waitForMail } from "./fixtures";

const ORIGIN = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100)}`;
const POPUP_SHOWN_KEY = "halvorsen-newsletter-popup-shown";

function toast(page: Page, text: string) {
  return page.locator("[data-sonner-toast]").filter({ hasText: text });
}

/** Signs up from the footer of /blog, as a visitor would (the popup kept away). */
async function subscribeFromFooter(page: Page, email: string) {
  await page.addInitScript((key) => localStorage.setItem(key, "true"), POPUP_SHOWN_KEY);
  await gotoHydrated(page, "/blog");
  await expect(page.locator("form#newsletter-footer")).toBeAttached();
  const footer = page.getByRole("region", { name: "Get Manufacturing Intelligence Delivered" });
  await footer.getByLabel("Email address").fill(email);
  await footer.getByRole("button", { name: "Subscribe" }).click();
  await expect(toast(page, "Successfully subscribed!")).toBeVisible();
  await waitForMail({ to: email, kind: "newsletter_welcome" });
}

/** The visible row (table on wide screens, card on phones) of an address. */
function entryOf(page: Page, email: string) {
  return page.getByRole("region", { name: /^Subscribers \(/ }).locator("tr:visible, li:visible").filter({ hasText: email });
}

test("the admin finds a new subscriber by search, unsubscribes them after a question, and exports the list", async ({ page }) => {
  const email = uniqueEmail("reader");
  const searchFor = email.split("@")[0]!.slice(-12).toUpperCase();
  await subscribeFromFooter(page, email);
  await login(page, ADMIN);

  await gotoHydrated(page, "/admin");
  await expect(page.getByRole("term").filter({ hasText: "Active Subscribers" })).toBeVisible();
  await page.getByRole("link", { name: "View Subscribers" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Subscribers" })).toBeVisible();

  await page.getByRole("searchbox", { name: "Email contains" }).fill(searchFor);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/subscribers\\?q=${searchFor}$`));
  const entry = entryOf(page, email);
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText("Blog footer");
  await expect(entry).toContainText("Active");
  await expect(page.getByRole("link", { name: /^Active/ })).toContainText("1");

  await entry.getByRole("link", { name: `Unsubscribe ${email}` }).click();
  const question = page.getByRole("group", { name: `Unsubscribe ${email}? Newsletter mail queued for it is dropped.` });
  await expect(question).toBeFocused();
  await question.getByRole("link", { name: "Keep subscribed" }).click();
  await expect(question).toHaveCount(0);
  await expect(entry).toContainText("Active");

  await entry.getByRole("link", { name: `Unsubscribe ${email}` }).click();
  await question.getByRole("button", { name: "Yes, unsubscribe" }).click();
  await expect(toast(page, "Unsubscribed")).toContainText(`${email} will not receive the newsletter any more.`);
  await expect(entry).toContainText("Unsubscribed");
  await expect(entry.getByRole("link", { name: `Unsubscribe ${email}` })).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/admin/subscribers\\?q=${searchFor}$`));

  await page.getByRole("link", { name: /^Unsubscribed/ }).click();
  await expect(page).toHaveURL(/state=unsubscribed/);
  await expect(entryOf(page, email)).toHaveCount(1);
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Export CSV" }).click()]);
  expect(download.suggestedFilename()).toBe("subscribers-unsubscribed-search.csv");
  const lines = fs.readFileSync((await download.path())!, "utf8").replace(/^\uFEFF/, "").trimEnd().split("\r\n");
  expect(lines[0]).toBe('"Email","Source","State","Subscribed (CT)","Unsubscribed (CT)"');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toMatch(new RegExp(`^"${email.replace(/[.]/g, "\\.")}","Blog footer","Unsubscribed","\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d","\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d"$`));

  await page.getByRole("searchbox", { name: "Email contains" }).fill("no-such-address-anywhere");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByText("No subscribers match this search.")).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the search is a GET form and unsubscribing asks first, then posts", async ({ page }) => {
    const email = uniqueEmail("nojs");
    // The footer's plain form, as a browser without scripts posts it.
    const response = await page.request.post("/newsletter", {
      form: { email, source: "blog_footer", returnTo: "/blog" },
      headers: { origin: ORIGIN },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(302);
    await login(page, ADMIN);

    await page.goto("/admin/subscribers");
    await page.getByRole("searchbox", { name: "Email contains" }).fill(email);
    await page.getByRole("button", { name: "Search" }).click();
    const entry = entryOf(page, email);
    await expect(entry).toHaveCount(1);
    await entry.getByRole("link", { name: `Unsubscribe ${email}` }).click();
    await page.getByRole("button", { name: "Yes, unsubscribe" }).click();
    await expect(entry).toContainText("Unsubscribed");
    await expect(page.getByRole("button", { name: "Yes, unsubscribe" })).toHaveCount(0);
  });
});
