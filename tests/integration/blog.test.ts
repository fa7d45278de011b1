// The reader's side of the blog through its route modules and data access: published posts newest
// first, drafts invisible everywhere (list, post page, sitemap, feed), post HTML sanitized again on
// its way out, metadata fallbacks, and the feed's escaping. On PGlite, and on PostgreSQL with
// TEST_DATABASE_URL.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as blogRoute from "~/routes/blog";
import * as blogPostRoute from "~/routes/blog-post";
import * as rssRoute from "~/routes/blog-rss-xml";
import * as sitemapRoute from "~/routes/sitemap-xml";
import { BLOG_PLACEHOLDER_IMAGE } from "~/features/blog/metadata";
import { findPublishedPost, listPublishedPosts } from "~/features/blog/posts.server";
import { blogPosts } from "~/features/blog/schema";
import { insertPost } from "../support/blog";
import { routeArgs, siteRequest } from "../support/auth";
import { tempDir } from "../../scripts/support/databases";
import { testDatabases, type TestDatabase } from "../support/databases";

process.env.BETTER_AUTH_SECRET ??= "integration-test-secret-0123456789abcdef";
process.env.DATA_DIR ??= tempDir("blog-");
process.env.SITE_URL = "https://www.example.com";
// An https site names its checkout (none needed here).
process.env.CHECKOUT_MODE = "off";

const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY);

type Data = { post: Record<string, any> | null };
/** A loader's answer as the framework sees it: plain data, or data({…}, { status }). */
function answer(value: unknown): { status: number; data: Data } {
  if (value && typeof value === "object" && "type" in value && (value as any).type === "DataWithResponseInit") {
    const wrapped = value as unknown as { data: Data; init: { status?: number } };
    return { status: wrapped.init.status ?? 200, data: wrapped.data };
  }
  return { status: 200, data: value as Data };
}

async function postPage(slug: string) {
  return answer(await blogPostRoute.loader(routeArgs(siteRequest(`/blog/${slug}`), undefined, { slug }) as any));
}

async function body(response: Response) {
  return { type: response.headers.get("content-type"), text: await response.text() };
}

describe.each(testDatabases)("blog for readers on $name", ({ open }) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await open();
  });
  afterAll(async () => {
    await db?.close();
  });
  beforeEach(async () => {
    await db.db.delete(blogPosts);
  });

  it("lists published posts newest first with the spec's columns; drafts are left out", async () => {
    const older = await insertPost(db.db, { title: "Older", publishedAt: daysAgo(3) });
    const newer = await insertPost(db.db, { title: "Newer", publishedAt: daysAgo(1) });
    await insertPost(db.db, { title: "Draft", status: "draft" });
    const posts = await listPublishedPosts(db.db);
    expect(posts.map((post) => post.title)).toEqual(["Newer", "Older"]);
    expect(Object.keys(posts[0]!).sort()).toEqual(
      ["excerpt", "featuredImageUrl", "id", "publishedAt", "seoDescription", "slug", "title"].sort(),
    );
    expect(posts[0]!.id).toBe(newer.id);
    expect(posts[1]!.slug).toBe(older.slug);
  });

  it("finds one published post by slug; a draft or an unknown slug is not found", async () => {
    const published = await insertPost(db.db, { slug: "published-one" });
    await insertPost(db.db, { slug: "draft-one", status: "draft" });
    expect((await findPublishedPost("published-one", db.db))?.id).toBe(published.id);
    expect(await findPublishedPost("draft-one", db.db)).toBeNull();
    expect(await findPublishedPost("no-such-post", db.db)).toBeNull();
  });

  it("/blog: cards with the excerpt fallback chain and the placeholder image; empty with no published post", async () => {
    expect((await blogRoute.loader()).posts).toEqual([]);
    await insertPost(db.db, { slug: "own", excerpt: "Own excerpt", seoDescription: "SEO", featuredImageUrl: "/images/blog/x.webp", publishedAt: daysAgo(1) });
    await insertPost(db.db, { slug: "seo", excerpt: null, seoDescription: "From SEO", publishedAt: daysAgo(2) });
    await insertPost(db.db, { slug: "none", excerpt: "  ", seoDescription: null, publishedAt: daysAgo(3) });
    await insertPost(db.db, { slug: "hidden", status: "draft", excerpt: "Secret" });
    const { posts } = await blogRoute.loader();
    expect(posts.map(({ slug, excerpt, image }) => ({ slug, excerpt, image }))).toEqual([
      { slug: "own", excerpt: "Own excerpt", image: "/images/blog/x.webp" },
      { slug: "seo", excerpt: "From SEO", image: BLOG_PLACEHOLDER_IMAGE },
      { slug: "none", excerpt: "", image: BLOG_PLACEHOLDER_IMAGE },
    ]);
  });

  it("/blog/{slug}: a draft and an unknown slug answer 404 with no post", async () => {
    await insertPost(db.db, { slug: "still-a-draft", status: "draft", title: "Draft title" });
    for (const slug of ["still-a-draft", "never-written"]) {
      const page = await postPage(slug);
      expect(page.status, slug).toBe(404);
      expect(page.data.post).toBeNull();
    }
  });

  it("/blog/{slug}: sanitizes stored HTML again on the way out, dates in Central Time, metadata fallbacks", async () => {
    // Midnight UTC on 1 March is still 28 February in Chicago.
    await insertPost(db.db, {
      slug: "hostile",
      title: "Hostile",
      seoTitle: null,
      seoDescription: null,
      featuredImageUrl: null,
      publishedAt: new Date("2026-03-01T03:00:00Z"),
      content: `<h2>Safe heading</h2><script>alert(1)</script><img src=x onerror=alert(1)><a href="javascript:alert(1)">x</a><p>${"word ".repeat(60)}</p>`,
    });
    const page = await postPage("hostile");
    expect(page.status).toBe(200);
    const post = page.data.post!;
    expect(post.contentHtml).toBe(`<h2>Safe heading</h2><img src="x" /><a>x</a><p>${"word ".repeat(60)}</p>`);
    expect(post.dateLabel).toBe("February 28, 2026");
    expect(post.url).toBe("https://www.example.com/blog/hostile");
    expect(post.meta).toEqual({
      title: "Hostile",
      description: `Safe heading x ${"word ".repeat(60)}`.slice(0, 160).trimEnd(),
      image: BLOG_PLACEHOLDER_IMAGE,
    });
  });

  it("/blog/{slug}: the head carries canonical, Open Graph article, Twitter card and JSON-LD Article", async () => {
    await insertPost(db.db, {
      slug: "with-seo",
      title: "Plain title",
      seoTitle: "SEO title",
      seoDescription: "SEO description",
      featuredImageUrl: "/images/blog/why-manufacturing-matters-america.webp",
      publishedAt: new Date("2026-03-02T15:00:00Z"),
    });
    const { data } = await postPage("with-seo");
    const meta = blogPostRoute.meta({
      data,
      loaderData: data,
      params: { slug: "with-seo" },
      location: { pathname: "/blog/with-seo" },
      matches: [{ id: "root", loaderData: { env: { siteUrl: "https://www.example.com" } } }],
    } as any) as Array<Record<string, any>>;
    const find = (key: string, value: string) => meta.find((tag) => tag[key] === value);
    expect(find("rel", "canonical")?.href).toBe("https://www.example.com/blog/with-seo");
    expect(find("property", "og:type")?.content).toBe("article");
    expect(find("property", "og:title")?.content).toBe("SEO title");
    expect(find("name", "description")?.content).toBe("SEO description");
    const image = "https://www.example.com/images/blog/why-manufacturing-matters-america.webp";
    expect(find("property", "og:image")?.content).toBe(image);
    expect(find("name", "twitter:card")?.content).toBe("summary_large_image");
    const article = meta.map((tag) => tag["script:ld+json"]).find((json) => json?.["@type"] === "Article");
    expect(article).toMatchObject({
      headline: "SEO title",
      datePublished: "2026-03-02T15:00:00.000Z",
      image: [image],
      author: { "@type": "Person", name: "Mark Halvorsen" },
    });
    expect(typeof article.dateModified).toBe("string");
    expect(blogPostRoute.links()).toContainEqual(expect.objectContaining({ rel: "alternate", type: "application/rss+xml", href: "/blog/rss.xml" }));
  });

  it("/sitemap.xml lists published posts and no draft", async () => {
    await insertPost(db.db, { slug: "in-the-sitemap" });
    await insertPost(db.db, { slug: "draft-not-in-sitemap", status: "draft" });
    const { text } = await body(await sitemapRoute.loader());
    expect(text).toContain("<loc>https://www.example.com/blog/in-the-sitemap</loc>");
    expect(text).not.toContain("draft-not-in-sitemap");
  });

  it("/blog/rss.xml: RSS 2.0 of published posts only, newest first, with titles and text escaped", async () => {
    await insertPost(db.db, { slug: "older-item", title: "Older item", publishedAt: daysAgo(2) });
    await insertPost(db.db, {
      slug: "tricky-item",
      title: 'Speeds & Feeds <b>"bold"</b> ]]> end',
      seoDescription: null,
      content: "<p>Tolerance &lt; 0.001 &amp; more</p><script>alert(1)</script>",
      publishedAt: daysAgo(1),
    });
    await insertPost(db.db, { slug: "draft-item", title: "Draft item", status: "draft" });
    const { type, text } = await body(await rssRoute.loader());
    expect(type).toBe("application/rss+xml; charset=utf-8");
    expect(text).toMatch(/^<\?xml version="1.0" encoding="utf-8"\?>\s*<rss version="2.0"/);
    expect(text).toContain("<link>https://www.example.com/blog</link>");
    expect(text).not.toContain("draft-item");
    expect(text).not.toContain("<script>");
    expect(text.indexOf("tricky-item")).toBeLessThan(text.indexOf("older-item"));

    // What a feed reader gets back after parsing: the exact title and text, no markup leaking.
    const items = [...text.matchAll(/<item>([\s\S]*?)<\/item>/g)].map((match) => match[1]!);
    const tricky = items.find((item) => item.includes("tricky-item"))!;
    expect(xmlText(tricky, "title")).toBe('Speeds & Feeds <b>"bold"</b> ]]> end');
    expect(xmlText(tricky, "description")).toBe("Tolerance < 0.001 & more");
  });

  it("/blog/rss.xml: every link and image of an item is absolute (feed readers have no page to resolve against)", async () => {
    await insertPost(db.db, {
      slug: "linked-item",
      featuredImageUrl: "/media/posts/1-linked-item-shop.webp",
      content:
        '<p>Book a <a href="/booking">free assessment</a>, see <a href="#tables">the tables</a> or <a href="../about">about</a>.</p>' +
        '<p><img src="/images/blog/spindle.webp" srcset="/images/blog/spindle-480.webp 480w, /images/blog/spindle.webp 1200w" alt="Spindle"></p>' +
        '<p><a href="https://other.example/x">Elsewhere</a> <a href="mailto:shop@example.com">Mail</a></p>',
    });
    const { text } = await body(await rssRoute.loader());
    const item = [...text.matchAll(/<item>([\s\S]*?)<\/item>/g)].map((match) => match[1]!).find((it) => it.includes("linked-item"))!;
    const content = xmlText(item, "content:encoded");
    const urls = [...content.matchAll(/\s(?:href|src)="([^"]*)"/g)].map((m) => m[1]!);
    const srcset = [...content.matchAll(/\ssrcset="([^"]*)"/g)].flatMap((m) => m[1]!.split(/,\s*/).map((candidate) => candidate.split(/\s+/)[0]!));
    expect(urls).toEqual([
      "https://www.example.com/booking",
      "https://www.example.com/blog/linked-item#tables",
      "https://www.example.com/about",
      "https://www.example.com/images/blog/spindle.webp",
      "https://other.example/x",
      "mailto:shop@example.com",
    ]);
    expect(srcset).toEqual(["https://www.example.com/images/blog/spindle-480.webp", "https://www.example.com/images/blog/spindle.webp"]);
    expect(item).toContain('url="https://www.example.com/media/posts/1-linked-item-shop.webp"');
  });
});

/** The text of the first <tag> in `xml`, with CDATA sections and entities resolved as an XML parser would. */
function xmlText(xml: string, tag: string): string {
  const raw = new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`).exec(xml)?.[1] ?? "";
  return raw
    .split(/(<!\[CDATA\[[\s\S]*?\]\]>)/)
    .map((part) =>
      part.startsWith("<![CDATA[")
        ? part.slice(9, -3)
        : part.replace(/&(lt|gt|amp|quot|apos);/g, (_, name: string) => ({ lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" })[name]!),
    )
    .join("");
}
