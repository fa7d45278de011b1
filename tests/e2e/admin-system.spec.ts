// The owner's system page (/admin/system): reached from the admin shell, it lists what needs
// attention first (on a new site: no backup yet, with what to do) and then the facts: database,
// e-mail outbox, background tasks, backups, disk. Looked at at 1280 and 390 px, axe clean.
import { ADMIN, axeProblems, expect, gotoHydrated, login, test } from "./fixtures";

test("the admin opens System from the shell and reads the site's health, at desktop and phone widths", async ({ page }) => {
  // Two widths, each read by axe: more than one page's worth of work on a busy machine.
  test.slow();
  await login(page, ADMIN);
  await gotoHydrated(page, "/admin");
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "System" }).click();
  await expect(page).toHaveURL(/\/admin\/system$/);
  await expect(page.getByRole("heading", { level: 1, name: "System" })).toBeVisible();

  const attention = page.getByRole("region", { name: /need(s)? attention|Everything looks fine/ });
  await expect(attention).toBeVisible();
  for (const section of ["Site", "Database", "E-mail outbox", "Background tasks", "Backups", "Disk"]) {
    await expect(page.getByRole("heading", { level: 2, name: section, exact: true })).toBeVisible();
  }
  await expect(page.getByRole("definition").filter({ hasText: "PGlite (in the data directory)" })).toBeVisible();
  await expect(page.getByRole("term").filter({ hasText: "Free" })).toBeVisible();
  await expect(page.getByRole("definition").filter({ hasText: / of \d/ })).toBeVisible();
  expect(await axeProblems(page)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath("admin-system-1280.png"), fullPage: true });

  await page.getByRole("button", { name: "Refresh" }).click();
  await expect(page.getByRole("button", { name: "Refresh" })).toBeEnabled();

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole("heading", { level: 2, name: "Backups", exact: true })).toBeVisible();
  // Nothing wider than the phone's screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await axeProblems(page)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath("admin-system-390.png"), fullPage: true });
});

test("/admin shows the last backup's time and size, at desktop and phone widths", async ({ page }) => {
  test.slow();
  await login(page, ADMIN);
  const backups = page.getByRole("region", { name: "Backups" });
  // The server takes its first daily backup soon after it starts; the line shows it once recorded.
  await expect
    .poll(
      async () => {
        await gotoHydrated(page, "/admin");
        return backups.textContent();
      },
      { timeout: 30_000 },
    )
    .toMatch(/Last backup: [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M CT, \d+(\.\d)? (bytes|KB|MB|GB)\.$/);
  await expect(backups).not.toContainText("more than two days old");
  expect(await axeProblems(page)).toEqual([]);
  await backups.screenshot({ path: test.info().outputPath("admin-backup-1280.png") });

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(backups.getByText("Last backup:")).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await axeProblems(page)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath("admin-390.png"), fullPage: true });
});
