// Analytics as the owner sees it: a visitor's traffic (two full loads with a campaign, then a
// client-side navigation that records exactly one view) shows on /admin/analytics with its charts,
// and the tables carry the same numbers as the figures; axe finds nothing serious with the charts drawn.
import type { Page } from "@playwright/test";
import { ADMIN, axeProblems, expect, gotoHydrated, login, test } from "./fixtures";

const BEACON = "/api/analytics/view";

/** The beacons a page sends (Chromium does not expose a beacon's body: the server's figures show it). */
function beaconsOf(page: Page) {
  const sent: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === BEACON && request.method() === "POST") sent.push(request.url());
  });
  return sent;
}

test("a visitor's pages and a client-side navigation appear on the owner's analytics, charts and tables agreeing", async ({ page, browser }) => {
  const campaign = `e2e-${Date.now().toString(36)}`;
  const visitor = await browser.newPage();
  const sent = beaconsOf(visitor);
  await gotoHydrated(visitor, `/?utm_source=e2e&utm_campaign=${campaign}`);
  await expect.poll(() => sent.length).toBe(1);
  await gotoHydrated(visitor, `/bootcamp?utm_source=e2e&utm_campaign=${campaign}`);
  await expect.poll(() => sent.length).toBe(2);
  // A client-side navigation: one view, of the new page.
  await visitor.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Booking" }).click();
  await expect(visitor).toHaveURL(/\/booking$/);
  await expect.poll(() => sent.length).toBe(3);

  await login(page, ADMIN);
  // Views are written in batches a second apart: the page shows them once they are. The two
  // views of the campaign may land in two batches, so the page is read again until it shows both
  // (other tests' visits put /booking in the pages table too).
  const row = page.getByTestId("campaigns-table").getByRole("row").filter({ hasText: `e2e / ${campaign}` });
  const booking = page.getByTestId("pages-table").getByRole("row").filter({ hasText: "/booking" });
  await expect
    .poll(
      async () => {
        await gotoHydrated(page, "/admin/analytics?range=today");
        return (await row.count()) > 0 && (await booking.count()) > 0 && (await row.getByRole("cell").nth(2).textContent()) !== "1";
      },
      // Each try loads the whole page: on a busy host a few tries take more than the default 5 s.
      { timeout: 20_000 },
    )
    .toBe(true);
  // The two full loads carried the campaign (one visitor, two views); the navigation did not.
  await expect(row.getByRole("cell")).toHaveText([`e2e / ${campaign}`, "1", "2", "0 (new)"]);
  // And the navigation sent one beacon, not more.
  expect(sent).toHaveLength(3);
  await visitor.close();

  // The charts draw, and the daily table says what the figures say.
  await expect(page.getByTestId("daily-chart").locator("svg").first()).toBeVisible();
  await expect(page.getByTestId("checkout-funnel-chart").locator("svg").first()).toBeVisible();
  const figure = async (label: string) =>
    (await page.locator("dl > div").filter({ has: page.locator("dt", { hasText: new RegExp(`^${label}$`) }) }).locator("dd").first().textContent())!.trim();
  await page.getByText("The numbers of this chart").click();
  const today = page.getByTestId("daily-table").getByRole("row").nth(1).getByRole("cell");
  await expect(today.nth(1)).toHaveText(await figure("Unique visitors"));
  await expect(today.nth(2)).toHaveText(await figure("Page views"));
  const funnel = page.getByTestId("checkout-funnel-table").getByRole("row").nth(1).getByRole("cell");
  await expect(funnel.nth(1)).toHaveText(await figure("Unique visitors"));
  await page.screenshot({ path: "test-results/admin-analytics.png", fullPage: true });
});

test("axe finds no serious accessibility problem on /admin/analytics with its charts drawn, at 1280 and 390 px", async ({ page, browser }) => {
  // Two widths, each a full page with its charts and an axe run: more than one page's time.
  test.slow();
  // A visit with a long campaign: the breakdown tables are wider than a phone and scroll there.
  const campaign = `axe-${Date.now().toString(36)}-spring-bootcamp-announcement`;
  const visitor = await browser.newPage();
  const sent = beaconsOf(visitor);
  await gotoHydrated(visitor, `/?utm_source=axe-newsletter&utm_medium=email&utm_campaign=${campaign}`);
  await expect.poll(() => sent.length).toBe(1);
  await visitor.close();

  await login(page, ADMIN);
  // The view is written with the next batch, a second or so later: the page is read until it shows it.
  const row = page.getByTestId("campaigns-table").getByRole("row").filter({ hasText: campaign });
  await expect
    .poll(
      async () => {
        await gotoHydrated(page, "/admin/analytics?range=today");
        return row.count();
      },
      { timeout: 20_000 },
    )
    .toBe(1);
  const found: Record<number, string[]> = {};
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await gotoHydrated(page, "/admin/analytics?range=today");
    // The charts' chunk (Recharts, about 110 KB gzipped) loads after hydration.
    for (const chart of ["daily-chart", "booking-funnel-chart", "checkout-funnel-chart"]) {
      await expect(page.getByTestId(chart).locator("svg").first()).toBeVisible({ timeout: 15_000 });
    }
    const violations = await axeProblems(page);
    found[width] = violations;
    await page.screenshot({ path: `test-results/admin-analytics-${width}.png`, fullPage: true });
  }
  expect(found).toEqual({ 1280: [], 390: [] });
});
