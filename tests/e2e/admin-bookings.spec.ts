// The owner's side of bookings (/admin/bookings): bookings made through the public /booking form,
// then confirmed (status and e-mail), cancelled after a question (the slot is free again), a day
// blocked (its slots refuse bookings until the block is deleted), the CSV export, and the filters
// without JavaScript.
import fs from "node:fs";
import type { APIRequestContext, Page } from "@playwright/test";
import { ADMIN, expect, gotoHydrated, login, test, uniqueEmail, waitForMail } from "./fixtures";

const ORIGIN = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100)}`;

/** The Central Time date `days` from today, YYYY-MM-DD. */
function centralDateIn(days: number) {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "America/Chicago" }).format(new Date(Date.now() + days * 86_400_000));
}

type Visitor = { firstName: string; lastName: string; email: string };

function visitor(lastName: string): Visitor {
  return { firstName: "Grace", lastName: `${lastName}-${Math.random().toString(36).slice(2, 7)}`, email: uniqueEmail("booker") };
}

/**
 * Books through the public form, as a browser without scripts would post it, from a client of its
 * own (the visitor's 'Booking confirmed!' toast cookie stays out of the admin's browser).
 */
async function book(request: APIRequestContext, who: Visitor, sessionDate: string, sessionTime: string) {
  return request.post("/booking", {
    form: {
      ...who,
      phone: "316-555-0100",
      sessionDate,
      sessionTime,
      sessionDuration: "60",
      projectType: "Quality Control Systems",
      projectDescription: "First-article inspection takes two days per part family.",
      experienceLevel: "intermediate",
    },
    headers: { origin: ORIGIN },
    maxRedirects: 0,
  });
}

async function bookOrFail(request: APIRequestContext, who: Visitor, sessionDate: string, sessionTime: string) {
  const response = await book(request, who, sessionDate, sessionTime);
  expect(response.status(), `booking ${sessionDate} ${sessionTime}`).toBe(302);
  expect(response.headers().location).toBe("/booking/confirmation");
}

function toast(page: Page, text: string) {
  return page.locator("[data-sonner-toast]").filter({ hasText: text });
}

test("the admin confirms a booking: the status changes and the visitor gets the e-mail", async ({ page, request }) => {
  const who = visitor("Confirm");
  await bookOrFail(request, who, centralDateIn(7), "10:00");
  await login(page, ADMIN);

  await gotoHydrated(page, "/admin");
  await expect(page.getByRole("term").filter({ hasText: "Upcoming Bookings" })).toBeVisible();
  await page.getByRole("link", { name: "Manage Bookings" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Bookings" })).toBeVisible();

  const row = page.locator("table").getByRole("row").filter({ hasText: who.email });
  await expect(row).toContainText("Pending");
  await expect(row).toContainText("10:00 AM – 11:00 AM CT");
  await row.getByRole("link", { name: `${who.firstName} ${who.lastName}` }).click();

  await expect(page).toHaveURL(/\/admin\/bookings\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${who.firstName} ${who.lastName}`);
  await expect(page.getByText("Medium manufacturing facility")).toBeVisible();
  // Inside the Bookings area: the shell marks the area as the current location (not the page).
  await expect(page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Bookings" })).toHaveAttribute("aria-current", "location");
  await page.getByRole("button", { name: "Confirm booking" }).click();
  await expect(toast(page, "Booking confirmed")).toContainText(who.email);
  const status = page.getByRole("region", { name: "Session" });
  await expect(status.getByText("Confirmed", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Confirm booking" })).toHaveCount(0);

  const mail = await waitForMail({ to: who.email, kind: "booking_confirmed" });
  expect(mail.subject).toMatch(/^Your assessment is confirmed: .* at 10:00 AM CT$/);
  expect(mail.text).toContain("your assessment is confirmed");

  await page.goto("/admin/emails");
  const outboxRow = page.locator("table").getByRole("row").filter({ hasText: who.email }).filter({ hasText: "Booking confirmed" });
  await expect(outboxRow).toContainText("Sent");
});

test("cancelling asks first, then frees the slot for another visitor", async ({ page, request }) => {
  const date = centralDateIn(8);
  const first = visitor("Cancel");
  await bookOrFail(request, first, date, "11:00");
  // The slot is taken.
  expect((await book(request, visitor("Second"), date, "11:00")).status()).toBe(409);

  await login(page, ADMIN);
  await gotoHydrated(page, "/admin/bookings");
  await page.locator("table").getByRole("link", { name: `${first.firstName} ${first.lastName}` }).click();
  await page.getByRole("link", { name: "Cancel booking…" }).click();
  const question = page.getByRole("group", { name: /Cancel .*session on/ });
  await expect(question).toBeFocused();
  await question.getByRole("link", { name: "Keep booking" }).click();
  await expect(question).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Session" }).getByText("Pending", { exact: true })).toBeVisible();

  await page.getByRole("link", { name: "Cancel booking…" }).click();
  await page.getByRole("button", { name: "Yes, cancel booking" }).click();
  await expect(toast(page, "Booking cancelled")).toBeVisible();
  await expect(page.getByRole("region", { name: "Session" }).getByText("Cancelled", { exact: true })).toBeVisible();
  await expect(page.getByRole("region", { name: "Record" })).toContainText("Cancelled at");
  await expect(page.getByText("A cancelled booking stays cancelled")).toBeVisible();

  await bookOrFail(request, visitor("Second"), date, "11:00");
});

test("a blocked day refuses bookings until the block is deleted", async ({ page, request }) => {
  const date = centralDateIn(9);
  await login(page, ADMIN);
  await gotoHydrated(page, "/admin/bookings");

  const blocks = page.getByRole("region", { name: "Blocked times" });
  await blocks.getByLabel("Date", { exact: true }).fill(date);
  await blocks.getByRole("checkbox", { name: "Whole day" }).check();
  await expect(blocks.getByLabel("From (CT)")).toBeDisabled();
  await blocks.getByLabel("Note (optional)").fill("Audit at the Textron plant");
  await blocks.getByRole("button", { name: "Block time" }).click();
  await expect(toast(page, "Time blocked")).toBeVisible();
  const block = blocks.getByRole("listitem").filter({ hasText: "Audit at the Textron plant" });
  await expect(block).toContainText("Whole day");

  expect((await book(request, visitor("Blocked"), date, "09:00")).status()).toBe(409);
  expect((await book(request, visitor("Blocked"), date, "17:00")).status()).toBe(409);

  await block.getByRole("link", { name: /^Delete block/ }).click();
  await expect(page).toHaveURL(/deleteBlock=/);
  await block.getByRole("button", { name: "Delete block" }).click();
  await expect(toast(page, "Block deleted")).toBeVisible();
  await expect(blocks.getByText("Audit at the Textron plant")).toHaveCount(0);
  await expect(page).not.toHaveURL(/deleteBlock=/);

  await bookOrFail(request, visitor("Unblocked"), date, "09:00");
});

test("the CSV export holds the filtered list", async ({ page, request }) => {
  const date = centralDateIn(10);
  const who = visitor("Csv");
  const other = visitor("Other");
  await bookOrFail(request, who, date, "13:00");
  await bookOrFail(request, other, centralDateIn(11), "13:00");
  await login(page, ADMIN);

  await gotoHydrated(page, `/admin/bookings?from=${date}&to=${date}`);
  await expect(page.locator("table").getByRole("row").filter({ hasText: who.email })).toBeVisible();
  await expect(page.getByText(other.email)).toHaveCount(0);

  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Export CSV" }).click()]);
  expect(download.suggestedFilename()).toBe(`bookings-from-${date}-to-${date}.csv`);
  const csv = fs.readFileSync((await download.path())!, "utf8").replace(/^\uFEFF/, "");
  const lines = csv.trimEnd().split("\r\n");
  expect(lines[0]).toMatch(/^"Booking ID","Status","Session date \(CT\)","Session time \(CT\)"/);
  const line = lines.find((l) => l.includes(who.email));
  expect(line).toContain(`"Pending","${date}","13:00","60","Grace","${who.lastName}","${who.email}","316-555-0100","Quality Control Systems"`);
  expect(csv).not.toContain(other.email);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the filters are links and a GET form", async ({ page, request }) => {
    const date = centralDateIn(12);
    const who = visitor("NoJs");
    await bookOrFail(request, who, date, "15:00");
    await login(page, ADMIN);

    await page.goto("/admin/bookings");
    await page.getByLabel("From", { exact: true }).fill(date);
    await page.getByLabel("To", { exact: true }).fill(date);
    await page.getByRole("button", { name: "Apply dates" }).click();
    await expect(page).toHaveURL(new RegExp(`from=${date}&to=${date}`));
    await expect(page.locator("table").getByRole("row").filter({ hasText: who.email })).toBeVisible();

    await page.getByRole("navigation", { name: "Filter by status" }).getByRole("link", { name: /^Completed/ }).click();
    await expect(page).toHaveURL(new RegExp(`status=completed&from=${date}&to=${date}`));
    await expect(page.getByText("No bookings match these filters.")).toBeVisible();
  });
});
