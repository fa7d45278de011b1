/**
 * Shared types for the static marketing content modules in `app/content/`.
 * Plain TypeScript only: no React, no runtime imports.
 */
import type { RoutePattern } from "~/lib/route-access";

/** A readonly tuple of exactly `N` items; used to pin the static counts of SPEC section 9. */
export type FixedArray<
  T,
  N extends number,
  Acc extends readonly T[] = readonly [],
> = Acc["length"] extends N ? Acc : FixedArray<T, N, readonly [...Acc, T]>;

/**
 * Lucide icon component names used by the content (PascalCase export names of `lucide-react`).
 * Kept as local string unions so content modules stay free of React imports; one per page, so each
 * page's lookup (and its script) holds only the icons it shows.
 */
export type HomeIconName =
  | "Bot"
  | "CircleDollarSign"
  | "ClipboardCheck"
  | "Crosshair"
  | "Factory"
  | "Gauge"
  | "HardHat"
  | "Plane"
  | "ShieldCheck"
  | "Truck"
  | "Users"
  | "Workflow";
export type AffiliateProgramIconName = "BadgeDollarSign" | "BarChart3" | "CalendarClock" | "Link2" | "Trophy";
export type IconName = HomeIconName | AffiliateProgramIconName;

/**
 * Internal routes that content call-to-actions may point to (SPEC section 2): any page of the route
 * table without parameters, with or without a query.
 */
type StaticRoute = Exclude<RoutePattern, `${string}:${string}` | `${string}*${string}`>;
export type ContentRoute = StaticRoute | `${StaticRoute}?${string}`;

export interface CtaLink {
  readonly label: string;
  readonly href: ContentRoute;
}

/** Per-page metadata (description <= 160 characters); seo() appends the site name to a title that lacks it. */
export interface PageMeta {
  readonly title: string;
  readonly description: string;
}

export interface IconCard<Name extends IconName = IconName> {
  readonly title: string;
  readonly description: string;
  readonly icon: Name;
}

/**
 * A raster image built by scripts/images/build-images.ts from its SVG artwork: one AVIF and one WebP
 * file per width, at `${base}-${width}.avif` / `.webp` under public/.
 */
export interface ImageAsset {
  /** Public path without width and extension, e.g. "/images/bootcamp/certification-badge". */
  readonly base: string;
  /** Widths built, ascending; the last one is the artwork's intrinsic width. */
  readonly widths: readonly number[];
  /** Intrinsic size of the artwork (keeps the layout stable before the file arrives). */
  readonly width: number;
  readonly height: number;
  readonly alt: string;
}
