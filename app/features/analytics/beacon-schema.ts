// What a page's beacon sends (POST /api/analytics/view, JSON): the path it shows, the referrer of a
// first load, the campaign parameters. Browser-safe: the beacon and the action share it.
import { z } from "~/lib/zod";

const utm = z.string().trim().max(100).optional();

export const beaconSchema = z.object({
  path: z.string().startsWith("/").max(300),
  referrer: z.string().max(1000).optional(),
  utmSource: utm,
  utmMedium: utm,
  utmCampaign: utm,
});

export type Beacon = z.infer<typeof beaconSchema>;
