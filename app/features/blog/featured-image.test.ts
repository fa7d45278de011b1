import { describe, expect, it } from "vitest";
import { featuredImageKey, featuredImageSources, featuredImageVariant } from "./featured-image";

const SIZES = "(min-width: 896px) 896px, 100vw";

describe("featured image widths", () => {
  it("names the smaller widths beside the full one", () => {
    expect(featuredImageVariant("/media/posts/1-a-b.webp", 480)).toBe("/media/posts/1-a-b-480.webp");
    expect(featuredImageVariant("/media/posts/1-a-b.webp", 1200)).toBe("/media/posts/1-a-b.webp");
  });

  it("offers every width of an upload or a seed image", () => {
    expect(featuredImageSources("/media/posts/1-a-b.webp", SIZES)).toEqual({
      src: "/media/posts/1-a-b.webp",
      srcSet: "/media/posts/1-a-b-480.webp 480w, /media/posts/1-a-b-800.webp 800w, /media/posts/1-a-b.webp 1200w",
      sizes: SIZES,
    });
    expect(featuredImageSources("/images/blog/why.webp", SIZES).srcSet).toContain("/images/blog/why-800.webp 800w");
  });

  it("offers an address without its widths as it is", () => {
    expect(featuredImageSources("https://cdn.example/x.webp", SIZES)).toEqual({ src: "https://cdn.example/x.webp" });
    expect(featuredImageSources("/images/blog/x.png", SIZES)).toEqual({ src: "/images/blog/x.png" });
    expect(featuredImageSources("/media/posts/x.webp?v=1", SIZES)).toEqual({ src: "/media/posts/x.webp?v=1" });
  });
});

describe("the storage key of an upload", () => {
  const now = new Date("2026-11-24T00:30:00Z");
  it("is posts/{timestamp}-{slug}-{filename}, in safe characters", () => {
    expect(featuredImageKey("reshoring-playbook", "Shop Floor.JPG", now)).toBe(`posts/${now.getTime()}-reshoring-playbook-shop-floor.webp`);
  });

  it("keeps no path, dots or script from the client's name", () => {
    const key = featuredImageKey("x", "../../etc/passwd<script>.png", now);
    expect(key).toBe(`posts/${now.getTime()}-x-etc-passwd-script.webp`);
    expect(featuredImageKey("x", "....", now)).toBe(`posts/${now.getTime()}-x-image.webp`);
  });

  it("drops accents and other scripts, with a fallback for a name left empty", () => {
    expect(featuredImageKey("café-crème", "日本.gif", now)).toBe(`posts/${now.getTime()}-cafe-creme-image.webp`);
    expect(featuredImageKey("", "a".repeat(300), now)).toBe(`posts/${now.getTime()}-post-${"a".repeat(60)}.webp`);
  });
});
