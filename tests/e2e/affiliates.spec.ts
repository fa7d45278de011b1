// The affiliate program as people use it: a user signs up and applies; the admin approves (the
// approval e-mail arrives); the affiliate creates a custom link; an anonymous visit through it is
// counted once (a second visit in the same session still once) and lands on the target with ref;
// the dashboard shows the click. The admin records a payout and the balance drops; a member cannot
// act through the page's data URL; the management page at phone width shows cards. The partner's
// dashboard with a referral fits a phone, with the custom-link dialog on screen; axe finds no
// serious problem and one main landmark on the partner's pages and the admin's open actions menu.
import type { Page } from "@playwright/test";
import { PAID_PARTNER } from "./affiliate-data";
import { ADMIN, axeProblems, createVerifiedUser, expect, gotoHydrated, login, test, uniqueEmail, waitForMail } from "./fixtures";

const ORIGIN = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100)}`;

function toast(page: Page, text: string) {
  return page.locator("[data-sonner-toast]").filter({ hasText: text });
}

function statCard(page: Page, label: string) {
  return page.getByRole("region", { name: "Totals" }).locator("div.rounded-xl").filter({ hasText: label });
}

test("a user applies, the admin approves, a custom link's visit is counted once and shown", async ({ page, browser }) => {
  // The whole partner journey in one test (sign-up, application, approval, a link, two visits):
  // three times the usual budget.
  test.slow();
  const user = await createVerifiedUser(page, uniqueEmail("partner"));
  await login(page, user);
  await gotoHydrated(page, "/affiliate-dashboard");
  await expect(page.getByRole("heading", { name: "Become an Affiliate" })).toBeVisible();
  await page.getByRole("link", { name: "Detailed Application Form" }).click();
  await expect(page.getByRole("heading", { name: "Affiliate Application" })).toBeVisible();
  await expect(page.getByText(`Signed in as ${user.email}`)).toBeVisible();

  // A required field left empty: the spec's message, nothing sent.
  const payoutEmail = uniqueEmail("payouts");
  await page.getByLabel("Payout Email *").fill(payoutEmail);
  await page.getByRole("button", { name: "Submit Application" }).click();
  await expect(toast(page, "Please fill in all required fields")).toBeVisible();
  await expect(page.getByText("Please fill in all required fields").first()).toBeVisible();

  await page.getByLabel("Experience *").fill("Ten years of machining videos.");
  await page.getByLabel("Audience *").fill("Job shop owners in the Midwest.");
  await page.getByLabel("Promotion Plan *").fill("A bootcamp review and a discount code in my newsletter.");
  await page.getByLabel("X / Twitter").fill("@shopfloor");
  // Nothing missing, only the address wrong: the toast says so, as the field does.
  await page.getByLabel("Payout Email *").fill("not-an-address");
  await page.getByRole("button", { name: "Submit Application" }).click();
  await expect(toast(page, "Please enter a valid email address")).toBeVisible();
  await page.getByLabel("Payout Email *").fill(payoutEmail);
  await page.getByRole("button", { name: "Submit Application" }).click();
  await expect(page).toHaveURL(/\/affiliate-dashboard$/);
  await expect(toast(page, "Application submitted! We'll review and notify you by email.")).toBeVisible();
  await expect(page.getByText("pending", { exact: true })).toBeVisible();
  const code = (await page.locator("strong.font-mono").textContent())!.trim();
  expect(code).toMatch(/^[A-HJKMNP-Z2-9]{8}$/);

  // The admin approves; the partner's e-mail arrives.
  const admin = await browser.newPage();
  await login(admin, ADMIN);
  await gotoHydrated(admin, `/affiliate-management?q=${encodeURIComponent(payoutEmail)}`);
  const row = admin.getByTestId("affiliate-row").filter({ hasText: payoutEmail });
  await expect(row).toContainText(code);
  await expect(row).toContainText("15.0%");
  await row.getByRole("button", { name: `Actions for ${code}` }).click();
  await expect(admin.getByRole("menuitem")).toHaveText(["Approve", "Reject", "Edit", "Record payout", "Application details"]);
  await admin.getByRole("menuitem", { name: "Approve" }).click();
  await expect(toast(admin, "Affiliate status updated to approved")).toBeVisible();
  await expect(row).toContainText("approved");
  const approval = await waitForMail({ to: user.email, kind: "affiliate_approved" });
  expect(approval.text).toContain(`/a/${code}`);
  await admin.close();

  // The partner makes a custom link.
  await gotoHydrated(page, "/affiliate-dashboard");
  await expect(page.getByText("active", { exact: true })).toBeVisible();
  const slug = `spring-${Math.random().toString(36).slice(2, 7)}`;
  await page.getByRole("button", { name: "Create Custom Link" }).click();
  const dialog = page.getByRole("dialog", { name: "Create Custom Link" });
  await expect(dialog.getByLabel("Target URL *")).toHaveValue("/bootcamp");
  await dialog.getByLabel("Target URL *").fill("https://evil.example/");
  await dialog.getByLabel("Link Name *").fill("Spring newsletter");
  await dialog.getByLabel("Custom Slug").fill(slug);
  await dialog.getByRole("button", { name: "Create Link" }).click();
  await expect(dialog.getByText("Enter a path on this site that starts with /, like /bootcamp.")).toBeVisible();
  await dialog.getByLabel("Target URL *").fill("/booking?utm_source=newsletter");
  await dialog.getByRole("button", { name: "Create Link" }).click();
  await expect(toast(page, "Affiliate link created successfully!")).toBeVisible();
  await expect(dialog).toBeHidden();
  const linkRow = page.getByTestId("affiliate-link").filter({ hasText: "Spring newsletter" });
  await expect(linkRow).toContainText(`${ORIGIN}/a/${slug}`);
  await expect(linkRow).toContainText("0 clicks");

  // An anonymous visitor follows it twice in one browser session: one click.
  const visitor = await browser.newContext();
  const visit = await visitor.newPage();
  await visit.goto(`/a/${slug}`);
  await expect(visit).toHaveURL(`${ORIGIN}/booking?utm_source=newsletter&ref=${code}`);
  await visit.goto(`/a/${slug}`);
  await expect(visit).toHaveURL(`${ORIGIN}/booking?utm_source=newsletter&ref=${code}`);
  await visitor.close();

  await page.reload();
  await expect(linkRow).toContainText("1 click");
  await expect(statCard(page, "Total Clicks")).toContainText("1");
  await expect(page.getByText("No referrals yet. Start promoting your affiliate link!")).toBeVisible();

  // Copy Affiliate Link: the clipboard gets {site}/a/{code}.
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: ORIGIN });
  await page.getByRole("button", { name: "Copy Affiliate Link" }).click();
  await expect(toast(page, "Affiliate URL copied to clipboard!")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${ORIGIN}/a/${code}`);
  await expect(page.getByRole("link", { name: "Preview Landing Page" })).toHaveAttribute("href", `/bootcamp?ref=${code}`);
  await expect(page.getByRole("link", { name: "Preview Landing Page" })).toHaveAttribute("target", "_blank");
});

test("the admin records a payout: the partner's balance drops; more than the balance is refused", async ({ page }) => {
  await login(page, ADMIN);
  await gotoHydrated(page, "/affiliate-management");
  await expect(page.getByRole("heading", { name: /^All Affiliates \(\d+\)$/ })).toBeVisible();
  const row = page.getByTestId("affiliate-row").filter({ hasText: PAID_PARTNER.code });
  await expect(row).toContainText("$1,125.00");
  await row.getByRole("button", { name: `Actions for ${PAID_PARTNER.code}` }).click();
  await page.getByRole("menuitem", { name: "Record payout" }).click();
  const dialog = page.getByRole("dialog", { name: `Record payout to ${PAID_PARTNER.code}` });
  await expect(dialog.getByLabel("Amount (USD)")).toHaveValue("1125.00");
  await dialog.getByLabel("Amount (USD)").fill("2000");
  await dialog.getByRole("button", { name: "Record payout" }).click();
  await expect(dialog.getByText("The payout is more than the current balance of $1,125.00.")).toBeVisible();
  await dialog.getByLabel("Amount (USD)").fill("1000.00");
  await dialog.getByLabel("Method").fill("Bank transfer");
  await dialog.getByLabel("Reference").fill("TX-2026-11");
  await dialog.getByRole("button", { name: "Record payout" }).click();
  await expect(toast(page, "Payout recorded")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row.getByRole("cell").nth(5)).toHaveText("$125.00");

  // The CSV of payouts names it.
  const csv = await page.request.get("/affiliate-management/export/payouts.csv");
  expect(csv.status()).toBe(200);
  expect(await csv.text()).toContain(`"${PAID_PARTNER.code}","${PAID_PARTNER.payoutEmail}","1000.00","Bank transfer","TX-2026-11"`);
});

test("a member cannot approve through the page's data URL; the management page at phone width shows cards", async ({ page }) => {
  const member = await createVerifiedUser(page, uniqueEmail("member"));
  await login(page, member);
  await gotoHydrated(page, "/affiliate-dashboard");
  await page.getByRole("button", { name: "Apply to Become an Affiliate" }).click();
  await expect(toast(page, "Affiliate application submitted! We'll review it soon.")).toBeVisible();
  await expect(page.getByText("pending", { exact: true })).toBeVisible();

  // Acting on the management page's action directly, as a script would: refused, nothing changes.
  const refused = await page.request.post("/affiliate-management.data", {
    form: { intent: "status", affiliateId: "00000000-0000-4000-8000-000000000000", action: "approve" },
    headers: { origin: ORIGIN },
    maxRedirects: 0,
  });
  expect(refused.status()).toBe(403);
  expect(await refused.text()).toContain("You don't have admin privileges to access this page.");
  // Its data: a redirect to /admin-login (single fetch's 202), no affiliate in it.
  const data = await page.request.get("/affiliate-management.data", { maxRedirects: 0 });
  expect(data.status()).toBe(202);
  const body = await data.text();
  expect(body).toContain("/admin-login");
  expect(body).not.toContain(PAID_PARTNER.code);

  await page.context().clearCookies();
  await login(page, ADMIN);
  await page.setViewportSize({ width: 390, height: 844 });
  await gotoHydrated(page, "/affiliate-management");
  await expect(page.getByTestId("affiliate-card").first()).toBeVisible();
  await expect(page.getByRole("table")).toBeHidden();
  const card = page.getByTestId("affiliate-card").filter({ hasText: PAID_PARTNER.code });
  await expect(card).toContainText("Commission Rate");
  await card.getByRole("button", { name: `Actions for ${PAID_PARTNER.code}` }).click();
  await expect(page.getByRole("menuitem", { name: "Suspend" })).toBeVisible();
  await page.keyboard.press("Escape");
  await page.screenshot({ path: `test-results/affiliate-management-phone.png`, fullPage: true });
});

test("the partner's dashboard with a referral fits a 390 px phone; the custom-link dialog's button is on screen and an empty or spaced target is refused", async ({ page }) => {
  await login(page, { email: PAID_PARTNER.accountEmail, password: PAID_PARTNER.password });
  await page.setViewportSize({ width: 390, height: 844 });
  await gotoHydrated(page, "/affiliate-dashboard");
  await expect(page.getByRole("region", { name: "Recent Referrals", exact: true }).getByRole("row")).toHaveCount(2);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  // The table scrolls inside a region of its own, which a keyboard can reach.
  const referrals = page.getByRole("region", { name: "Recent Referrals table" });
  await expect(referrals).toHaveAttribute("tabindex", "0");
  expect(await referrals.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);

  await page.getByRole("button", { name: "Create Custom Link" }).click();
  const dialog = page.getByRole("dialog", { name: "Create Custom Link" });
  const createButton = dialog.getByRole("button", { name: "Create Link" });
  await expect(createButton).toBeInViewport({ ratio: 1 });
  await dialog.getByLabel("Link Name *").fill("Phone link");
  await dialog.getByLabel("Target URL *").fill("");
  await createButton.click();
  await expect(dialog.getByText("Please enter a target URL.")).toBeVisible();
  await dialog.getByLabel("Target URL *").fill("/ /evil.example");
  await createButton.click();
  await expect(dialog.getByText("A target cannot contain spaces: enter a path like /bootcamp.")).toBeVisible();
  await expect(page.getByTestId("affiliate-link")).toHaveCount(0);

  // Left without a slug, the link still gets an address, made from its name.
  await dialog.getByLabel("Target URL *").fill("/booking");
  await createButton.click();
  await expect(toast(page, "Affiliate link created successfully!")).toBeVisible();
  await expect(page.getByTestId("affiliate-link").filter({ hasText: "Phone link" })).toContainText(new RegExp(`${ORIGIN}/a/phone-link-[a-z2-9]{6}`));
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test("axe finds one main landmark and no serious problem on the partner's pages and the admin's open actions menu", async ({ page }) => {
  const newcomer = await createVerifiedUser(page, uniqueEmail("applicant"));
  await login(page, newcomer);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await gotoHydrated(page, "/affiliate-application");
    await expect(page.locator("main")).toHaveCount(1);
    expect(await axeProblems(page, { landmarks: true }), `/affiliate-application at ${width} px`).toEqual([]);
  }
  await page.context().clearCookies();
  await login(page, { email: PAID_PARTNER.accountEmail, password: PAID_PARTNER.password });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await gotoHydrated(page, "/affiliate-dashboard");
    await expect(page.locator("main")).toHaveCount(1);
    expect(await axeProblems(page, { landmarks: true }), `/affiliate-dashboard at ${width} px`).toEqual([]);
  }
  await page.context().clearCookies();
  await login(page, ADMIN);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await gotoHydrated(page, "/affiliate-management");
    const holder = page.getByTestId(width === 390 ? "affiliate-card" : "affiliate-row").filter({ hasText: PAID_PARTNER.code });
    await holder.getByRole("button", { name: `Actions for ${PAID_PARTNER.code}` }).click();
    await expect(page.getByRole("menu")).toBeVisible();
    expect(await axeProblems(page, { landmarks: true }), `/affiliate-management, menu open, at ${width} px`).toEqual([]);
    await page.keyboard.press("Escape");
    await expect(page.getByRole("menu")).toBeHidden();
  }
});
