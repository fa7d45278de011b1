// Renders the seed posts' featured images and the blog placeholder (1200×630 WebP, and the 480 and
// 800 widths beside each) from the
// original artwork in blog-artwork.ts. Run once after changing the artwork and commit the outputs:
//   npx tsx scripts/images/build-blog-images.ts
// Paths come from the seed posts and the blog's metadata, so the data and the files cannot drift.
import fs from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { featuredImageVariant, FEATURED_IMAGE_WIDTHS } from "../../app/features/blog/featured-image.ts";
import { BLOG_PLACEHOLDER_IMAGE, FEATURED_IMAGE_SIZE } from "../../app/features/blog/metadata.ts";
import { seedPosts } from "../../app/features/blog/seed-posts.ts";
import {
  aiRenaissanceSvg,
  blogPlaceholderSvg,
  manufacturingVsChinaSvg,
  reshoringPlaybookSvg,
  tariffsSvg,
  whyManufacturingMattersSvg,
} from "./blog-artwork.ts";

const publicDir = path.resolve(import.meta.dirname, "../../public");

const artworkBySlug: Record<string, () => string> = {
  "american-manufacturing-vs-china": manufacturingVsChinaSvg,
  "reshoring-cnc-shop-floor-playbook": reshoringPlaybookSvg,
  "trump-tariffs-manufacturing-impact": tariffsSvg,
  "american-manufacturing-2030-ai-renaissance": aiRenaissanceSvg,
  "why-manufacturing-matters-america": whyManufacturingMattersSvg,
};

/** Every width the pages offer (featured-image.ts), named as they expect. */
async function render(publicPath: string, svg: string) {
  for (const width of FEATURED_IMAGE_WIDTHS) {
    const variantPath = featuredImageVariant(publicPath, width);
    const file = path.join(publicDir, variantPath);
    await fs.mkdir(path.dirname(file), { recursive: true });
    const height = Math.round((width * FEATURED_IMAGE_SIZE.height) / FEATURED_IMAGE_SIZE.width);
    const info = await sharp(Buffer.from(svg), { density: 72 * (width / FEATURED_IMAGE_SIZE.width) * 2 })
      .resize(width, height)
      .webp({ quality: 80, effort: 6 })
      .toFile(file);
    console.log(`${variantPath}  ${info.width}×${info.height}  ${(info.size / 1024).toFixed(1)} KB`);
  }
}

for (const post of seedPosts) {
  const artwork = artworkBySlug[post.slug];
  if (!artwork) throw new Error(`No artwork drawn for seed post "${post.slug}"`);
  await render(post.featuredImageUrl, artwork());
}
await render(BLOG_PLACEHOLDER_IMAGE, blogPlaceholderSvg());
