// Renders the marketplace artwork and the default Open Graph image with sharp. Run once after
// changing the artwork and commit the outputs:
//   npx tsx scripts/images/build-marketplace-images.ts
// Output paths come from app/content/marketplace.ts, so the page and the files cannot drift apart.
import fs from "node:fs/promises";
import path from "node:path";
import sharp, { type Sharp } from "sharp";
import { freeTools, marketplaceApplications } from "../../app/content/marketplace.ts";
import {
  IMAGE_FORMATS,
  imageVariant,
  LOGO_WIDTHS,
  SCREENSHOT_WIDTHS,
  type ImageFormat,
} from "../../app/features/marketplace/images.ts";
import { DEFAULT_OG_IMAGE, SITE_NAME } from "../../app/lib/seo.ts";
import {
  capacityPlannerLogoSvg,
  cncMonitoringLogoSvg,
  cncMonitoringSvg,
  cycleTimeAnalyzerLogoSvg,
  machinistCalculatorLogoSvg,
  machinistCalculatorSvg,
  openGraphSvg,
} from "./marketplace-artwork.ts";

const publicDir = path.resolve(import.meta.dirname, "../../public");

const artworkById: Record<string, { screenshot?: () => string; logo: () => string }> = {
  "machinist-calculator": { screenshot: machinistCalculatorSvg, logo: machinistCalculatorLogoSvg },
  "cnc-monitoring-platform": { screenshot: cncMonitoringSvg, logo: cncMonitoringLogoSvg },
  "shop-capacity-planner": { logo: capacityPlannerLogoSvg },
  "cnc-cycle-time-analyzer": { logo: cycleTimeAnalyzerLogoSvg },
};

/** Renders the SVG straight at the target width (vector, so every size is sharp). */
function rasterize(svg: string, width: number) {
  const intrinsicWidth = Number(/width="(\d+)"/.exec(svg)?.[1]);
  return sharp(Buffer.from(svg), { density: (72 * width) / intrinsicWidth }).resize({ width });
}

function encode(image: Sharp, format: ImageFormat) {
  return format === "avif" ? image.avif({ quality: 60, effort: 6 }) : image.webp({ quality: 82, effort: 6 });
}

async function writeVariants(src: string, svg: string, widths: readonly number[]) {
  for (const width of widths) {
    for (const format of IMAGE_FORMATS) {
      const file = path.join(publicDir, imageVariant(src, width, format));
      await fs.mkdir(path.dirname(file), { recursive: true });
      const info = await encode(rasterize(svg, width), format).toFile(file);
      console.log(`${path.relative(publicDir, file)}  ${info.width}×${info.height}  ${(info.size / 1024).toFixed(1)} KB`);
    }
  }
}

function artworkFor(id: string) {
  const artwork = artworkById[id];
  if (!artwork) throw new Error(`No artwork drawn for marketplace item "${id}"`);
  return artwork;
}

for (const application of marketplaceApplications) {
  const artwork = artworkFor(application.id);
  if (!artwork.screenshot) throw new Error(`No screenshot drawn for "${application.id}"`);
  await writeVariants(application.image, artwork.screenshot(), SCREENSHOT_WIDTHS);
  await writeVariants(application.logoUrl, artwork.logo(), LOGO_WIDTHS);
}

for (const tool of freeTools) {
  if (tool.logoUrl) await writeVariants(tool.logoUrl, artworkFor(tool.id).logo(), LOGO_WIDTHS);
}

const ogFile = path.join(publicDir, DEFAULT_OG_IMAGE);
const og = await sharp(Buffer.from(openGraphSvg(SITE_NAME)))
  .png({ compressionLevel: 9, palette: true, quality: 95, dither: 0.6 })
  .toFile(ogFile);
console.log(`${path.relative(publicDir, ogFile)}  ${og.width}×${og.height}  ${(og.size / 1024).toFixed(1)} KB`);
