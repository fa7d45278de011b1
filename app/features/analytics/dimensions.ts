// Each breakdown's key in a raw page view; the rollups keep the same keys, one set per dimension.
import { sql, type SQL } from "drizzle-orm";

export const DIMENSIONS = {
  pages: sql.raw("path"),
  referrers: sql.raw("referrer_host"),
  campaigns: sql.raw("nullif(concat_ws(' / ', utm_source, utm_medium, utm_campaign), '')"),
  devices: sql.raw("device_class"),
  countries: sql.raw("country"),
} satisfies Record<string, SQL>;

export type Dimension = keyof typeof DIMENSIONS;
