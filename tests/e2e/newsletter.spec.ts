// The newsletter as a visitor meets it on the blog pages: the footer form, the popup 5 s after load
// (its clock is Playwright's, never a sleep), the spec's messages, the welcome e-mail's unsubscribe
// page, and the footer with JavaScript off.
import type { Page } from "@playwright/test";
import { expect, gotoHydrated, linkIn, test, uniqueEmail, waitForHydration, waitForMail } from "./fixtures";

const POPUP_SHOWN_KEY = "halvorsen-newsletter-popup-shown";

function toast(page: Page, text: string) {
  return page.locator("[data-sonner-toast]").filter({ hasText: text });
}

function footer(page: Page) {
  return page.getByRole("region", { name: "Get Manufacturing Intelligence Delivered" });
}

/** Navigates; resolves once the page's script runs the footer's form. */
async function gotoBlogPage(page: Page, path: string) {
  await gotoHydrated(page, path);
  await expect(page.locator("form#newsletter-footer")).toBeAttached();
}

/** The footer tests keep the popup away (as a visitor who closed it before). */
async function popupAlreadyShown(page: Page) {
  await page.addInitScript((key) => localStorage.setItem(key, "true"), POPUP_SHOWN_KEY);
}

test("a visitor subscribes from the footer; a second sign-up gets the spec's duplicate message", async ({ page }) => {
  await popupAlreadyShown(page);
  const email = uniqueEmail("footer");
  await gotoBlogPage(page, "/blog");
  const form = footer(page);

  await form.getByRole("button", { name: "Subscribe" }).click();
  await expect(toast(page, "Email required")).toContainText("Please enter your email address");
  await expect(form.getByText("Please enter your email address")).toBeVisible();
  await form.getByLabel("Email address").fill("not-an-address");
  await form.getByRole("button", { name: "Subscribe" }).click();
  await expect(toast(page, "Invalid email")).toContainText("Please enter a valid email address");

  await form.getByLabel("Email address").fill(`  ${email.toUpperCase()} `);
  await form.getByRole("button", { name: "Subscribe" }).click();
  await expect(toast(page, "Successfully subscribed!")).toContainText("You'll receive our monthly manufacturing intelligence newsletter.");
  await expect(form.getByLabel("Email address")).toHaveValue("");
  const welcome = await waitForMail({ to: email, kind: "newsletter_welcome" });
  expect(linkIn(welcome, "/newsletter/unsubscribe/")).toMatch(/\/newsletter\/unsubscribe\/[0-9a-f]{32}$/);

  await gotoBlogPage(page, "/blog/any-post");
  await footer(page).getByLabel("Email address").fill(email);
  await footer(page).getByRole("button", { name: "Subscribe" }).click();
  await expect(toast(page, "Already subscribed")).toContainText("This email is already subscribed to our newsletter");
  await expect(footer(page).getByText("This email is already subscribed to our newsletter")).toBeVisible();
});

test("what is typed before the page's script has loaded stays, with the caret, and is sent once it has", async ({ page }) => {
  await popupAlreadyShown(page);
  const email = uniqueEmail("early");
  // The page's enhancement module waits: held here until the form has been typed into.
  let releaseScript!: () => void;
  const scriptReleased = new Promise<void>((resolve) => (releaseScript = resolve));
  await page.route(/\/assets\/content-[\w-]+\.js$/, async (route) => {
    await scriptReleased;
    await route.continue();
  });
  await page.goto("/blog", { waitUntil: "commit" });
  const field = footer(page).getByLabel("Email address");
  await field.fill(email);
  releaseScript();
  await waitForHydration(page);
  // The same form all along: nothing replaced the field.
  await expect(field).toHaveValue(email);
  await expect(field).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(toast(page, "Successfully subscribed!")).toBeVisible();
  // Answered in place, not by the plain form's redirect.
  await expect(page).toHaveURL(/\/blog$/);
});

test("the popup opens 5 s after load, subscribes, and never opens again, reload included", async ({ page }) => {
  await page.clock.install();
  await gotoHydrated(page, "/blog");
  const popup = page.getByRole("dialog", { name: "Join the Manufacturing Intelligence Newsletter" });
  await expect(popup).toHaveCount(0);
  await page.clock.fastForward(5_000);
  await expect(popup).toBeVisible();

  const email = uniqueEmail("popup");
  await popup.getByLabel("Email address").fill(email);
  await popup.getByRole("button", { name: "Subscribe" }).click();
  await expect(toast(page, "Successfully subscribed!")).toBeVisible();
  await expect(popup).toHaveCount(0);
  expect(await page.evaluate((key) => localStorage.getItem(key), POPUP_SHOWN_KEY)).not.toBeNull();
  await waitForMail({ to: email, kind: "newsletter_welcome" });

  for (const path of ["/blog", "/blog/another-post"]) {
    await gotoHydrated(page, path);
    await page.clock.fastForward(60_000);
    await page.waitForLoadState("networkidle");
    await expect(popup).toHaveCount(0);
  }
});

test("the popup is due 5 s after the page's navigation started, not 5 s after hydration", async ({ page }) => {
  // The page's clock (Date, timers, performance.now) stands still but for the steps given here. The
  // scripts are held back while 3 s of it pass, as on a slow phone: the popup is still due at 5 s.
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 1_000);
  let releaseScripts!: () => void;
  const scriptsReleased = new Promise<void>((resolve) => (releaseScripts = resolve));
  await page.route("**/assets/**/*.js", async (route) => {
    await scriptsReleased;
    await route.continue();
  });
  await page.goto("/blog", { waitUntil: "commit" });
  await expect(footer(page).getByLabel("Email address")).toBeVisible();
  await page.clock.runFor(3_000);
  releaseScripts();
  await waitForHydration(page);
  const popup = page.getByRole("dialog", { name: "Join the Manufacturing Intelligence Newsletter" });
  await page.clock.runFor(1_900);
  await expect(popup).toHaveCount(0);
  await page.clock.runFor(200);
  await expect(popup).toBeVisible();
});

test("a visitor who subscribed in the footer gets no popup, on that page or the next", async ({ page }) => {
  // The page's clock stands still but for the steps given here: the subscribe comes well before the
  // popup is due, however slow the host.
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 1_000);
  const step = () => page.clock.runFor(100);
  const popupFlag = () => page.evaluate((key) => localStorage.getItem(key), POPUP_SHOWN_KEY);
  const popup = page.getByRole("dialog", { name: "Join the Manufacturing Intelligence Newsletter" });
  await gotoHydrated(page, "/blog");
  const kitForm = page.locator("form#newsletter-footer");
  await expect.poll(async () => (await step(), kitForm.count())).toBe(1);
  await footer(page).getByLabel("Email address").fill(uniqueEmail("footer-no-popup"));
  await footer(page).getByRole("button", { name: "Subscribe" }).click();
  await expect.poll(async () => (await step(), popupFlag())).toBe("true");
  await page.clock.resume();
  await expect(toast(page, "Successfully subscribed!")).toBeVisible();
  await page.clock.fastForward(60_000);
  await page.waitForLoadState("networkidle");
  await expect(popup).toHaveCount(0);

  await page.reload();
  await waitForHydration(page);
  await page.clock.fastForward(60_000);
  await page.waitForLoadState("networkidle");
  await expect(popup).toHaveCount(0);
});

test("a visitor who subscribed with the footer's plain form (before the scripts ran) gets no popup", async ({ page }) => {
  await page.clock.install();
  // The page's scripts held back: the footer is the plain HTML form.
  await page.route("**/assets/**/*.js", (route) => route.abort());
  await page.goto("/blog");
  await footer(page).getByLabel("Email address").fill(uniqueEmail("plain-no-popup"));
  await page.unroute("**/assets/**/*.js");
  await footer(page).getByRole("button", { name: "Subscribe" }).click();
  await expect(page).toHaveURL(/\/blog#newsletter$/);
  await waitForHydration(page);
  await expect(footer(page).getByRole("status")).toContainText("Successfully subscribed!");
  await expect.poll(() => page.evaluate((key) => localStorage.getItem(key), POPUP_SHOWN_KEY)).toBe("true");
  await page.clock.fastForward(60_000);
  await page.waitForLoadState("networkidle");
  await expect(page.getByRole("dialog", { name: "Join the Manufacturing Intelligence Newsletter" })).toHaveCount(0);
});

test("closing the popup keeps it closed on the next blog page", async ({ page }) => {
  await page.clock.install();
  await gotoHydrated(page, "/blog/some-post");
  await page.clock.fastForward(5_000);
  const popup = page.getByRole("dialog", { name: "Join the Manufacturing Intelligence Newsletter" });
  await expect(popup).toBeVisible();
  await popup.getByRole("button", { name: "Close" }).click();
  await expect(popup).toHaveCount(0);

  await page.reload();
  await page.clock.fastForward(60_000);
  await page.waitForLoadState("networkidle");
  await expect(popup).toHaveCount(0);
});

test("the welcome e-mail's link unsubscribes with one button; the page then says so", async ({ page }) => {
  await popupAlreadyShown(page);
  const email = uniqueEmail("leaving");
  await gotoBlogPage(page, "/blog");
  await footer(page).getByLabel("Email address").fill(email);
  await footer(page).getByRole("button", { name: "Subscribe" }).click();
  await expect(toast(page, "Successfully subscribed!")).toBeVisible();
  const link = linkIn(await waitForMail({ to: email, kind: "newsletter_welcome" }), "/newsletter/unsubscribe/");

  await gotoHydrated(page, link);
  await expect(page.getByRole("heading", { level: 1, name: "Unsubscribe" })).toBeVisible();
  await expect(page.getByRole("main")).toContainText(`${email[0]}•••@example.test`);
  await page.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(toast(page, "Unsubscribed")).toContainText("You will not receive the newsletter any more.");
  await expect(page.getByRole("heading", { level: 1, name: "You Are Unsubscribed" })).toBeVisible();

  // Subscribing again works, and is not 'Already subscribed'.
  await gotoBlogPage(page, "/blog");
  await footer(page).getByLabel("Email address").fill(email);
  await footer(page).getByRole("button", { name: "Subscribe" }).click();
  await expect(toast(page, "Successfully subscribed!")).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the footer form posts, comes back to itself and shows every answer", async ({ page }) => {
    const email = uniqueEmail("no-js");
    await page.goto("/blog/a-post");
    await footer(page).getByRole("button", { name: "Subscribe" }).click();
    await expect(page).toHaveURL(/\/blog\/a-post#newsletter$/);
    await expect(footer(page).getByText("Please enter your email address")).toBeVisible();

    await footer(page).getByLabel("Email address").fill(email);
    await footer(page).getByRole("button", { name: "Subscribe" }).click();
    await expect(page).toHaveURL(/\/blog\/a-post#newsletter$/);
    await expect(footer(page).getByRole("status")).toHaveText(
      "Successfully subscribed! You'll receive our monthly manufacturing intelligence newsletter.",
    );
    await waitForMail({ to: email, kind: "newsletter_welcome" });

    await footer(page).getByLabel("Email address").fill(email);
    await footer(page).getByRole("button", { name: "Subscribe" }).click();
    await expect(footer(page).getByText("This email is already subscribed to our newsletter")).toBeVisible();
    // The answer shows once: reloading the page does not repeat it.
    await page.reload();
    await expect(footer(page).getByText("This email is already subscribed to our newsletter")).toHaveCount(0);
  });

  test("the unsubscribe page's button works", async ({ page }) => {
    const email = uniqueEmail("no-js-leaving");
    await page.goto("/blog");
    await footer(page).getByLabel("Email address").fill(email);
    await footer(page).getByRole("button", { name: "Subscribe" }).click();
    const link = linkIn(await waitForMail({ to: email, kind: "newsletter_welcome" }), "/newsletter/unsubscribe/");
    await page.goto(link);
    await page.getByRole("button", { name: "Unsubscribe" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "You Are Unsubscribed" })).toBeVisible();
  });
});
