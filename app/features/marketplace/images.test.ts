import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { freeTools, marketplaceApplications } from "~/content/marketplace";
import { DEFAULT_OG_IMAGE } from "~/lib/seo";
import { IMAGE_FORMATS, imageBase, imageVariant, LOGO_WIDTHS, SCREENSHOT_RATIO, SCREENSHOT_WIDTHS } from "./images";

const publicDir = path.resolve(import.meta.dirname, "../../../public");

describe("imageVariant", () => {
  it("swaps width and format of a -<width>.webp path", () => {
    expect(imageVariant("/images/marketplace/calc-1280.webp", 720, "avif")).toBe("/images/marketplace/calc-720.avif");
    expect(imageVariant("/images/a-b-c-logo-128.webp", 64, "webp")).toBe("/images/a-b-c-logo-64.webp");
  });

  it("rejects paths that do not name a width", () => {
    expect(() => imageVariant("/images/marketplace/calc.webp", 640, "avif")).toThrow(/-<width>\.webp/);
    expect(() => imageVariant("/images/marketplace/calc-1280.png", 640, "avif")).toThrow();
  });

  it("gives the base path the responsive image adds widths and formats to", () => {
    expect(imageBase("/images/marketplace/calc-1280.webp")).toBe("/images/marketplace/calc");
    expect(() => imageBase("/images/marketplace/calc.webp")).toThrow(/-<width>\.webp/);
  });
});

describe("marketplace image files", () => {
  const images = [
    ...marketplaceApplications.flatMap((application) => [
      { src: application.image, widths: SCREENSHOT_WIDTHS, ratio: SCREENSHOT_RATIO },
      { src: application.logoUrl, widths: LOGO_WIDTHS, ratio: 1 },
    ]),
    ...freeTools.flatMap((tool) => (tool.logoUrl ? [{ src: tool.logoUrl, widths: LOGO_WIDTHS, ratio: 1 }] : [])),
  ];

  it.each(images)("$src exists in every width and format with the right size", async ({ src, widths, ratio }) => {
    for (const width of widths) {
      for (const format of IMAGE_FORMATS) {
        const file = path.join(publicDir, imageVariant(src, width, format));
        expect(fs.existsSync(file), file).toBe(true);
        const metadata = await sharp(file).metadata();
        expect(metadata.width).toBe(width);
        expect(metadata.height).toBe(Math.round(width * ratio));
      }
    }
  });

  it("has the default Open Graph image as a 1200×630 PNG", async () => {
    const metadata = await sharp(path.join(publicDir, DEFAULT_OG_IMAGE)).metadata();
    expect(metadata.format).toBe("png");
    expect([metadata.width, metadata.height]).toEqual([1200, 630]);
  });
});
