// What a page's beacon sends (POST /api/analytics/view, JSON): the path it shows, the referrer of a
// first load, the campaign parameters. Browser-safe: the beacon and the action share it.
// Every field is checked here, before its view joins a batch: one value the database refuses
// would fail the whole batch's insert.
import { plainText } from "~/lib/plain-text";
import { z } from "~/lib/zod";

// Campaign names come from the link the visitor followed (a `%00` in it arrives as a NUL): the
// visit is real, so control characters are stripped and a long name clipped rather than the view lost.
const utm = plainText()
  .trim()
  .overwrite((value) => value.slice(0, 100))
  .optional();

export const beaconSchema = z.object({
  // A browser sends its path percent-encoded: raw control characters mean a forged beacon, refused.
  path: z
    .string()
    .max(300)
    .regex(/^\/[^\u0000-\u001f\u007f]*$/),
  referrer: plainText().max(1000).optional(),
  utmSource: utm,
  utmMedium: utm,
  utmCampaign: utm,
});

export type Beacon = z.infer<typeof beaconSchema>;
