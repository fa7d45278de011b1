// Enrolment as a buyer makes it, with the built-in test checkout (the e2e server's SITE_URL is
// http://127.0.0.1, so CHECKOUT_MODE defaults to test): an affiliate's link, then the bootcamp,
// 'Enroll Now', the checkout in a new tab, Pay, the success page; a test sale earns the affiliate
// nothing; the admin sees the order marked as a test, its columns at 1280 px, and refunds it after
// the amount is checked. Without JavaScript the button still reaches the checkout page. (Commission
// from real payments: tests/integration/checkout.test.ts, through Stripe's signed webhook.)
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

test("a referred buyer enrols through the test checkout (one main landmark); the partner earns nothing from a test sale", async ({ page, browser }) => {
  // The whole journey of three people (a partner, the admin approving them, a buyer's checkout) in
  // one test: three times the usual budget, as the partner journey in affiliates.spec.ts.
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
  // One main landmark: the root layout's (axe: landmark-no-duplicate-main, landmark-main-is-top-level).
  await expect(checkout.locator("main")).toHaveCount(1);
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
  await expect(checkout.getByText(/^Order [0-9A-F]{8} · \$7,500\.00/)).toBeVisible();
  await expect(checkout.getByRole("link", { name: "Go to Home" })).toBeVisible();

  // The partner's dashboard: a test sale is no conversion and earns nothing (no money was taken).
  await partner.page.reload();
  const totals = partner.page.getByRole("region", { name: "Totals" });
  await expect(totals.locator("div.rounded-xl").filter({ hasText: "Conversions" })).toContainText("0");
  await expect(totals.locator("div.rounded-xl").filter({ hasText: "Total Earnings" })).toContainText("$0.00");
  await partner.page.close();
});

/** A test checkout's order, paid by a buyer through the site's own forms (no browser needed). */
async function paidTestOrder(page: Page, buyerEmail: string, affiliateRef = "") {
  const started = await page.request.post("/api/create-payment", { form: { affiliateRef }, headers: { origin: ORIGIN, accept: "application/json" } });
  expect(started.status()).toBe(200);
  const { url } = (await started.json()) as { url: string };
  const paid = await page.request.post(url, {
    form: { intent: "pay", email: buyerEmail, name: "Dana Buyer", companyName: "Acme Machining", phone: "316-555-0100", cardNumber: "4242 4242 4242 4242" },
    headers: { origin: ORIGIN },
    maxRedirects: 0,
  });
  expect(paid.status()).toBe(303);
}

test("/admin/orders marks test orders and shows every column at 1280 px without scrolling", async ({ page, browser }) => {
  const buyerEmail = uniqueEmail("list-buyer");
  await paidTestOrder(page, buyerEmail, "SAMPLE001");
  const admin = await browser.newPage();
  await login(admin, ADMIN);
  await gotoHydrated(admin, "/admin/orders");
  const row = admin.getByTestId("order-row").filter({ hasText: buyerEmail });
  await expect(row).toContainText("Paid");
  await expect(row).toContainText("Test order");
  await expect(row).toContainText("SAMPLE001 (test order: not credited)");
  await expect(row).toContainText("Acme Machining");
  const table = admin.locator("[data-slot=table-container]");
  expect(await table.evaluate((box) => box.scrollWidth - box.clientWidth)).toBe(0);
  await expect(admin.getByRole("columnheader", { name: "Paid (CT)" })).toBeInViewport({ ratio: 1 });
  await expect(admin.getByRole("columnheader", { name: "Created (CT)" })).toBeInViewport({ ratio: 1 });

  await row.getByRole("link", { name: "Dana Buyer" }).click();
  await expect(admin.getByRole("heading", { name: "Dana Buyer" })).toBeVisible();
  await expect(admin.getByText("Test order", { exact: true })).toBeVisible();
  await admin.close();
});

test("the refund form checks the amount before it asks; then refunds", async ({ page, browser }) => {
  const buyerEmail = uniqueEmail("refund-buyer");
  await paidTestOrder(page, buyerEmail);
  const admin = await browser.newPage();
  await login(admin, ADMIN);
  await gotoHydrated(admin, "/admin/orders");
  await admin.getByTestId("order-row").filter({ hasText: buyerEmail }).getByRole("link", { name: "Dana Buyer" }).click();
  await expect(admin.getByRole("heading", { name: "Dana Buyer" })).toBeVisible();
  await waitForHydrated(admin);
  await expect(admin.getByLabel("Amount (USD)")).toHaveValue("7500.00");
  for (const [amount, message] of [
    ["-5", "Enter the amount to refund, like 7500.00."],
    ["0", "Refund between $0.01 and $7,500.00."],
    ["7500.01", "Refund between $0.01 and $7,500.00."],
  ] as const) {
    await admin.getByLabel("Amount (USD)").fill(amount);
    await admin.getByRole("button", { name: "Refund", exact: true }).click();
    await expect(admin.getByText(message)).toBeVisible();
    await expect(admin.getByRole("button", { name: "Yes, refund" })).toHaveCount(0);
  }
  await admin.getByLabel("Amount (USD)").fill("7500.00");
  await admin.getByRole("button", { name: "Refund", exact: true }).click();
  await expect(admin.getByText("Refund $7,500.00?")).toBeVisible();
  await admin.getByRole("button", { name: "Yes, refund" }).click();
  await expect(toast(admin, "Refund made")).toBeVisible();
  await expect(admin.getByText("Refunded", { exact: true }).first()).toBeVisible();
  await expect(admin.getByRole("region", { name: "Refund" })).toHaveCount(0);
  await admin.close();
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
