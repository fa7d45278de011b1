// The admin shell: one navigation between the admin areas on every admin page, the current area
// marked for assistive technology, reachable by keyboard, every tab in view on a desktop screen,
// and usable on a phone (a tab row that scrolls sideways, the current tab in view), with 'Back to
// Site' and 'Sign Out' above it.
import { ADMIN, expect, gotoHydrated, login, test } from "./fixtures";

const AREAS = [
  ["Dashboard", "/admin"],
  ["Bookings", "/admin/bookings"],
  ["Orders", "/admin/orders"],
  ["E-mails", "/admin/emails"],
  ["Blog", "/admin/blog"],
  ["Newsletter", "/admin/newsletter"],
  ["Subscribers", "/admin/subscribers"],
  ["Affiliates", "/affiliate-management"],
  ["Analytics", "/admin/analytics"],
  ["System", "/admin/system"],
] as const;

test("every admin page shows the areas, the current one marked, and moves between them", async ({ page }) => {
  // Ten admin pages loaded and hydrated in one test.
  test.slow();
  await login(page, ADMIN);
  for (const [label, path] of AREAS) {
    await gotoHydrated(page, path);
    const nav = page.getByRole("navigation", { name: "Admin" });
    await expect(nav.getByRole("link")).toHaveText(AREAS.map(([name]) => name));
    await expect(nav.getByRole("link", { name: label })).toHaveAttribute("aria-current", "page");
    await expect(nav.locator("[aria-current]")).toHaveCount(1);
    await expect(page.getByRole("link", { name: "Back to Site" })).toHaveAttribute("href", "/");
    await expect(page.getByRole("button", { name: "Sign Out" })).toBeVisible();
  }

  // By keyboard: Tab reaches the tabs, Enter follows one.
  await gotoHydrated(page, "/admin");
  const bookings = page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Bookings" });
  for (let presses = 0; presses < 30 && !(await bookings.evaluate((link) => link === document.activeElement)); presses++) {
    await page.keyboard.press("Tab");
  }
  await expect(bookings).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/admin\/bookings$/);
  await expect(page.getByRole("heading", { level: 1, name: "Bookings" })).toBeVisible();
  await expect(bookings).toHaveAttribute("aria-current", "page");
});

test("on a phone the tab row scrolls sideways with the current tab in view, and nothing overflows the page", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await login(page, ADMIN);
  await gotoHydrated(page, "/admin/analytics");
  const nav = page.getByRole("navigation", { name: "Admin" });
  const current = nav.getByRole("link", { name: "Analytics" });
  await expect(current).toHaveAttribute("aria-current", "page");
  await expect(current).toBeInViewport({ ratio: 0.95 });
  expect(await nav.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expect(page.getByRole("link", { name: "Back to Site" })).toBeInViewport();
  await expect(page.getByRole("button", { name: "Sign Out" })).toBeInViewport();
});

for (const width of [1024, 1280]) {
  test(`at ${width} px every area's tab is in view, none cut off and nothing to scroll`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await login(page, ADMIN);
    await gotoHydrated(page, "/admin/analytics");
    const nav = page.getByRole("navigation", { name: "Admin" });
    expect(await nav.evaluate((element) => element.scrollWidth - element.clientWidth)).toBe(0);
    for (const [label] of AREAS) await expect(nav.getByRole("link", { name: label })).toBeInViewport({ ratio: 1 });
    await expect(page.getByRole("link", { name: "Back to Site" })).toBeInViewport({ ratio: 1 });
    await expect(page.getByRole("button", { name: "Sign Out" })).toBeInViewport({ ratio: 1 });
  });
}
