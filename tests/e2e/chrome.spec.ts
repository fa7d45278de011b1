import { expect, test } from "@playwright/test";

const navLinks = [
  ["Home", "/"],
  ["Bootcamp", "/bootcamp"],
  ["Tools", "/marketplace"],
  ["Blog", "/blog"],
  ["Affiliate Program", "/affiliate-program"],
  ["Booking", "/booking"],
] as const;

test.describe("site chrome", () => {
  test("navigation bar links to the six pages and highlights the active one", async ({ page }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    for (const [label, href] of navLinks) {
      await expect(nav.getByRole("link", { name: label, exact: true })).toHaveAttribute("href", href);
    }
    await expect(nav.getByRole("link", { name: "Home", exact: true })).toHaveAttribute("aria-current", "page");

    await nav.getByRole("link", { name: "Tools", exact: true }).click();
    await expect(page).toHaveURL(/\/marketplace$/);
    await expect(nav.getByRole("link", { name: "Tools", exact: true })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("link", { name: "Home", exact: true })).not.toHaveAttribute("aria-current", "page");

    await nav.getByRole("link", { name: "Enroll" }).click();
    await expect(page).toHaveURL(/\/bootcamp$/);
  });

  test("footer has the three columns, both buttons and the current year", async ({ page }) => {
    await page.goto("/about");
    const footer = page.getByRole("contentinfo");
    const expected: Record<string, Array<[string, string]>> = {
      Services: [
        ["Manufacturing Bootcamp", "/bootcamp"],
        ["Consultation Booking", "/booking"],
        ["Tools & Marketplace", "/marketplace"],
        ["Blog & Resources", "/blog"],
      ],
      Company: [
        ["About", "/about"],
        ["Contact", "/booking"],
        ["Admin", "/admin"],
      ],
      Partners: [
        ["Affiliate Program", "/affiliate-program"],
        ["Partner Dashboard", "/affiliate-dashboard"],
      ],
    };
    for (const [column, links] of Object.entries(expected)) {
      const nav = footer.getByRole("navigation", { name: column });
      await expect(nav.getByRole("listitem")).toHaveCount(links.length);
      for (const [label, href] of links) {
        await expect(nav.getByRole("link", { name: label, exact: true })).toHaveAttribute("href", href);
      }
    }
    await expect(footer.getByText("Earn 15% Commission")).toBeVisible();
    await expect(footer.getByRole("link", { name: "Start Learning" })).toHaveAttribute("href", "/bootcamp");
    await expect(footer.getByRole("link", { name: "Join Affiliate Program" })).toHaveAttribute(
      "href",
      "/affiliate-program",
    );
    await expect(footer).toContainText(String(new Date().getFullYear()));
  });

  test("the floating Admin button shows on the home page only", async ({ page }) => {
    await page.goto("/");
    const admin = page.getByRole("main").getByRole("link", { name: "Admin", exact: true });
    await expect(admin).toHaveAttribute("href", "/admin-login");
    await page.goto("/about");
    await expect(page.getByRole("main").getByRole("link", { name: "Admin", exact: true })).toHaveCount(0);
  });

  test("mobile menu opens and closes by keyboard and navigates", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/");
    const toggle = page.getByRole("button", { name: "Open menu" });
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Blog" })).toBeHidden();

    await toggle.focus();
    await page.keyboard.press("Enter");
    const close = page.getByRole("button", { name: "Close menu" });
    await expect(close).toHaveAttribute("aria-expanded", "true");
    const menu = page.locator(`#${await close.getAttribute("aria-controls")}`);
    await expect(menu.getByRole("link", { name: "Blog" })).toBeVisible();

    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();

    await page.getByRole("button", { name: "Open menu" }).press("Space");
    await menu.getByRole("link", { name: "Booking" }).click();
    await expect(page).toHaveURL(/\/booking$/);
    await expect(menu).toBeHidden();
  });
});

test("unknown paths get the not-found page with status 404", async ({ page }) => {
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
  await page.getByRole("link", { name: "Return to Home" }).click();
  await expect(page).toHaveURL(/\/$/);
});
