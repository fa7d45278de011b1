// A reader of the blog: a published post opens from /blog and shows its content, 'Copy link' gives
// its toasts, the share buttons open the right popups, and a draft or unknown slug is 'Post not
// found.' with 404. The posts are written before the server starts (seed-blog.ts).
import type { Page } from "@playwright/test";
import { DRAFT_POST, READER_POST } from "./blog-data";
import { expect, gotoHydrated, test } from "./fixtures";

const ORIGIN = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100)}`;
const POST_URL = `${ORIGIN}/blog/${READER_POST.slug}`;

// The newsletter popup (modal, 5 s after a blog page loads; tests/e2e/newsletter.spec.ts) would
// cover these pages on a slow host: this visitor has seen it.
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem("halvorsen-newsletter-popup-shown", "true"));
});

function toast(page: Page, text: string) {
  return page.locator("[data-sonner-toast]").filter({ hasText: text });
}

test("a published post opens from /blog and shows its article; the draft is nowhere", async ({ page }) => {
  await gotoHydrated(page, "/blog");
  await expect(page.getByRole("heading", { level: 1, name: "Manufacturing Intelligence Blog" })).toBeVisible();
  await expect(page.getByText("Some content on this blog was provided by AI")).toBeVisible();
  await expect(page.locator('head link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute("href", "/blog/rss.xml");
  const card = page.getByRole("article").filter({ hasText: READER_POST.title });
  await expect(card).toContainText(READER_POST.excerpt);
  await expect(page.getByText(DRAFT_POST.title)).toHaveCount(0);

  await card.getByRole("link", { name: "Read Intelligence" }).click();
  await expect(page).toHaveURL(POST_URL);
  await expect(page.getByRole("heading", { level: 1, name: READER_POST.title })).toBeVisible();
  await expect(page.locator("time")).toHaveText("March 2, 2026");
  await expect(page.getByRole("heading", { level: 2, name: "Thermal growth is real" })).toBeVisible();
  await expect(page.getByRole("cell", { name: "Warm-up" })).toBeVisible();
  await expect(page.getByText("Measure twice.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Book a Free Assessment" })).toHaveAttribute("href", "/booking");
  await expect(page.getByRole("link", { name: "Explore Manufacturing Tools" })).toHaveAttribute("href", "/marketplace");
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", POST_URL);
  await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "article");

  await page.getByRole("link", { name: "Back to Blog" }).first().click();
  await expect(page).toHaveURL(`${ORIGIN}/blog`);

  const feed = await page.request.get("/blog/rss.xml");
  expect(feed.headers()["content-type"]).toContain("application/rss+xml");
  const xml = await feed.text();
  expect(xml).toContain(`<link>${POST_URL}</link>`);
  expect(xml).not.toContain(DRAFT_POST.slug);
  const sitemap = await (await page.request.get("/sitemap.xml")).text();
  expect(sitemap).toContain(`<loc>${POST_URL}</loc>`);
  expect(sitemap).not.toContain(DRAFT_POST.slug);
});

test("'Copy link' puts the post URL on the clipboard and says so", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: ORIGIN });
  await gotoHydrated(page, `/blog/${READER_POST.slug}`);
  await page.getByRole("button", { name: "Copy link" }).click();
  await expect(toast(page, "Link copied!")).toContainText("The post URL has been copied to your clipboard.");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(POST_URL);
});

test("'Copy link' says 'Copy failed' when the browser refuses the clipboard", async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(navigator, "clipboard", {
      value: { writeText: () => Promise.reject(new DOMException("Write permission denied.", "NotAllowedError")) },
    });
  });
  await gotoHydrated(page, `/blog/${READER_POST.slug}`);
  await page.getByRole("button", { name: "Copy link" }).click();
  await expect(toast(page, "Copy failed")).toContainText("Unable to copy link. Please try again.");
});

test("the share buttons open X, Facebook and LinkedIn popups with the post's URL and text", async ({ page, context }) => {
  // The networks are never reached: each popup gets an empty page.
  await context.route(/^https:\/\/(twitter\.com|www\.facebook\.com|www\.linkedin\.com)\//, (route) =>
    route.fulfill({ status: 200, contentType: "text/html", body: "<title>share</title>" }),
  );
  await gotoHydrated(page, `/blog/${READER_POST.slug}`);
  const share = page.getByRole("group", { name: "Share this post" });

  async function popupOf(network: string) {
    const [popup] = await Promise.all([page.waitForEvent("popup"), share.getByRole("link", { name: `Share on ${network}` }).click()]);
    await popup.waitForLoadState();
    const url = new URL(popup.url());
    // A window of the fixed popup size, without a way back to the post's page.
    const [width, opener] = await popup.evaluate(() => [window.innerWidth, window.opener === null] as const);
    expect(width).toBe(550);
    expect(opener).toBe(true);
    await popup.close();
    return url;
  }

  const x = await popupOf("X");
  expect(`${x.origin}${x.pathname}`).toBe("https://twitter.com/intent/tweet");
  expect(x.searchParams.get("url")).toBe(POST_URL);
  expect(x.searchParams.get("text")).toBe(`${READER_POST.title}: ${READER_POST.seoDescription.slice(0, 100).trimEnd()}…`);

  const facebook = await popupOf("Facebook");
  expect(`${facebook.origin}${facebook.pathname}`).toBe("https://www.facebook.com/sharer/sharer.php");
  expect(facebook.searchParams.get("u")).toBe(POST_URL);

  const linkedin = await popupOf("LinkedIn");
  expect(`${linkedin.origin}${linkedin.pathname}`).toBe("https://www.linkedin.com/sharing/share-offsite/");
  expect(linkedin.searchParams.get("url")).toBe(POST_URL);
  // The post's own page stayed where it was.
  await expect(page).toHaveURL(POST_URL);
});

test("a draft or unknown slug is 'Post not found.' with 404 and a link back", async ({ page }) => {
  for (const slug of [DRAFT_POST.slug, "no-such-post"]) {
    const response = await page.goto(`/blog/${slug}`);
    expect(response?.status(), slug).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Post not found." })).toBeVisible();
    await expect(page.getByText(DRAFT_POST.title)).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Back to Blog" })).toHaveAttribute("href", "/blog");
  }
});
