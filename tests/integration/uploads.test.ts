// The site's image upload pipeline (server/uploads): what passes, what is refused and why, and the
// two stores (DATA_DIR/media and an S3-compatible bucket, here s3rver on 127.0.0.1).
import fs from "node:fs";
import path from "node:path";
import { text } from "node:stream/consumers";
import type S3rver from "s3rver";
import { startS3rver } from "../support/s3rver";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prepareImage, type ImageVariantSpec } from "#server/uploads/image-variants.server";
import { diskMediaStore, s3MediaStore, type MediaStore } from "#server/uploads/media-store.server";
import { tempDir } from "../../scripts/support/databases";

const SPEC: ImageVariantSpec = { widths: [480, 800, 1200], aspect: { width: 1200, height: 630 } };
const MAX_PIXELS = 40_000_000;

async function photo(width: number, height: number, format: "jpeg" | "png" | "webp" | "gif", options: { orientation?: number } = {}) {
  let image = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 30 } } });
  if (options.orientation) image = image.withMetadata({ orientation: options.orientation, exif: { IFD0: { Copyright: "secret GPS owner" } } });
  return image.toFormat(format).toBuffer();
}

describe("prepareImage", () => {
  it.each(["jpeg", "png", "webp", "gif"] as const)("re-encodes a %s into three WebP widths of the 1200x630 shape", async (format) => {
    const prepared = await prepareImage(await photo(1600, 1200, format), SPEC, MAX_PIXELS);
    expect(prepared.ok).toBe(true);
    if (!prepared.ok) return;
    const sizes = await Promise.all(prepared.variants.map(async (v) => ({ ...(await sharp(v.bytes).metadata()), declared: [v.width, v.height] })));
    expect(sizes.map((s) => [s.format, s.width, s.height])).toEqual([
      ["webp", 480, 252],
      ["webp", 800, 420],
      ["webp", 1200, 630],
    ]);
    expect(sizes.map((s) => s.declared)).toEqual([[480, 252], [800, 420], [1200, 630]]);
  });

  it.each([
    // 800x800: the 1200x630 shape's largest crop is 800x420, so the 1200 width is kept at 800.
    [800, 800, [[480, 252], [800, 420], [800, 420]]],
    // 1000x300: the largest crop is 571x300.
    [1000, 300, [[480, 252], [571, 300], [571, 300]]],
    // Smaller than the smallest width: every width is the image's own crop.
    [300, 300, [[300, 158], [300, 158], [300, 158]]],
  ])("never enlarges: a %ix%i image is cropped to the shape at most at its own size", async (width, height, expected) => {
    const prepared = await prepareImage(await photo(width, height, "png"), SPEC, MAX_PIXELS);
    if (!prepared.ok) throw new Error(prepared.reason);
    const sizes = await Promise.all(prepared.variants.map(async (v) => ({ ...(await sharp(v.bytes).metadata()), declared: [v.width, v.height] })));
    expect(sizes.map((s) => [s.width, s.height])).toEqual(expected);
    expect(sizes.map((s) => s.declared)).toEqual(expected);
    // Each is still stored under the width it stands for (the file names the pages ask for).
    expect(prepared.variants.map((v) => v.forWidth)).toEqual([480, 800, 1200]);
  });

  it("applies the camera's orientation and keeps no metadata", async () => {
    // 600x1200 stored sideways (orientation 6: rotate 90°): shown as 1200x600 landscape.
    const prepared = await prepareImage(await photo(1200, 600, "jpeg", { orientation: 6 }), SPEC, MAX_PIXELS);
    if (!prepared.ok) throw new Error(prepared.reason);
    const metadata = await sharp(prepared.variants[2]!.bytes).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
    expect(prepared.variants[2]!.bytes.includes(Buffer.from("secret GPS owner"))).toBe(false);
  });

  it.each([
    ["an HTML page named .jpg", Buffer.from("<!doctype html><script>alert(1)</script>")],
    ["an SVG image", Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>')],
    ["a PDF", Buffer.from("%PDF-1.7\n1 0 obj\n<<>>\nendobj\n")],
    ["empty bytes", Buffer.alloc(0)],
  ])("refuses %s as not an image", async (_what, bytes) => {
    expect(await prepareImage(bytes, SPEC, MAX_PIXELS)).toEqual({ ok: false, reason: "not-an-image" });
  });

  it("refuses a TIFF (a real image, but not one of the four)", async () => {
    const tiff = await sharp({ create: { width: 20, height: 20, channels: 3, background: "#fff" } }).tiff().toBuffer();
    expect(await prepareImage(tiff, SPEC, MAX_PIXELS)).toEqual({ ok: false, reason: "not-an-image" });
  });

  it("refuses a decompression bomb by its header, before decoding it", async () => {
    // 12,000 x 12,000 of one colour: a few hundred KB of PNG, 144 megapixels (432 MB) decoded.
    const bomb = await sharp({ create: { width: 12_000, height: 12_000, channels: 3, background: "#000" } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const rssBefore = process.memoryUsage().rss;
    expect(await prepareImage(bomb, SPEC, MAX_PIXELS)).toEqual({ ok: false, reason: "too-many-pixels" });
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(100 * 1024 * 1024);
  });

  it("refuses a truncated image as unreadable", async () => {
    const whole = await photo(800, 600, "jpeg");
    expect(await prepareImage(whole.subarray(0, 400), SPEC, MAX_PIXELS)).toEqual({ ok: false, reason: "unreadable" });
  });
});

async function exerciseStore(store: MediaStore) {
  const bytes = Buffer.from("RIFF....WEBPVP8 fake but stored as given");
  await store.put("posts/123-a-b.webp", bytes, "image/webp");
  const stored = await store.get("posts/123-a-b.webp");
  expect(stored).not.toBeNull();
  expect(stored!.contentType).toBe("image/webp");
  expect(stored!.length).toBe(bytes.length);
  expect(await text(stored!.body)).toBe(bytes.toString());
  expect(await store.get("posts/missing.webp")).toBeNull();
  // Keys the server would never make are neither read nor written.
  expect(await store.get("../secret")).toBeNull();
  expect(await store.get("posts/../../secret")).toBeNull();
  await expect(store.put("../escape.webp", bytes, "image/webp")).rejects.toThrow(/not a media key/);
}

describe("the disk store", () => {
  it("writes owner-only files under its folder and reads them back", async () => {
    const root = tempDir("media-");
    await exerciseStore(diskMediaStore(root));
    expect(fs.statSync(path.join(root, "posts/123-a-b.webp")).mode & 0o777).toBe(0o600);
    expect(fs.readdirSync(path.join(root, "posts"))).toEqual(["123-a-b.webp"]);
  });
});

describe("the S3 store, against a local S3-compatible server", () => {
  let server: S3rver;
  let endpoint: string;

  beforeAll(async () => {
    ({ server, endpoint } = await startS3rver(["site-media"]));
  });
  afterAll(async () => {
    await server?.close();
  });

  it("puts and gets objects in the bucket", async () => {
    await exerciseStore(
      s3MediaStore({ bucket: "site-media", endpoint, region: "us-east-1", accessKeyId: "S3RVER", secretAccessKey: "S3RVER" }),
    );
  });
});
