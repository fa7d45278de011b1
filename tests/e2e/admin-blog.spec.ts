// The owner's side of the blog (/admin/blog): a draft is created (not public), published with an
// uploaded featured image (public, in the sitemap and the feed, the image in its widths), edited, and deleted after the question; the five seed posts are
// seeded twice and stay five; and without JavaScript the form and the delete question still work.
import type { APIRequestContext, Page } from "@playwright/test";
import sharp from "sharp";
import { seedPosts } from "~/features/blog/seed-posts";
import { READER_POST } from "./blog-data";
import { ADMIN, axeProblems, expect, gotoHydrated, login, test } from "./fixtures";

function toast(page: Page, text: string) {
  return page.locator("[data-sonner-toast]").filter({ hasText: text });
}

const unique = () => Math.random().toString(36).slice(2, 7);

async function publicStatus(request: APIRequestContext, slug: string) {
  return (await request.get(`/blog/${slug}`)).status();
}

async function listed(request: APIRequestContext, path: string, slug: string) {
  return (await (await request.get(path)).text()).includes(`/blog/${slug}<`);
}

function postItem(page: Page, title: string) {
  return page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: title, exact: true }) });
}

test("the admin creates a draft, publishes it, edits it and deletes it", async ({ page, request }) => {
  const id = unique();
  const title = `Chip Load Basics ${id}`;
  const slug = `chip-load-basics-${id}`;
  await login(page, ADMIN);
  await gotoHydrated(page, "/admin");
  await page.getByRole("link", { name: "Manage Blog" }).click();
  await expect(page.getByRole("heading", { name: "Blog Management" })).toBeVisible();

  // The slug follows the title as it is typed; the preview shows the content as it will be stored.
  await page.getByLabel("Title *").fill(title);
  await expect(page.getByLabel("URL Slug")).toHaveValue(slug);
  await page.getByLabel("Excerpt").fill("Feeds and speeds without guesswork.");
  await page.getByLabel("Content (HTML)").fill('<h2>Start here</h2><p onclick="alert(1)">Chip load is feed per tooth.</p><script>alert(1)</script>');
  const preview = page.getByTestId("post-preview");
  await expect(preview.getByRole("heading", { name: "Start here" })).toBeVisible();
  expect(await preview.innerHTML()).toBe("<h2>Start here</h2><p>Chip load is feed per tooth.</p>");
  await page.getByRole("button", { name: "Create Post" }).click();
  await expect(toast(page, "Post created successfully")).toBeVisible();

  const item = postItem(page, title);
  await expect(item).toContainText(`/${slug}`);
  await expect(item).toContainText("Draft");
  await expect(page.getByLabel("Title *")).toHaveValue(""); // the form is a blank draft again
  expect(await publicStatus(request, slug)).toBe(404);
  expect(await listed(request, "/sitemap.xml", slug)).toBe(false);

  // Publish, with a featured image: a file that is not an image is refused first.
  await item.getByRole("link", { name: `Edit ${title}` }).click();
  await expect(page.getByLabel("Title *")).toHaveValue(title);
  await page.getByText("Publish", { exact: true }).click();
  await page.getByLabel("Featured Image").setInputFiles({ name: "photo.jpg", mimeType: "image/jpeg", buffer: Buffer.from("<html>not a photo</html>") });
  await page.getByRole("button", { name: "Update Post" }).click();
  await expect(toast(page, "Upload failed")).toBeVisible();
  await expect(page.getByText("Choose a JPEG, PNG, WebP or GIF image.").first()).toBeVisible();
  expect(await publicStatus(request, slug)).toBe(404);
  const photo = await sharp({ create: { width: 1500, height: 900, channels: 3, background: "#2f5d8a" } }).png().toBuffer();
  await page.getByLabel("Featured Image").setInputFiles({ name: "Spindle.png", mimeType: "image/png", buffer: photo });
  await expect(page.getByTestId("featured-image-preview")).toHaveAttribute("src", /^blob:/);
  await page.getByText("Publish", { exact: true }).click();
  await page.getByRole("button", { name: "Update Post" }).click();
  await expect(toast(page, "Post updated successfully")).toBeVisible();
  await expect(postItem(page, title)).toContainText("Published");
  expect(await publicStatus(request, slug)).toBe(200);
  // The reader's page offers the image in its three widths, each served as WebP for a year.
  await page.goto(`/blog/${slug}`);
  const featured = page.locator("article img").first();
  await expect(featured).toHaveAttribute("srcset", new RegExp(`/media/posts/\\d+-${slug}-spindle-480\\.webp 480w`));
  await expect(featured).toHaveAttribute("sizes", /896px/);
  expect(await featured.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  const image = await request.get((await featured.getAttribute("src"))!);
  expect([image.status(), image.headers()["content-type"], image.headers()["cache-control"]]).toEqual([200, "image/webp", "public, max-age=31536000, immutable"]);
  await gotoHydrated(page, "/admin/blog");
  expect(await listed(request, "/sitemap.xml", slug)).toBe(true);
  expect((await (await request.get("/blog/rss.xml")).text())).toContain(`/blog/${slug}`);

  // Edit: a new title, the same address.
  const newTitle = `${title} (revised)`;
  await postItem(page, title).getByRole("link", { name: `Edit ${title}` }).click();
  await expect(page.getByLabel("URL Slug")).toHaveValue(slug);
  await page.getByLabel("Title *").fill(newTitle);
  await expect(page.getByLabel("URL Slug")).toHaveValue(slug); // editing never rewrites the slug
  await page.getByRole("button", { name: "Update Post" }).click();
  await expect(toast(page, "Post updated successfully")).toBeVisible();
  expect(await (await request.get(`/blog/${slug}`)).text()).toContain(newTitle);

  // Delete, after the question (a dialog with scripts); 'Cancel' keeps it.
  await postItem(page, newTitle).getByRole("link", { name: `Delete ${newTitle}` }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("Are you sure you want to delete this post?");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(postItem(page, newTitle)).toBeVisible();
  await postItem(page, newTitle).getByRole("link", { name: `Delete ${newTitle}` }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete post" }).click();
  await expect(toast(page, "Post deleted successfully")).toBeVisible();
  await expect(postItem(page, newTitle)).toHaveCount(0);
  expect(await publicStatus(request, slug)).toBe(404);
});

test("a blank title and a taken slug are refused with their messages", async ({ page }) => {
  await login(page, ADMIN);
  await gotoHydrated(page, "/admin/blog");
  await page.getByLabel("Title *").fill("   ");
  await page.getByRole("button", { name: "Create Post" }).click();
  await expect(toast(page, "Title required")).toContainText("Please enter a post title.");
  await expect(page.locator("#post-form-new-title-error")).toHaveText("Please enter a post title.");

  const title = `Taken Slug ${unique()}`;
  await page.getByLabel("Title *").fill(title);
  await page.getByRole("button", { name: "Create Post" }).click();
  await expect(toast(page, "Post created successfully")).toBeVisible();
  await page.getByLabel("Title *").fill(title);
  await page.getByRole("button", { name: "Create Post" }).click();
  await expect(toast(page, "Save failed")).toBeVisible();
  await expect(page.getByText(/Another post already uses the URL slug/).first()).toBeVisible();
  await expect(page.getByLabel("URL Slug")).toHaveAttribute("aria-invalid", "true");
});

test("a picked file that is not an image is named at once, with no broken preview", async ({ page }) => {
  await login(page, ADMIN);
  await gotoHydrated(page, "/admin/blog");
  const picker = page.getByLabel("Featured Image");
  const preview = page.getByTestId("featured-image-preview");
  const message = page.getByText("Choose a JPEG, PNG, WebP or GIF image.");

  // By its type: a text file.
  await picker.setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("feeds and speeds") });
  await expect(message).toBeVisible();
  await expect(preview).toHaveCount(0);
  await expect(picker).toHaveAttribute("aria-invalid", "true");

  // Named and typed as a photo, but the browser cannot show it.
  await picker.setInputFiles({ name: "photo.jpg", mimeType: "image/jpeg", buffer: Buffer.from("<html>not a photo</html>") });
  await expect(message).toBeVisible();
  await expect(preview).toHaveCount(0);

  const photo = await sharp({ create: { width: 600, height: 400, channels: 3, background: "#2f5d8a" } }).png().toBuffer();
  await picker.setInputFiles({ name: "spindle.png", mimeType: "image/png", buffer: photo });
  await expect(preview).toHaveAttribute("src", /^blob:/);
  await expect(message).toHaveCount(0);
  expect(await preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
});

test("a published post's editor says when it was first published, and 'Publish as new' moves it to the top", async ({ page }) => {
  const older = `Older Post ${unique()}`;
  const newer = `Newer Post ${unique()}`;
  await login(page, ADMIN);
  await gotoHydrated(page, "/admin/blog");
  for (const title of [older, newer]) {
    await page.getByLabel("Title *").fill(title);
    await page.getByText("Publish", { exact: true }).click();
    await page.getByRole("button", { name: "Create Post" }).click();
    // The first post's toast may still show while the second's appears: each post is found in the list.
    await expect(toast(page, "Post created successfully").last()).toBeVisible();
    await expect(postItem(page, title)).toBeVisible();
  }
  const cardTitles = async () => {
    await page.goto("/blog");
    return page.locator("article h2, article h3").allTextContents();
  };
  const before = await cardTitles();
  expect(before).toEqual(expect.arrayContaining([older, newer]));
  expect(before.indexOf(newer)).toBeLessThan(before.indexOf(older));

  await gotoHydrated(page, "/admin/blog");
  await postItem(page, older).getByRole("link", { name: `Edit ${older}` }).click();
  await expect(page.getByText(/^First published [A-Z][a-z]{2} \d{1,2}, \d{4}/)).toBeVisible();
  await page.getByLabel("Publish as new").check();
  await page.getByRole("button", { name: "Update Post" }).click();
  await expect(toast(page, "Post updated successfully")).toBeVisible();
  const after = await cardTitles();
  expect(after.indexOf(older)).toBeLessThan(after.indexOf(newer));
});

test("axe finds no serious problem on a post's editor at 390 and 1280 px (the preview's scroll box takes the keyboard)", async ({ page }) => {
  await login(page, ADMIN);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await gotoHydrated(page, "/admin/blog");
    await postItem(page, READER_POST.title).getByRole("link", { name: `Edit ${READER_POST.title}` }).click();
    await expect(page.getByTestId("post-preview").getByRole("table")).toBeVisible();
    const violations = await axeProblems(page);
    expect(violations, `at ${width} px`).toEqual([]);
  }
});

test("seeding twice leaves five seed posts, all published", async ({ page, request }) => {
  await login(page, ADMIN);
  await gotoHydrated(page, "/admin/blog");
  const heading = page.getByRole("heading", { name: /^All Posts \(\d+\)$/ });
  const count = async () => Number((await heading.textContent())!.match(/\d+/)![0]);

  await page.getByRole("button", { name: "Seed 5 viral posts" }).click();
  await expect(toast(page, "Seeded successfully")).toContainText("5 viral manufacturing posts are now live.");
  await expect(postItem(page, seedPosts[4]!.title)).toBeVisible();
  const afterOne = await count();

  const seededAgain = page.waitForResponse((response) => response.request().method() === "POST" && response.url().includes("/admin/blog"));
  await page.getByRole("button", { name: "Seed 5 viral posts" }).click();
  await seededAgain;
  await gotoHydrated(page, "/admin/blog");
  expect(await count()).toBe(afterOne);
  for (const seed of seedPosts) {
    const items = postItem(page, seed.title);
    await expect(items).toHaveCount(1);
    await expect(items).toContainText("Published");
    expect(await publicStatus(request, seed.slug)).toBe(200);
  }
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the admin creates a post and deletes it through the question page", async ({ page }) => {
    await login(page, ADMIN);
    const title = `No Script Post ${unique()}`;
    await page.goto("/admin/blog");
    await page.getByLabel("Title *").fill(title);
    await page.getByRole("button", { name: "Create Post" }).click();
    const item = postItem(page, title);
    await expect(item).toContainText(`/no-script-post-`);
    await item.getByRole("link", { name: `Delete ${title}` }).click();
    await expect(page).toHaveURL(/\?delete=/);
    await expect(postItem(page, title)).toContainText("Are you sure you want to delete this post?");
    await postItem(page, title).getByRole("button", { name: "Delete post" }).click();
    await expect(page).toHaveURL(/\/admin\/blog$/);
    await expect(postItem(page, title)).toHaveCount(0);
  });
});
