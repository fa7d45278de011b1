// Renders the site's original SVG artwork (scripts/images/art/) to the AVIF and WebP files the pages
// serve from public/images/. Run once after changing the artwork or an asset's widths, then commit
// the outputs:  npx tsx scripts/images/build-images.ts
// Sizes and paths come from the content modules, so the pages and the files cannot drift apart.
import fs from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { bootcamp } from "../../app/content/bootcamp";
import { home } from "../../app/content/home";
import { site } from "../../app/content/site";
import type { ImageAsset } from "../../app/content/types";

const root = path.resolve(import.meta.dirname, "../..");
const artDir = path.join(import.meta.dirname, "art");
const publicDir = path.join(root, "public");

const responsiveImages: Array<{ asset: ImageAsset; art: string }> = [
  { asset: bootcamp.certificationBadge, art: "certification-badge.svg" },
  { asset: site.portrait, art: "instructor-portrait.svg" },
  { asset: home.booking.image, art: "five-axis-blueprint.svg" },
];

async function buildResponsive({ asset, art }: { asset: ImageAsset; art: string }) {
  const svg = await fs.readFile(path.join(artDir, art));
  const { width, height } = await sharp(svg).metadata();
  if (width !== asset.width || height !== asset.height) {
    throw new Error(`${art} is ${width}x${height}, but its content entry says ${asset.width}x${asset.height}`);
  }
  const outBase = path.join(publicDir, asset.base);
  await fs.mkdir(path.dirname(outBase), { recursive: true });
  for (const w of asset.widths) {
    // Rasterise at the target width (density scales the SVG) rather than shrinking a bitmap.
    const density = Math.max(1, (72 * w) / asset.width);
    const raster = () => sharp(svg, { density }).resize({ width: w });
    await raster().avif({ quality: 55, effort: 6 }).toFile(`${outBase}-${w}.avif`);
    await raster().webp({ quality: 80, effort: 6 }).toFile(`${outBase}-${w}.webp`);
  }
  console.log(`${asset.base}: ${asset.widths.join(", ")} px (avif, webp)`);
}

for (const image of responsiveImages) await buildResponsive(image);
