// The owner's calendars on /admin/bookings, at 1280 and 390 px: a busy-time calendar added (served
// by this test from 127.0.0.1, which the e2e server may fetch: CALENDAR_ALLOW_PRIVATE) is fetched at
// once (the wait shown, the page usable meanwhile) and listed with its busy times; a failing one says
// it was never fetched, with its error; removed after a question. The feed address is copied to the
// clipboard and answers the feed; a new secret, after a question, makes the old address 404. axe
// finds no serious problem.
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import type { Page } from "@playwright/test";
import { ADMIN, axeProblems, expect, gotoHydrated, login, test } from "./fixtures";

const FIXTURE = fs.readFileSync(path.join(import.meta.dirname, "../fixtures/calendar/weekly.ics"));
let server: http.Server;
let calendarBase = "";

// /held.ics answers only once the test lets it (release): the add's wait, seen while it lasts.
let release = () => {};
let held = new Promise<void>((resolve) => (release = resolve));

test.beforeAll(async () => {
  server = http.createServer((request, response) => {
    if (request.url?.startsWith("/broken.ics")) return void response.writeHead(500).end();
    const answer = () => response.writeHead(200, { "content-type": "text/calendar" }).end(FIXTURE);
    if (request.url?.startsWith("/held.ics")) return void held.then(answer);
    answer();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  calendarBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
test.afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

function toast(page: Page, text: string) {
  return page.locator("[data-sonner-toast]").filter({ hasText: text });
}

// Adding a calendar fetches it before the answer: on a loaded host that takes a while.
const ANSWER = { timeout: 30_000 };

const calendars = (page: Page) => page.locator("#calendars");

for (const width of [1280, 390]) {
  test(`the owner adds and removes a busy-time calendar at ${width} px`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width, height: 900 });
    await login(page, ADMIN);
    await gotoHydrated(page, "/admin/bookings");
    const section = calendars(page);
    await expect(section.getByRole("heading", { name: "Calendars", level: 2 })).toBeVisible();

    // Not a web address: the form says so and adds nothing.
    await section.getByLabel("Calendar address (iCal)").fill("calendar.google.com/basic.ics");
    await section.getByRole("button", { name: "Add calendar" }).click();
    await expect(section.getByText("Enter the full address, starting with https:// or webcal://.")).toBeVisible(ANSWER);

    // While the first fetch waits, the button says so, the wait is bounded in words, and the rest of
    // the page still works (the feed address is copied meanwhile).
    held = new Promise<void>((resolve) => (release = resolve));
    const address = `${calendarBase}/held.ics?w=${width}`;
    await section.getByLabel("Calendar address (iCal)").fill(address);
    await section.getByRole("button", { name: "Add calendar" }).click();
    await expect(section.getByRole("button", { name: "Adding and fetching..." })).toBeDisabled(ANSWER);
    await expect(section.getByText("Fetching it once to check the address (at most 8 seconds).")).toBeVisible();
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    await section.getByRole("button", { name: "Copy address" }).click();
    await expect(section.getByRole("button", { name: "Copied" })).toBeVisible();
    release();
    await expect(toast(page, "Calendar added").first()).toBeVisible(ANSWER);
    const item = section.getByRole("listitem").filter({ hasText: address });
    await expect(item).toContainText(/Fetched .*: \d+ busy times ahead/, ANSWER);
    await expect(section.getByRole("button", { name: "Add calendar" })).toBeEnabled();

    // A calendar whose server fails: added, with the error shown.
    const broken = `${calendarBase}/broken.ics?w=${width}`;
    await section.getByLabel("Calendar address (iCal)").fill(broken);
    await section.getByRole("button", { name: "Add calendar" }).click();
    await expect(toast(page, "Calendar added, but not fetched")).toBeVisible(ANSWER);
    const brokenItem = section.getByRole("listitem").filter({ hasText: broken });
    await expect(brokenItem).toContainText("Never fetched: its busy times do not take slots off the booking page yet.", ANSWER);
    await expect(brokenItem.getByRole("status")).toContainText(/^Fetch failed \(.* CT\): The calendar's server answered 500\. It is tried again every 15 minutes\.$/);

    expect(await axeProblems(page)).toEqual([]);
    await page.screenshot({ path: `test-results/admin-calendars-${width}.png`, fullPage: false });

    for (const [itemLocator, url] of [
      [item, address],
      [brokenItem, broken],
    ] as const) {
      await itemLocator.getByRole("link", { name: `Remove calendar ${url}` }).click();
      await expect(itemLocator.getByText("Remove this calendar?")).toBeVisible(ANSWER);
      await itemLocator.getByRole("button", { name: "Remove calendar" }).click();
      await expect(toast(page, "Calendar removed").first()).toBeVisible(ANSWER);
      await expect(section.getByRole("listitem").filter({ hasText: url })).toHaveCount(0, ANSWER);
    }
  });

  test(`the owner copies the feed address and makes a new one at ${width} px`, async ({ page, context, request }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    test.setTimeout(180_000);
    await page.setViewportSize({ width, height: 900 });
    await login(page, ADMIN);
    await gotoHydrated(page, "/admin/bookings");
    const section = calendars(page);
    const field = section.getByLabel("Feed address");
    const oldAddress = await field.inputValue();
    expect(oldAddress).toMatch(/\/calendar\/[A-Za-z0-9_-]{32}\.ics$/);

    await section.getByRole("button", { name: "Copy address" }).click();
    await expect(section.getByRole("button", { name: "Copied" })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(oldAddress);
    const feed = await request.get(oldAddress);
    expect(feed.status()).toBe(200);
    expect(feed.headers()["cache-control"]).toBe("private, no-store");
    expect(await feed.text()).toContain("BEGIN:VCALENDAR");

    await section.getByRole("link", { name: "New secret address" }).click();
    await expect(section.getByText("Make a new address?")).toBeVisible(ANSWER);
    expect(await axeProblems(page)).toEqual([]);
    await section.getByRole("button", { name: "Make a new address" }).click();
    await expect(toast(page, "New feed address")).toBeVisible(ANSWER);
    await expect(field).not.toHaveValue(oldAddress, ANSWER);
    const newAddress = await field.inputValue();
    expect((await request.get(oldAddress)).status()).toBe(404);
    expect((await request.get(newAddress)).status()).toBe(200);
  });
}
