// The assessment booking, end to end, with and without JavaScript: the form, its messages, the
// confirmation page and localStorage.lastBooking, the e-mail with its .ics in the outbox, and the
// cancel link freeing the slot. The server runs on the real clock, so each test books its own
// weekday well past the 3-hour lead time.
import type { Page, Route } from "@playwright/test";
import { calendarOf, chooseDate, fillDetails, monthDayYear, weekdayAhead } from "./booking-helpers";
import { axeProblems, expect, gotoHydrated, linkIn, test, uniqueEmail, waitForMail } from "./fixtures";

const timeSelect = (page: Page) => page.getByLabel("Preferred Time");

/**
 * Opens /booking and waits until its form works: the form's code loads after the page starts
 * (React.lazy, decision 037) and its checks after that; the form says so with `data-checks`.
 */
async function gotoBookingForm(page: Page) {
  await gotoHydrated(page, "/booking");
  await expect(page.locator("form#booking")).toHaveAttribute("data-checks", "ready");
}

test("books a session, keeps it in localStorage, e-mails it with an .ics, and the cancel link frees the slot", async ({ page }) => {
  const date = weekdayAhead(16);
  const email = uniqueEmail("booker");
  await gotoBookingForm(page);
  await expect(page.getByText("Times shown in Central Time")).toBeVisible();
  await chooseDate(page, date);
  await fillDetails(page, email);
  await timeSelect(page).selectOption("10:00");
  await page.getByLabel("Session Duration").selectOption("90");
  // The booking request is held until the busy button has been seen.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname === "/booking.data",
    async (route) => {
      if (route.request().method() === "POST") await held;
      await route.continue();
    },
  );
  await page.getByRole("button", { name: "Schedule Assessment" }).click();
  await expect(page.getByRole("button", { name: "Submitting..." })).toBeDisabled();
  release();

  await expect(page).toHaveURL(/\/booking\/confirmation$/);
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Booking confirmed!" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Booking Details" })).toBeVisible();
  const stored = JSON.parse((await page.evaluate(() => localStorage.getItem("lastBooking"))) ?? "null");
  expect(stored).toMatchObject({
    firstName: "Ada",
    lastName: "Lovelace",
    email,
    phone: "316-555-0100",
    sessionTime: "10:00",
    sessionDuration: "90",
    projectType: "Quality Control Systems",
    experienceLevel: "intermediate",
  });
  expect(stored.bookingId).toMatch(/^booking_\d{13}$/);
  expect(new Date(stored.sessionDate).toISOString()).toBe(stored.sessionDate);
  for (const text of [stored.bookingId, "Ada Lovelace", email, monthDayYear(date), "10:00 AM CT", "90 minutes", "Quality Control Systems"]) {
    await expect(page.getByRole("main")).toContainText(text);
  }

  // Later, without the hand-over cookie, the page shows the booking saved in localStorage.
  await page.context().clearCookies();
  await gotoHydrated(page, "/booking/confirmation");
  await expect(page.getByRole("main")).toContainText(stored.bookingId);

  const mail = await waitForMail({ to: email, kind: "booking_confirmation" });
  expect(mail.text).toContain(stored.bookingId);
  const ics = calendarOf(mail);
  expect(ics).toContain("BEGIN:VEVENT");
  expect(ics).toMatch(new RegExp(`DTSTART:${date.replace(/-/g, "")}T1[56]0000Z`));

  // The slot is taken for everyone now.
  await gotoBookingForm(page);
  await chooseDate(page, date);
  await expect(timeSelect(page).locator("option[value='10:00']")).toHaveText("10:00 AM CT (Unavailable)");
  await expect(timeSelect(page).locator("option[value='10:00']")).toBeDisabled();

  await gotoHydrated(page, linkIn(mail, "/booking/cancel/"));
  await expect(page.getByRole("heading", { name: "Cancel Your Assessment" })).toBeVisible();
  await expect(page.getByRole("main")).toContainText(stored.bookingId);
  // It offers the move instead: the same link as the e-mail's 'Reschedule'.
  await expect(page.getByRole("link", { name: "reschedule it" })).toHaveAttribute(
    "href",
    new URL(linkIn(mail, "/booking/reschedule/")).pathname,
  );
  await page.getByRole("button", { name: "Cancel Session" }).click();
  await expect(page.getByRole("heading", { name: "Booking Cancelled" })).toBeVisible();
  await expect(page.getByText(/^This booking was cancelled on \w+ \d+, \d{4}\. Its time is free for someone else\.$/)).toBeVisible();
  await waitForMail({ to: "owner@example.com", kind: "booking_cancelled" });

  await gotoBookingForm(page);
  await chooseDate(page, date);
  await expect(timeSelect(page).locator("option[value='10:00']")).toHaveText("10:00 AM CT");
  await expect(timeSelect(page).locator("option[value='10:00']")).toBeEnabled();
});

test("books the same way with JavaScript turned off", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await context.newPage();
  const date = weekdayAhead(18);
  const email = uniqueEmail("no-js");

  await page.goto("/booking");
  await page.getByRole("button", { name: "Schedule Assessment" }).click();
  await expect(page.getByText("First name must be at least 2 characters")).toBeVisible();
  for (const message of [
    "Please enter a valid email address",
    "Please enter a valid phone number",
    "Please select a preferred date",
    "Please select a preferred time",
    "Please select a project type",
    "Please provide more details about your project",
  ]) {
    await expect(page.getByText(message)).toBeVisible();
  }

  // The plain date field stands in for the calendar; what was typed survives the server's answer.
  await fillDetails(page, email);
  await page.getByLabel("First Name").fill("A");
  await page.getByRole("textbox", { name: "Preferred Date" }).fill(date);
  await timeSelect(page).selectOption("14:00");
  await page.getByRole("button", { name: "Schedule Assessment" }).click();
  await expect(page.getByText("First name must be at least 2 characters")).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveValue(email);
  await expect(page.getByRole("textbox", { name: "Preferred Date" })).toHaveValue(date);
  await expect(timeSelect(page)).toHaveValue("14:00");

  await page.getByLabel("First Name").fill("Ada");
  await page.getByRole("button", { name: "Schedule Assessment" }).click();
  await expect(page).toHaveURL(/\/booking\/confirmation$/);
  await expect(page.getByRole("heading", { name: "Booking Confirmed!" })).toBeVisible();
  for (const text of ["Ada Lovelace", email, monthDayYear(date), "2:00 PM CT", "60 minutes", "Quality Control Systems"]) {
    await expect(page.getByRole("main")).toContainText(text);
  }
  await waitForMail({ to: email, kind: "booking_confirmation" });

  // Someone else asking for the same slot is told on the time field, and sees it taken.
  await page.goto("/booking");
  await fillDetails(page, uniqueEmail("second"));
  await page.getByRole("textbox", { name: "Preferred Date" }).fill(date);
  await timeSelect(page).selectOption("14:00");
  await page.getByRole("button", { name: "Schedule Assessment" }).click();
  await expect(page.getByText("This time is no longer available. Please choose another time.")).toBeVisible();
  await expect(timeSelect(page).locator("option[value='14:00']")).toHaveText("2:00 PM CT (Unavailable)");
  await context.close();
});

test("the page starts before the form's code arrives: what is typed meanwhile is kept, and the form then checks it in the browser", async ({ page }) => {
  const problems: string[] = [];
  page.on("console", (message) => message.type() === "error" && problems.push(message.text()));
  page.on("pageerror", (error) => problems.push(error.message));
  const posts: string[] = [];
  page.on("request", (request) => request.method() === "POST" && new URL(request.url()).pathname.startsWith("/booking") && posts.push(request.url()));
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/booking-form-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });

  await gotoHydrated(page, "/booking");
  await page.getByLabel("First Name").fill("A");
  await expect(page.locator("form#booking")).not.toHaveAttribute("data-checks");
  release();
  await expect(page.locator("form#booking")).toHaveAttribute("data-checks", "ready");
  await expect(page.getByLabel("First Name")).toHaveValue("A");
  await page.getByRole("button", { name: "Schedule Assessment" }).click();
  await expect(page.getByText("First name must be at least 2 characters")).toBeVisible();
  await expect(page.getByText("Please select a preferred date")).toBeVisible();
  expect(posts).toEqual([]);
  expect(problems).toEqual([]);
});

test("a visitor who comes from another page of the site gets the whole form at once", async ({ page }) => {
  await gotoHydrated(page, "/");
  // The route's clientLoader waits for the form's code: its "Loading" fallback never shows.
  await page.evaluate(() => {
    const seen = window as unknown as { sawFallback?: boolean };
    new MutationObserver(() => {
      if (document.body.textContent?.includes("Loading the booking form")) seen.sawFallback = true;
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  });
  await page.getByRole("link", { name: "Schedule Assessment" }).first().click();
  await expect(page).toHaveURL(/\/booking$/);
  await expect(page.locator("form#booking")).toHaveAttribute("data-checks", "ready");
  await chooseDate(page, weekdayAhead(30));
  await expect(timeSelect(page).locator("option[value='10:00']")).toHaveText(/^10:00 AM CT/);
  expect(await page.evaluate(() => (window as unknown as { sawFallback?: boolean }).sawFallback ?? false)).toBe(false);
});

test("the calendar and the time select work from the keyboard", async ({ page }) => {
  await gotoBookingForm(page);
  const focusable = page.locator("td[data-day] button[tabindex='0']");
  await focusable.focus();
  const start = await focusable.locator("xpath=..").getAttribute("data-day");
  await page.keyboard.press("ArrowDown"); // a week later: never in the past
  await page.keyboard.press("Enter");
  const [year, month, day] = start!.split("-").map(Number) as [number, number, number];
  const weekLater = new Date(Date.UTC(year, month - 1, day + 7)).toISOString().slice(0, 10);
  await expect(page.getByText(/^Selected: /)).toContainText(monthDayYear(weekLater));

  await timeSelect(page).focus();
  await page.keyboard.press("ArrowDown");
  await expect(timeSelect(page)).not.toHaveValue("");
});

test("the confirmation page without a saved booking says 'Loading...' and goes to /booking", async ({ page }) => {
  const html = await (await page.request.get("/booking/confirmation")).text();
  expect(html).toContain("Loading...");
  await page.goto("/booking/confirmation");
  await expect(page).toHaveURL(/\/booking$/);
  await expect(page.getByRole("heading", { name: "Book a Free Manufacturing Assessment" })).toBeVisible();
});

test("an unknown cancel link says so with a 404", async ({ page }) => {
  const response = await page.goto("/booking/cancel/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Booking Not Found" })).toBeVisible();
});

test("a booking request lost in transit or answered 502 says 'Booking failed' and keeps the form as typed", async ({ page }) => {
  const date = weekdayAhead(20);
  const email = uniqueEmail("transit");
  const failures: Array<(route: Route) => Promise<void>> = [
    (route) => route.abort("connectionreset"),
    (route) => route.fulfill({ status: 502, contentType: "text/html", body: "<html><body>502 Bad Gateway</body></html>" }),
  ];
  for (const failure of failures) {
    await gotoBookingForm(page);
    await chooseDate(page, date);
    await fillDetails(page, email);
    await timeSelect(page).selectOption("11:00");
    await page.route("**/booking.data*", (route) => (route.request().method() === "POST" ? failure(route) : route.fallback()));
    await page.getByRole("button", { name: "Schedule Assessment" }).click();
    await expect(page.getByText("Booking failed")).toBeVisible();
    await expect(page.getByText("Something went wrong. Please try again.")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Book a Free Manufacturing Assessment" })).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveValue(email);
    await expect(page.getByLabel("Project Description")).toHaveValue("Scrap on titanium brackets doubled since the new fixture.");
    await expect(timeSelect(page)).toHaveValue("11:00");
    await expect(page.getByText(/^Selected: /)).toContainText(monthDayYear(date));
    await page.unrouteAll();
  }

  // Once the connection is back, the same form books.
  await page.getByRole("button", { name: "Schedule Assessment" }).click();
  await expect(page).toHaveURL(/\/booking\/confirmation$/);
});

test("a time chosen for one date is cleared when the next date chosen has it taken", async ({ page, browser, baseURL }) => {
  const taken = weekdayAhead(22);
  let free = taken;
  for (let days = 23; free === taken; days++) free = weekdayAhead(days);
  // Someone books 15:00 on `taken` first (without JavaScript, the shortest way).
  const other = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const otherPage = await other.newPage();
  await otherPage.goto("/booking");
  await fillDetails(otherPage, uniqueEmail("first-come"));
  await otherPage.getByRole("textbox", { name: "Preferred Date" }).fill(taken);
  await timeSelect(otherPage).selectOption("15:00");
  await otherPage.getByRole("button", { name: "Schedule Assessment" }).click();
  await expect(otherPage).toHaveURL(/\/booking\/confirmation$/);
  await other.close();

  await gotoBookingForm(page);
  await chooseDate(page, free);
  await expect(timeSelect(page).locator("option[value='15:00']")).toBeEnabled();
  await timeSelect(page).selectOption("15:00");
  await chooseDate(page, taken);
  await expect(timeSelect(page).locator("option[value='15:00']")).toHaveText("3:00 PM CT (Unavailable)");
  await expect(timeSelect(page)).toHaveValue("");
});

test("without JavaScript, 'Show times' shows the new date's times and keeps what was typed", async ({ browser, baseURL }) => {
  const date = weekdayAhead(26);
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await context.newPage();
  await page.goto("/booking");
  await fillDetails(page, uniqueEmail("first-come-nojs"));
  await page.getByRole("textbox", { name: "Preferred Date" }).fill(date);
  await timeSelect(page).selectOption("16:00");
  await page.getByRole("button", { name: "Schedule Assessment" }).click();
  await expect(page).toHaveURL(/\/booking\/confirmation$/);

  const email = uniqueEmail("show-times");
  await page.goto("/booking");
  await fillDetails(page, email);
  await timeSelect(page).selectOption("16:00");
  await page.getByRole("textbox", { name: "Preferred Date" }).fill(date);
  await page.getByRole("button", { name: "Show times" }).click();
  await expect(timeSelect(page).locator("option[value='16:00']")).toHaveText("4:00 PM CT (Unavailable)");
  // The taken time is no longer chosen, nothing is booked, and no message is shown yet.
  await expect(timeSelect(page)).toHaveValue("");
  await expect(page).toHaveURL(/\/booking$/);
  await expect(page.getByText("Please select a preferred time")).toHaveCount(0);
  await expect(page.getByLabel("Email")).toHaveValue(email);
  await expect(page.getByRole("textbox", { name: "Preferred Date" })).toHaveValue(date);
  await context.close();
});

test("axe finds no serious accessibility problem on /booking (the calendar's day names include their numbers)", async ({ page }) => {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await gotoBookingForm(page);
    const violations = await axeProblems(page);
    expect(violations, `at ${width} px`).toEqual([]);
  }
});
