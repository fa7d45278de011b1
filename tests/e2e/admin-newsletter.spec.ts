// /admin/newsletter as the owner uses it: write an issue (the preview shows it as it will be sent),
// send yourself a test (it arrives), then send it to the subscribers after the question and see its
// counts; the question and the send without JavaScript.
import type { Page } from "@playwright/test";
import { READER_POST } from "./blog-data";
import { ADMIN, expect, gotoHydrated, login, test, uniqueEmail, waitForMail } from "./fixtures";

const ORIGIN = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100)}`;

function toast(page: Page, text: string) {
  return page.locator("[data-sonner-toast]").filter({ hasText: text });
}

async function subscribe(page: Page, email: string) {
  const response = await page.request.post("/newsletter", {
    form: { email, source: "blog_footer", returnTo: "/blog" },
    headers: { origin: ORIGIN },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
}

function issueItem(page: Page, subject: string) {
  return page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: subject, exact: true }) });
}

test("the admin writes an issue, sends a test, then sends it once to every subscriber", async ({ page }) => {
  // It follows the copies as they go out, one a second.
  test.setTimeout(60_000);
  const reader = uniqueEmail("issue-reader");
  await subscribe(page, reader);
  // More readers than one: at the suite's pace (playwright.config.ts) their copies go out over seconds.
  for (let n = 2; n <= 8; n++) await subscribe(page, uniqueEmail(`issue-reader-${n}`));
  await login(page, ADMIN);
  await gotoHydrated(page, "/admin");
  await page.getByRole("link", { name: "Write an Issue" }).click();
  await expect(page.getByRole("heading", { name: "Newsletter", level: 1 })).toBeVisible();

  const subject = `Spindle notes ${Math.random().toString(36).slice(2, 7)}`;
  await page.getByLabel("Subject").fill(subject);
  await page.getByLabel("Body (HTML)").fill('<h2>This month</h2><p onclick="x()">Warm up the spindle.</p><script>alert(1)</script>');
  const preview = page.getByTestId("issue-preview");
  await expect(preview.getByRole("heading", { name: "This month" })).toBeVisible();
  expect(await preview.innerHTML()).toBe("<h2>This month</h2><p>Warm up the spindle.</p>");
  await page.getByRole("button", { name: "Save issue" }).click();
  await expect(toast(page, "Issue saved")).toBeVisible();

  const item = issueItem(page, subject);
  await expect(item).toContainText("Draft");
  const owner = uniqueEmail("owner-test");
  await item.getByLabel(`Send a test of "${subject}" to`).fill(owner);
  await item.getByRole("button", { name: "Send test" }).click();
  await expect(toast(page, "Test queued")).toBeVisible();
  const testMail = await waitForMail({ to: owner, kind: "newsletter_test" });
  expect(testMail.subject).toBe(`[Test] ${subject}`);
  expect(testMail.text).toContain("Warm up the spindle.");

  await item.getByRole("link", { name: `Send ${subject} to subscribers` }).click();
  const question = item.getByRole("group");
  await expect(question).toContainText(`Send "${subject}" to`);
  await question.getByRole("button", { name: "Send now" }).click();
  await expect(toast(page, "Sending started")).toBeVisible();
  // Queued in the background: the page fetches the counts again by itself until it is done.
  const sent = issueItem(page, subject);
  await expect(sent).toContainText("Sent", { timeout: 15_000 });
  const counts = sent.getByRole("definition");
  await expect(counts.first()).not.toHaveText("0");
  // Queued, and its copies still going out at the pace: the page goes on refreshing itself until
  // every copy is sent, without a reload.
  const queued = await counts.first().textContent();
  await expect(sent.getByText(/the last copy is due/)).toBeVisible();
  await expect(counts.nth(1)).toHaveText(queued!, { timeout: 20_000 });
  const issueMail = await waitForMail({ to: reader, kind: "newsletter_issue" });
  expect(issueMail.subject).toBe(subject);
  expect(issueMail.text).toMatch(/\/newsletter\/unsubscribe\/\S+/);
});

test("'Start from a post' previews the post as it will be sent at once, before the issue is saved", async ({ page }) => {
  await login(page, ADMIN);
  await gotoHydrated(page, "/admin/newsletter");
  const preview = page.getByTestId("issue-preview");
  await page.getByLabel("Start from a post").selectOption({ label: READER_POST.title });
  await expect(preview.getByRole("heading", { name: "Thermal growth is real" })).toBeVisible();
  await expect(preview.getByRole("link", { name: "Read it on the site" })).toHaveAttribute("href", `${ORIGIN}/blog/${READER_POST.slug}`);
  await expect(page.getByLabel(/^Subject/)).toHaveAttribute("placeholder", READER_POST.title);
  // Back to writing your own: the preview follows the body again.
  await page.getByLabel("Start from a post").selectOption({ label: "Write your own issue" });
  await expect(preview.getByRole("heading", { name: "Thermal growth is real" })).toHaveCount(0);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the send question is a page state, and the send a plain post", async ({ page }) => {
    await login(page, ADMIN);
    await page.goto("/admin/newsletter");
    const subject = `No-script issue ${Math.random().toString(36).slice(2, 7)}`;
    await page.getByLabel("Subject").fill(subject);
    await page.getByLabel("Body (HTML)").fill("<p>Plain.</p>");
    await page.getByRole("button", { name: "Save issue" }).click();
    const item = issueItem(page, subject);
    await expect(item).toContainText("Draft");
    await item.getByRole("link", { name: `Send ${subject} to subscribers` }).click();
    await expect(page).toHaveURL(/\?send=/);
    await item.getByRole("group").getByRole("button", { name: "Send now" }).click();
    await expect(page).toHaveURL(/\/admin\/newsletter$/);
    // Without JavaScript the page does not refresh itself: the admin reloads until it is sent.
    await expect(async () => {
      await page.reload();
      await expect(issueItem(page, subject)).toContainText("Sent", { timeout: 500 });
    }).toPass({ timeout: 15_000 });
  });
});
