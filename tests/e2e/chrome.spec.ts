import type { Locator, Page } from "@playwright/test";
import { SITE_NAME } from "~/lib/seo";
import { expect, gotoHydrated, test } from "./fixtures";

const adminButton = (page: Page) => page.getByRole("main").getByRole("link", { name: "Admin", exact: true });

/** Fails when `element`'s box overlaps any of `others` (boxes in viewport coordinates, as shown). */
async function expectApart(element: Locator, others: Locator[]) {
  const box = await element.boundingBox();
  expect(box, "the element is shown").not.toBeNull();
  for (const other of others) {
    const otherBox = await other.boundingBox();
    if (!otherBox) continue;
    const overlaps =
      box!.x < otherBox.x + otherBox.width &&
      otherBox.x < box!.x + box!.width &&
      box!.y < otherBox.y + otherBox.height &&
      otherBox.y < box!.y + box!.height;
    const what = await other.evaluate((node) => node.outerHTML.slice(0, 80));
    expect(overlaps, `${JSON.stringify(box)} overlaps ${what} at ${JSON.stringify(otherBox)}`).toBe(false);
  }
}

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

  for (const width of [1024, 1280]) {
    test(`at ${width} px the navigation bar keeps each link and the site's name on one line`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto("/bootcamp");
      const nav = page.getByRole("navigation", { name: "Main" });
      // One line of text: a link's box is its line height plus its padding, as "Home"'s is.
      const oneLine = (await nav.getByRole("link", { name: "Home", exact: true }).boundingBox())!.height;
      for (const [label] of navLinks) {
        expect((await nav.getByRole("link", { name: label, exact: true }).boundingBox())!.height, label).toBe(oneLine);
      }
      // The name's text in one line box.
      const nameLines = await nav.getByRole("link", { name: SITE_NAME }).evaluate((link) => {
        const range = document.createRange();
        range.selectNodeContents(link.querySelector("span")!);
        return new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top))).size;
      });
      expect(nameLines).toBe(1);
    });
  }

  test("a link at the foot of a long app page opens the next page at its top at once, not scrolling up through it", async ({ page }) => {
    // An app page (hydrated): its links navigate in place, where a smooth scroll could show. On a
    // phone it is long enough to be far from the top.
    await page.setViewportSize({ width: 390, height: 844 });
    await gotoHydrated(page, "/affiliate-test");
    const start = await page.evaluate(() => {
      window.scrollTo({ top: document.documentElement.scrollHeight, behavior: "instant" });
      const positions: number[] = [];
      (window as unknown as { scrollPositions: number[] }).scrollPositions = positions;
      window.addEventListener("scroll", () => positions.push(window.scrollY));
      return window.scrollY;
    });
    expect(start).toBeGreaterThan(1_000);
    await page.getByRole("contentinfo").getByRole("link", { name: "Consultation Booking" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Book a Free Manufacturing Assessment");
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    // A jump to the top: at most one position in between (the shorter page clamping the old
    // offset), not the twenty or so an animated (smooth) scroll passes through.
    const passed = await page.evaluate(() => (window as unknown as { scrollPositions: number[] }).scrollPositions);
    expect(passed.filter((y) => y > 0 && y < start).length, JSON.stringify(passed)).toBeLessThanOrEqual(1);
  });

  test("a link at the foot of a content page loads the next page as a document, at its top", async ({ page }) => {
    await gotoHydrated(page, "/about");
    await page.evaluate(() => {
      window.scrollTo({ top: document.documentElement.scrollHeight, behavior: "instant" });
      (window as unknown as { samePage: boolean }).samePage = true;
    });
    await page.getByRole("contentinfo").getByRole("link", { name: "Consultation Booking" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Book a Free Manufacturing Assessment");
    // Decision 040: no React on /about, so the browser loaded /booking afresh.
    expect(await page.evaluate(() => "samePage" in window)).toBe(false);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
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

  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    test(`at ${viewport.width} px the Admin button covers neither the first hero stat nor, at the bottom, the footer's text and links`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await page.goto("/");
      const admin = adminButton(page);
      const firstStat = page.getByRole("region", { name: /^Aerospace-Grade/ }).locator("dl > div").first();
      await expect(firstStat).toContainText("Years Aerospace Experience");
      await expectApart(admin, [firstStat]);

      await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: "instant" }));
      const footer = page.getByRole("contentinfo");
      await expect(footer.getByRole("link", { name: "Join Affiliate Program" })).toBeInViewport();
      await expectApart(admin, await footer.locator("a, p, h2, span").all());
    });
  }

  test("on a wide screen the Admin button floats at the viewport's bottom right, at the top and mid-page", async ({
    page,
  }) => {
    await page.goto("/");
    for (const scrolled of [false, true]) {
      if (scrolled) await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight / 2, behavior: "instant" }));
      const box = await adminButton(page).boundingBox();
      expect(box).not.toBeNull();
      expect(box!.x + box!.width).toBeGreaterThan(1280 - 40);
      expect(box!.y + box!.height).toBeGreaterThan(800 - 40);
      expect(box!.y + box!.height).toBeLessThanOrEqual(800);
    }
  });

  test("mobile menu opens and closes by keyboard and navigates", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await gotoHydrated(page, "/");
    const toggle = page.getByRole("button", { name: "Open menu" });
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Blog" })).toBeHidden();
    // Closed, the menu holds nothing: its links are drawn when it opens, not sent hidden with every page.
    const closedMenu = page.locator(`#${await toggle.getAttribute("aria-controls")}`);
    expect(await closedMenu.evaluate((menu) => menu.childElementCount)).toBe(0);

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
