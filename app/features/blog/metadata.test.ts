import { describe, expect, it } from "vitest";
import {
  BLOG_PLACEHOLDER_IMAGE,
  cardExcerpt,
  postImage,
  postMetaDescription,
  postMetaTitle,
  postShareLinks,
} from "./metadata";
import { postPlainText } from "~/lib/sanitize";

describe("card excerpt: excerpt, then SEO description, then empty", () => {
  it.each([
    [{ excerpt: "Own excerpt", seoDescription: "SEO" }, "Own excerpt"],
    [{ excerpt: null, seoDescription: "SEO description" }, "SEO description"],
    [{ excerpt: "   ", seoDescription: "SEO description" }, "SEO description"],
    [{ excerpt: null, seoDescription: null }, ""],
    [{ excerpt: "", seoDescription: " " }, ""],
  ])("%j → %j", (post, expected) => {
    expect(cardExcerpt(post)).toBe(expected);
  });
});

describe("page metadata fallbacks", () => {
  it("title: SEO title, then title", () => {
    expect(postMetaTitle({ title: "Title", seoTitle: "SEO Title" })).toBe("SEO Title");
    expect(postMetaTitle({ title: "Title", seoTitle: null })).toBe("Title");
    expect(postMetaTitle({ title: "Title", seoTitle: "  " })).toBe("Title");
  });

  it("description: SEO description, then the first 160 characters of the text", () => {
    const text = "word ".repeat(60).trim(); // 299 characters
    expect(postMetaDescription({ seoDescription: "Given" }, text)).toBe("Given");
    expect(postMetaDescription({ seoDescription: null }, text)).toBe(text.slice(0, 160).trimEnd());
    expect(postMetaDescription({ seoDescription: "" }, "Short text.")).toBe("Short text.");
  });

  it("image: the featured image, then the placeholder", () => {
    expect(postImage({ featuredImageUrl: "/media/posts/a.webp" })).toBe("/media/posts/a.webp");
    expect(postImage({ featuredImageUrl: null })).toBe(BLOG_PLACEHOLDER_IMAGE);
    expect(postImage({ featuredImageUrl: "" })).toBe(BLOG_PLACEHOLDER_IMAGE);
  });
});

describe("postPlainText", () => {
  it("drops tags (and scripts with their content), decodes entities, collapses whitespace", () => {
    const html = `<h2>Heading</h2><p>Cost &amp; lead&nbsp;time &lt;&gt; &quot;quoted&quot; &#169;</p>
      <ul><li>one</li><li>two</li></ul><script>alert("x")</script><p>caf&eacute;</p>`;
    expect(postPlainText(html)).toBe('Heading Cost & lead time <> "quoted" © one two café');
  });

  it("keeps words apart across block boundaries but not across inline tags", () => {
    expect(postPlainText("<p>end.</p><p>Next</p>")).toBe("end. Next");
    expect(postPlainText("<p>bo<strong>ld</strong> word</p>")).toBe("bold word");
  });

  it("feeds the 160-character description from the text, not the markup", () => {
    const html = `<p>${"<strong>A</strong> ".repeat(100)}</p>`;
    const description = postMetaDescription({ seoDescription: null }, postPlainText(html));
    expect(description).toBe("A ".repeat(80).trim());
    expect(description).not.toContain("<");
  });
});

describe("postShareLinks", () => {
  it("X: title plus the description's first 100 characters; Facebook u and LinkedIn url: the post URL", () => {
    const url = "https://site.example/blog/trump-tariffs-manufacturing-impact";
    const description = "d".repeat(150);
    const links = postShareLinks({ title: "Tariffs & Shops", description, url });
    const x = new URL(links.x);
    expect(x.searchParams.get("text")).toBe(`Tariffs & Shops: ${"d".repeat(100)}…`);
    expect(x.searchParams.get("url")).toBe(url);
    expect(new URL(links.facebook).searchParams.get("u")).toBe(url);
    expect(new URL(links.linkedin).searchParams.get("url")).toBe(url);
  });
});
