// Enrolment as a buyer makes it, with the built-in test checkout (no Stripe key in the e2e server):
// an affiliate's link, then the bootcamp, 'Enroll Now', the checkout in a new tab, Pay, the success
// page; the affiliate's dashboard shows the conversion and 1,125.00 USD; the admin sees the order
// and refunds it, and the commission is reversed. Without JavaScript the button still reaches the
// checkout page.
import type { Browser, Page } from "@playwright/test";
import { ADMIN, createVerifiedUser, expect, gotoHydrated, login, test, uniqueEmail } from "./fixtures";

const ORIGIN = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100)}`;

function toast(page: Page, text: string) {
  return page.locator("[data-sonner-toast]").filter({ hasText: text });
}

/** A new partner, applied and approved by the admin; their page, signed in, on their dashboard. */
async function approvedPartner(browser: Browser): Promise<{ page: Page; code: string }> {
  const page = await browser.newPage();
  const user = await createVerifiedUser(page, uniqueEmail("checkout-partner"));
  await login(page, user);
  const applied = await page.request.post("/affiliate-dashboard", { form: { intent: "quick-apply" }, headers: { origin: ORIGIN } });
  expect(applied.status()).toBe(200);
  await gotoHydrated(page, "/affiliate-dashboard");
  const code = (await page.locator("strong.font-mono").textContent())!.trim();

  const admin = await browser.newPage();
  await login(admin, ADMIN);
  await gotoHydrated(admin, `/affiliate-management?q=${code}`);
  await admin.getByRole("button", { name: `Actions for ${code}` }).click();
  await admin.getByRole("menuitem", { name: "Approve" }).click();
  await expect(toast(admin, "Affiliate status updated to approved")).toBeVisible();
  await admin.close();
  return { page, code };
}

function testCheckout(page: Page) {
  return page.getByRole("region", { name: "Payment details" });
}

test("a referred buyer enrols through the test checkout; the partner sees 1,125.00; the admin refunds and the commission goes", async ({ page, browser }) => {
  // The whole journey of three people (a partner approved, a buyer's checkout, the admin's refund)
  // in one test: three times the usual budget, as the partner journey in affiliates.spec.ts.
  test.slow();
  const partner = await approvedPartner(browser);

  // The buyer follows the partner's link, reads the bootcamp page, enrols.
  await page.goto(`/a/${partner.code}`);
  await expect(page).toHaveURL(`${ORIGIN}/bootcamp?ref=${partner.code}`);
  await gotoHydrated(page, "/bootcamp");
  const popupPromise = page.waitForEvent("popup");
  await page.getByRole("button", { name: "Enroll Now — $7,500" }).first().click();
  await expect(toast(page, "Redirecting to secure checkout...")).toBeVisible();
  const checkout = await popupPromise;
  await expect(checkout).toHaveURL(/\/checkout\/test\/cs_test_local_[A-Za-z0-9]{24}$/);
  await expect(checkout.getByText("Test mode: no card is charged.")).toBeVisible();
  await expect(checkout.getByText("$7,500.00").first()).toBeVisible();
  await expect(page).toHaveURL(/\/bootcamp$/);
  await expect(page.getByRole("button", { name: "Enroll Now — $7,500" }).first()).toBeEnabled();

  const form = testCheckout(checkout);
  const buyerEmail = uniqueEmail("buyer");
  await form.getByLabel("Email").fill(buyerEmail);
  await form.getByLabel("Name on card").fill("Dana Buyer");
  await form.getByLabel("Company name").fill("Acme Machining");
  await form.getByLabel("Phone number").fill("316-555-0100");
  await form.getByRole("button", { name: "Pay $7,500.00" }).click();
  await expect(checkout).toHaveURL(/\/payment-success\?session_id=cs_test_local_/);
  await expect(checkout.getByRole("heading", { name: "Payment Successful" })).toBeVisible();
  await expect(checkout.getByText(buyerEmail)).toBeVisible();
  await expect(checkout.getByRole("link", { name: "Go to Home" })).toBeVisible();

  // The partner's dashboard: one conversion, 1,125.00 earned, the buyer masked.
  await partner.page.reload();
  const totals = partner.page.getByRole("region", { name: "Totals" });
  await expect(totals.locator("div.rounded-xl").filter({ hasText: "Conversions" })).toContainText("1");
  await expect(totals.locator("div.rounded-xl").filter({ hasText: "Total Earnings" })).toContainText("$1,125.00");
  const referrals = partner.page.getByRole("region", { name: "Recent Referrals" });
  await expect(referrals.getByRole("row").nth(1)).toContainText("$7,500.00");
  await expect(referrals.getByRole("row").nth(1)).toContainText("$1,125.00");
  await expect(referrals.getByRole("row").nth(1)).toContainText(`${buyerEmail.slice(0, 3)}***`);

  // The admin finds the order and refunds it in full.
  const admin = await browser.newPage();
  await login(admin, ADMIN);
  await gotoHydrated(admin, "/admin");
  await admin.getByRole("link", { name: "View Orders" }).click();
  const row = admin.getByTestId("order-row").filter({ hasText: buyerEmail });
  await expect(row).toContainText("Paid");
  await expect(row).toContainText(partner.code);
  await row.getByRole("link", { name: "Dana Buyer" }).click();
  await expect(admin.getByRole("heading", { name: "Dana Buyer" })).toBeVisible();
  await waitForHydrated(admin);
  await expect(admin.getByLabel("Amount (USD)")).toHaveValue("7500.00");
  await admin.getByRole("button", { name: "Refund", exact: true }).click();
  await admin.getByRole("button", { name: "Yes, refund" }).click();
  await expect(toast(admin, "Refund made")).toBeVisible();
  await expect(admin.getByText("Refunded", { exact: true }).first()).toBeVisible();
  await expect(admin.getByRole("region", { name: "Refund" })).toHaveCount(0);
  await admin.close();

  await partner.page.reload();
  await expect(totals.locator("div.rounded-xl").filter({ hasText: "Total Earnings" })).toContainText("$0.00");
  await expect(totals.locator("div.rounded-xl").filter({ hasText: "Conversions" })).toContainText("0");
  await expect(referrals.getByRole("row").nth(1)).toContainText("refunded");
  await partner.page.close();
});

async function waitForHydrated(page: Page) {
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("'Enroll Now' posts the form and the new tab lands on the checkout page", async ({ page }) => {
    await page.goto("/bootcamp");
    const popupPromise = page.waitForEvent("popup");
    await page.getByRole("button", { name: "Enroll Now — $7,500" }).first().click();
    const checkout = await popupPromise;
    await expect(checkout).toHaveURL(/\/checkout\/test\/cs_test_local_[A-Za-z0-9]{24}$/);
    await expect(checkout.getByText("Test mode: no card is charged.")).toBeVisible();
    await expect(testCheckout(checkout).getByRole("button", { name: "Pay $7,500.00" })).toBeVisible();
    await expect(page).toHaveURL(/\/bootcamp$/);
  });
});
