// The owner's side of the blog (/admin/blog) through its route module, signed in for real: create,
// update (published_at set once), slug clash (the unique constraint decides, a field message, no
// 500), blank title, delete, seeding twice, sanitizing on save, and the guard for anonymous and
// non-admin visitors in loader and action. On PGlite, and on PostgreSQL with TEST_DATABASE_URL.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import * as adminBlogRoute from "~/routes/admin-blog";
import * as mediaRoute from "~/routes/media";
import { getEnv } from "~/lib/env.server";
import { getAdminOverview } from "~/features/admin-dashboard/overview.server";
import { ensureAdmin } from "~/features/auth/bootstrap.server";
import { findPublishedPost, listPublishedPosts } from "~/features/blog/posts.server";
import { seedPosts } from "~/features/blog/seed-posts";
import { takeFlashToast } from "~/lib/flash-toast.server";
import type { Toast } from "~/lib/toast";
import { users } from "~/features/auth/schema";
import { blogPosts } from "~/features/blog/schema";
import { insertPost } from "../support/blog";
import { cookieHeader, createVerifiedUser, routeArgs, signedInCookie, siteRequest } from "../support/auth";
import { tempDir } from "../../scripts/support/databases";
import { testDatabases, type TestDatabase } from "../support/databases";

process.env.BETTER_AUTH_SECRET ??= "integration-test-secret-0123456789abcdef";
process.env.DATA_DIR ??= tempDir("blog-admin-");

type Answer = { status: number; toast?: Toast; location?: string; body?: any };

/** What the action answered: a redirect with its flash toast, or data({…}, { status }). */
async function answerOf(value: unknown): Promise<Answer> {
  if (value instanceof Response) {
    const flash = await takeFlashToast(new Request("http://site.test/", { headers: { cookie: cookieHeader(value.headers.getSetCookie()) } }));
    return { status: value.status, location: value.headers.get("location") ?? undefined, toast: flash.toast ?? undefined };
  }
  const wrapped = value as { data: any; init: { status?: number } | null };
  return { status: wrapped.init?.status ?? 200, toast: wrapped.data?.toast, body: wrapped.data };
}

async function thrownStatus(run: () => Promise<unknown>) {
  try {
    const value = await run();
    return value instanceof Response ? value.status : "passed";
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.status;
    return (thrown as { init?: { status?: number } }).init?.status ?? "error";
  }
}

/** A multipart post of the editor's form with a file in its picker, as the browser sends it. */
function uploadRequest(fields: Record<string, string>, file: File, cookie: string) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  body.append("featuredImage", file);
  const origin = getEnv().SITE_URL;
  return new Request(`${origin}/admin/blog`, { method: "POST", headers: { origin, "sec-fetch-site": "same-origin", cookie }, body });
}

const mediaFiles = () => {
  const dir = path.join(getEnv().DATA_DIR, "media", "posts");
  return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
};

const form = (fields: Record<string, string>) => ({ intent: "save-post", title: "", slug: "", excerpt: "", content: "", status: "draft", seoTitle: "", seoDescription: "", ...fields });

describe.each(testDatabases.map((d) => [d.name, d] as const))("admin blog on %s", (_name, database) => {
  let db: TestDatabase;
  let adminCookie: string;
  let memberCookie: string;
  let adminId: string;

  beforeAll(async () => {
    db = await database.open();
    await ensureAdmin({ email: "editor@example.test", password: "editor-password-1" });
    adminCookie = await signedInCookie("editor@example.test", "editor-password-1");
    await createVerifiedUser("reader@example.test", "reader-password-1");
    memberCookie = await signedInCookie("reader@example.test", "reader-password-1");
    const [admin] = await db.db.select({ id: users.id }).from(users).where(eq(users.email, "editor@example.test"));
    adminId = admin!.id;
  });
  afterAll(() => db.close());
  beforeEach(async () => {
    await db.db.delete(blogPosts);
  });

  const post = async (fields: Record<string, string>, cookie = adminCookie, path = "/admin/blog") =>
    answerOf(await adminBlogRoute.action(routeArgs(siteRequest(path, { form: fields, cookie })) as any));
  const page = async (query = "", cookie = adminCookie) =>
    (await adminBlogRoute.loader(routeArgs(siteRequest(`/admin/blog${query}`, { cookie })) as any)) as Awaited<ReturnType<typeof adminBlogRoute.loader>>;
  const row = async (slug: string) => (await db.db.select().from(blogPosts).where(eq(blogPosts.slug, slug)))[0];

  it("creates a draft with the generated slug, by the admin, without a published_at; the list shows it", async () => {
    const created = await post(form({ title: "Five-Axis Setup: Lessons!", excerpt: "Short.", content: "<p>Hello</p>" }));
    expect(created).toMatchObject({ status: 302, location: "/admin/blog", toast: { kind: "success", title: "Post created successfully" } });
    const saved = await row("five-axis-setup-lessons");
    expect(saved).toMatchObject({ title: "Five-Axis Setup: Lessons!", status: "draft", authorId: adminId, publishedAt: null, excerpt: "Short.", seoTitle: null });
    expect(await findPublishedPost("five-axis-setup-lessons")).toBeNull();
    const listed = await page();
    expect(listed.posts.map((p) => [p.title, p.slug, p.status])).toEqual([["Five-Axis Setup: Lessons!", "five-axis-setup-lessons", "draft"]]);
  });

  it("sanitizes the content on save", async () => {
    await post(form({ title: "Hostile", content: '<p onclick="x()">Hi<script>alert(1)</script></p><iframe src="https://evil.test"></iframe><a href="javascript:alert(1)">l</a>' }));
    expect((await row("hostile"))!.content).toBe("<p>Hi</p><a>l</a>");
  });

  it("publishing sets published_at once: re-saving keeps it, unpublishing keeps it and hides the post", async () => {
    await post(form({ title: "Tariffs", status: "published" }));
    const first = (await row("tariffs"))!;
    expect(first.publishedAt).toBeInstanceOf(Date);
    expect(await findPublishedPost("tariffs")).not.toBeNull();

    const edited = await post(form({ id: first.id, title: "Tariffs, revised", slug: "tariffs", status: "published", seoDescription: "x".repeat(200) }), adminCookie, `/admin/blog?edit=${first.id}`);
    expect(edited).toMatchObject({ status: 302, location: "/admin/blog", toast: { title: "Post updated successfully" } });
    const second = (await row("tariffs"))!;
    expect(second.title).toBe("Tariffs, revised");
    expect(second.seoDescription).toHaveLength(200); // the 160-character hint is not enforced
    expect(second.publishedAt!.getTime()).toBe(first.publishedAt!.getTime());
    expect(second.updatedAt.getTime()).toBeGreaterThanOrEqual(first.updatedAt.getTime());

    await post(form({ id: first.id, title: "Tariffs, revised", slug: "tariffs", status: "draft" }));
    const third = (await row("tariffs"))!;
    expect(third.status).toBe("draft");
    expect(third.publishedAt!.getTime()).toBe(first.publishedAt!.getTime());
    expect(await findPublishedPost("tariffs")).toBeNull();
  });

  it("'Publish as new' sets published_at to now (the post moves to the top); the editor shows the first date", async () => {
    const firstDate = new Date(Date.now() - 30 * 86_400_000);
    const old = await insertPost(db.db, { title: "Old news", slug: "old-news", status: "published", publishedAt: firstDate });
    await insertPost(db.db, { title: "Recent", slug: "recent", status: "published", publishedAt: new Date(Date.now() - 86_400_000) });
    const editing = await page(`?edit=${old.id}`);
    expect(editing.editing?.publishedAt?.getTime()).toBe(firstDate.getTime());

    const before = Date.now();
    const saved = await post(form({ id: old.id, title: "Old news", slug: "old-news", status: "published", publishAsNew: "on" }), adminCookie, `/admin/blog?edit=${old.id}`);
    expect(saved).toMatchObject({ status: 302, toast: { title: "Post updated successfully" } });
    expect((await row("old-news"))!.publishedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect((await listPublishedPosts()).map((p) => p.slug)).toEqual(["old-news", "recent"]);

    // Without it, a later save keeps the date; as a draft, 'Publish as new' changes nothing.
    const moved = (await row("old-news"))!.publishedAt!.getTime();
    await post(form({ id: old.id, title: "Old news", slug: "old-news", status: "published" }));
    expect((await row("old-news"))!.publishedAt!.getTime()).toBe(moved);
    await post(form({ id: old.id, title: "Old news", slug: "old-news", status: "draft", publishAsNew: "on" }));
    expect((await row("old-news"))!.publishedAt!.getTime()).toBe(moved);
  });

  it("a slug clash is a message on the slug field (409), on create and on update, never a 500", async () => {
    await insertPost(db.db, { title: "Taken", slug: "taken" });
    const clash = await post(form({ title: "Other", slug: "Taken" }));
    expect(clash.status).toBe(409);
    expect(clash.toast).toMatchObject({ kind: "error", title: "Save failed" });
    expect(clash.body.reply.error.slug[0]).toMatch(/Another post already uses the URL slug "taken"/);
    // The generated slug clashes the same way.
    expect((await post(form({ title: "Taken" }))).status).toBe(409);

    const other = await insertPost(db.db, { title: "Mine", slug: "mine" });
    const updateClash = await post(form({ id: other.id, title: "Mine", slug: "taken" }));
    expect(updateClash.status).toBe(409);
    expect((await row("mine"))!.title).toBe("Mine");
  });

  it("a blank title is 'Title required' with the field message; nothing is saved", async () => {
    for (const title of ["", "   ", "\u0000\u0007"]) {
      const refused = await post(form({ title, content: "<p>x</p>" }));
      expect(refused.status).toBe(400);
      expect(refused.toast).toEqual({ kind: "error", title: "Title required", description: "Please enter a post title." });
      expect(refused.body.reply.error.title).toEqual(["Please enter a post title."]);
    }
    expect(await db.db.select().from(blogPosts)).toHaveLength(0);
  });

  it("deletes after the question; a post already gone is 'Delete failed'", async () => {
    const doomed = await insertPost(db.db, { title: "Doomed" });
    const asking = await page(`?delete=${doomed.id}`);
    expect(asking.confirmDeleteId).toBe(doomed.id);
    expect(await post({ intent: "delete-post", id: doomed.id })).toMatchObject({ status: 302, toast: { title: "Post deleted successfully" } });
    expect(await db.db.select().from(blogPosts)).toHaveLength(0);
    expect((await post({ intent: "delete-post", id: doomed.id })).toast).toMatchObject({ kind: "error", title: "Delete failed" });
  });

  it("seeding twice leaves the five posts, published by the admin, and the overview counts them", async () => {
    await insertPost(db.db, { slug: seedPosts[0]!.slug, title: "Old title", status: "draft" });
    for (let round = 0; round < 2; round += 1) {
      const seeded = await post({ intent: "seed-posts" });
      expect(seeded.toast).toEqual({ kind: "success", title: "Seeded successfully", description: "5 viral manufacturing posts are now live." });
    }
    const rows = await db.db.select().from(blogPosts);
    expect(rows.map((r) => r.slug).sort()).toEqual(seedPosts.map((p) => p.slug).sort());
    for (const r of rows) {
      expect(r).toMatchObject({ status: "published", authorId: adminId });
      expect(r.publishedAt).toBeInstanceOf(Date);
    }
    expect((await row(seedPosts[0]!.slug))!.title).toBe(seedPosts[0]!.title);
    expect((await getAdminOverview()).totalPosts).toBe(5);
  });

  it("opens a post for editing with ?edit=<id>; an unknown or malformed id is the create form", async () => {
    const saved = await insertPost(db.db, { title: "Editable", content: "<p>Body</p>" });
    expect((await page(`?edit=${saved.id}`)).editing).toMatchObject({ id: saved.id, content: "<p>Body</p>" });
    expect((await page("?edit=00000000-0000-4000-8000-000000000000")).editing).toBeNull();
    expect((await page("?edit=nope")).editing).toBeNull();
  });

  it("stores the picker's image in three widths under a server-made name, served immutable", async () => {
    const jpeg = await sharp({ create: { width: 1600, height: 1000, channels: 3, background: "#345" } }).jpeg().toBuffer();
    const file = new File([new Uint8Array(jpeg)], "Shop Floor.JPG", { type: "image/jpeg" });
    const answer = await answerOf(
      await adminBlogRoute.action(routeArgs(uploadRequest(form({ title: "With an image", status: "published" }), file, adminCookie)) as any),
    );
    expect(answer).toMatchObject({ status: 302, toast: { title: "Post created successfully" } });
    const url = (await row("with-an-image"))!.featuredImageUrl!;
    expect(url).toMatch(/^\/media\/posts\/\d+-with-an-image-shop-floor\.webp$/);
    const key = url.slice("/media/".length);
    for (const variant of [key, key.replace(".webp", "-800.webp"), key.replace(".webp", "-480.webp")]) {
      expect(mediaFiles()).toContain(variant.slice("posts/".length));
      const served = await mediaRoute.loader(routeArgs(siteRequest(`/media/${variant}`), undefined, { "*": variant }) as any);
      expect(served.status).toBe(200);
      expect(served.headers.get("content-type")).toBe("image/webp");
      expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).format).toBe("webp");
    }
    // The reader's page offers every width.
    expect((await findPublishedPost("with-an-image"))!.featuredImageUrl).toBe(url);
    // Saving again without a new file keeps the image.
    const saved = (await row("with-an-image"))!;
    await post(form({ id: saved.id, title: "With an image", slug: "with-an-image", status: "published", excerpt: "Edited." }), adminCookie, `/admin/blog?edit=${saved.id}`);
    expect((await row("with-an-image"))!).toMatchObject({ excerpt: "Edited.", featuredImageUrl: url });
  });

  it.each([
    ["an HTML page named .jpg", new File(["<!doctype html><script>alert(1)</script>"], "photo.jpg", { type: "image/jpeg" }), "Choose a JPEG, PNG, WebP or GIF image."],
    ["an SVG", new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], "logo.svg", { type: "image/svg+xml" }), "Choose a JPEG, PNG, WebP or GIF image."],
  ])("refuses %s with the picker's message, stores nothing and keeps what was typed", async (_what, file, message) => {
    const before = mediaFiles();
    const answer = await answerOf(
      await adminBlogRoute.action(routeArgs(uploadRequest(form({ title: "Refused image", excerpt: "Kept." }), file, adminCookie)) as any),
    );
    expect(answer.status).toBe(400);
    expect(answer.toast).toEqual({ kind: "error", title: "Upload failed", description: message });
    expect(answer.body.reply.error).toEqual({ featuredImage: [message] });
    expect(answer.body.reply.initialValue).toMatchObject({ title: "Refused image", excerpt: "Kept." });
    expect(await row("refused-image")).toBeUndefined();
    expect(mediaFiles()).toEqual(before);
  });

  it("refuses anonymous visitors and non-admins in the loader and the action", async () => {
    const seed = { intent: "seed-posts" };
    const anonymousLoader = await thrownStatus(() => page("", ""));
    const memberLoader = await thrownStatus(() => page("", memberCookie));
    const anonymousAction = await thrownStatus(() => adminBlogRoute.action(routeArgs(siteRequest("/admin/blog", { form: seed })) as any));
    const memberAction = await thrownStatus(() => adminBlogRoute.action(routeArgs(siteRequest("/admin/blog", { form: seed, cookie: memberCookie })) as any));
    expect([anonymousLoader, memberLoader, anonymousAction, memberAction]).toEqual([302, 302, 302, 403]);
    expect(await db.db.select().from(blogPosts)).toHaveLength(0);
  });
});
