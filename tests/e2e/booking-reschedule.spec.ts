// Rescheduling as a visitor does it, end to end: book, open the reschedule link from the
// confirmation e-mail (the mail file the server wrote), pick a new date and time, see the
// confirmation; the new e-mail's .ics moves the event (same UID, higher SEQUENCE) and the old link
// says it has expired. At 1280 and 390 px, axe clean; and the same move with JavaScript off.
import type { Page } from "@playwright/test";
import { chooseDate, fillDetails, icsField, monthDayYear, weekdayAhead } from "./booking-helpers";
import { axeProblems, expect, gotoHydrated, linkIn, test, uniqueEmail, waitForMail } from "./fixtures";

/** Books `date` at `time` through /booking and answers the confirmation e-mail. */
async function book(page: Page, date: string, time: string, email: string, duration = "60") {
  await gotoHydrated(page, "/booking");
  await expect(page.locator("form#booking")).toHaveAttribute("data-checks", "ready");
  await chooseDate(page, date);
  await fillDetails(page, email);
  await page.getByLabel("Session Duration").selectOption(duration);
  await page.getByLabel("Preferred Time").selectOption(time);
  await page.getByRole("button", { name: "Schedule Assessment" }).click();
  await expect(page).toHaveURL(/\/booking\/confirmation$/);
  return waitForMail({ to: email, kind: "booking_confirmation" });
}

for (const width of [1280, 390]) {
  test(`reschedules from the e-mail's link at ${width} px: the new time, the moved .ics, the old link expired`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    const email = uniqueEmail(`reschedule-${width}`);
    // Times no other spec books, so the dates may coincide with theirs.
    const [time, newTime, newLabel] = width === 1280 ? ["11:00", "14:00", "2:00 PM"] : ["12:00", "15:00", "3:00 PM"];
    const date = weekdayAhead(33);
    const newDate = weekdayAhead(36);
    const confirmation = await book(page, date, time, email);
    // The confirmation page offers it too.
    await expect(page.getByRole("link", { name: "Reschedule" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Cancel", exact: true })).toBeVisible();

    const link = linkIn(confirmation, "/booking/reschedule/");
    await gotoHydrated(page, link);
    await expect(page.getByRole("heading", { name: "Reschedule Your Assessment" })).toBeVisible();
    await expect(page.getByRole("main")).toContainText(monthDayYear(date));
    expect(await axeProblems(page)).toEqual([]);
    await page.screenshot({ path: `test-results/booking-reschedule-${width}.png`, fullPage: true });

    await chooseDate(page, newDate);
    await page.getByLabel("Preferred Time").selectOption(newTime);
    await page.getByRole("button", { name: "Reschedule Session" }).click();

    await expect(page.getByRole("heading", { name: "Session Rescheduled" })).toBeVisible();
    await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Session rescheduled" })).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "Your session is now on" })).toContainText(newLabel);
    expect(await axeProblems(page)).toEqual([]);
    await page.screenshot({ path: `test-results/booking-rescheduled-${width}.png`, fullPage: true });

    const moved = await waitForMail({ to: email, kind: "booking_rescheduled" });
    expect(icsField(moved, "UID")).toBe(icsField(confirmation, "UID"));
    expect(icsField(confirmation, "SEQUENCE")).toBe("0");
    expect(icsField(moved, "SEQUENCE")).toBe("1");
    expect(icsField(moved, "METHOD")).toBe("REQUEST");
    expect(icsField(moved, "DTSTART")).toMatch(new RegExp(`^${newDate.replace(/-/g, "")}T\\d{6}Z$`));

    // The first link has done its work.
    await gotoHydrated(page, link);
    await expect(page.getByRole("heading", { name: "This Link Has Expired" })).toBeVisible();
    await expect(page.getByRole("main")).toContainText("use the link in the newest e-mail from us");
    expect(await axeProblems(page)).toEqual([]);

    // The old slot is free again for everyone.
    await gotoHydrated(page, "/booking");
    await expect(page.locator("form#booking")).toHaveAttribute("data-checks", "ready");
    await chooseDate(page, date);
    await expect(page.getByLabel("Preferred Time").locator(`option[value='${time}']`)).toBeEnabled();
  });
}

test("offers the time an hour later to a 90-minute session, which overlaps only its own, and moves it there", async ({ page }) => {
  const email = uniqueEmail("reschedule-overlap");
  const date = weekdayAhead(39);
  const confirmation = await book(page, date, "09:00", email, "90");
  await gotoHydrated(page, linkIn(confirmation, "/booking/reschedule/"));
  // The day's answer has arrived and is shown (the list offers every time before it does).
  const answered = page.waitForResponse((response) => response.url().includes(`date=${date}`) && response.ok());
  await chooseDate(page, date);
  await answered;
  await expect(page.getByText("Times shown in Central Time, for your 90 minutes session")).toBeVisible();
  const time = page.getByLabel("Preferred Time");
  await expect(time.locator("option[value='10:00']")).toBeEnabled();
  await time.selectOption("10:00");
  await page.getByRole("button", { name: "Reschedule Session" }).click();
  await expect(page.getByRole("heading", { name: "Session Rescheduled" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Your session is now on" })).toContainText("10:00 AM – 11:30 AM");
});

test("reschedules with JavaScript turned off: 'Show times', then the move", async ({ browser, baseURL }) => {
  const email = uniqueEmail("reschedule-no-js");
  const date = weekdayAhead(33);
  const newDate = weekdayAhead(36);
  const scripted = await browser.newPage({ baseURL });
  const confirmation = await book(scripted, date, "13:00", email);
  await scripted.close();

  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await context.newPage();
  await page.goto(linkIn(confirmation, "/booking/reschedule/"));
  await page.getByRole("textbox", { name: "Preferred Date" }).fill(newDate);
  await page.getByRole("button", { name: "Show times" }).click();
  await expect(page.getByRole("textbox", { name: "Preferred Date" })).toHaveValue(newDate);
  await page.getByLabel("Preferred Time").selectOption("16:00");
  await page.getByRole("button", { name: "Reschedule Session" }).click();
  await expect(page.getByRole("heading", { name: "Session Rescheduled" })).toBeVisible();
  await expect(page.getByRole("main")).toContainText(monthDayYear(newDate));
  await context.close();
});
