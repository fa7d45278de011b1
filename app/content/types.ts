/**
 * Shared types for the static marketing content modules in `app/content/`.
 * Plain TypeScript only: no React, no runtime imports.
 */

/** A readonly tuple of exactly `N` items; used to pin the static counts of SPEC section 9. */
export type FixedArray<
  T,
  N extends number,
  Acc extends readonly T[] = readonly [],
> = Acc["length"] extends N ? Acc : FixedArray<T, N, readonly [...Acc, T]>;

/**
 * Lucide icon component names used by the content (PascalCase export names of `lucide-react`).
 * Kept as a local string union so content modules stay free of React imports.
 */
export type IconName =
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

/** Internal routes that content call-to-actions may point to (SPEC section 2). */
export type ContentRoute =
  | "/"
  | "/about"
  | "/affiliate-application"
  | "/affiliate-dashboard"
  | "/affiliate-program"
  | "/auth?redirect=/affiliate-application"
  | "/blog"
  | "/booking"
  | "/bootcamp"
  | "/marketplace";

export interface CtaLink {
  readonly label: string;
  readonly href: ContentRoute;
}

/** Per-page metadata defaults (title, description <= 160 characters). */
export interface PageMeta {
  readonly title: string;
  readonly description: string;
}

export interface IconCard {
  readonly title: string;
  readonly description: string;
  readonly icon: IconName;
}

export interface ImageAsset {
  readonly src: string;
  readonly alt: string;
}
