import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { postPlainText, sanitizePostHtml } from "~/lib/sanitize";
import { seedPosts } from "./seed-posts";
import { isValidSlug } from "./slug";
import { META_DESCRIPTION_LENGTH } from "./metadata";

const publicDir = path.resolve(import.meta.dirname, "../../../public");

describe("seed posts", () => {
  it("are the spec's five slugs, a readable one where the spec shows a hash", () => {
    expect(seedPosts.map((post) => post.slug)).toEqual([
      "american-manufacturing-vs-china",
      "reshoring-cnc-shop-floor-playbook",
      "trump-tariffs-manufacturing-impact",
      "american-manufacturing-2030-ai-renaissance",
      "why-manufacturing-matters-america",
    ]);
  });

  it.each(seedPosts.map((post) => [post.slug, post] as const))("%s: valid, clean, substantial and complete", (slug, post) => {
    expect(isValidSlug(slug)).toBe(true);
    expect(sanitizePostHtml(post.content)).toBe(post.content);
    expect(postPlainText(post.content).split(" ").length).toBeGreaterThanOrEqual(600);
    expect(post.content).toMatch(/<h2>/);
    expect(post.content).toMatch(/<(ul|ol|table)>/);
    expect(post.excerpt.trim()).not.toBe("");
    expect(post.seoTitle.trim()).not.toBe("");
    expect(post.seoDescription.length).toBeGreaterThan(50);
    expect(post.seoDescription.length).toBeLessThanOrEqual(META_DESCRIPTION_LENGTH);
    expect(fs.existsSync(path.join(publicDir, post.featuredImageUrl)), post.featuredImageUrl).toBe(true);
  });

  it("have their own excerpts, SEO fields and images", () => {
    for (const field of ["title", "excerpt", "seoTitle", "seoDescription", "featuredImageUrl"] as const) {
      expect(new Set(seedPosts.map((post) => post[field])).size, field).toBe(seedPosts.length);
    }
  });
});
