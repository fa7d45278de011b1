// A partner's custom links (SPEC.md: 'Create Custom Link'): a name, a same-site target and a slug,
// the link's address `/a/{slug}`: the partner's if given, which is unique (the column's constraint
// decides), is no affiliate's code and does not read as one of the site's own addresses; else one
// made from the name, so every link has an address to share.
import { and, count, desc, eq } from "drizzle-orm";
import { routeAccess } from "~/lib/route-access";
import { getDb, type Executor } from "#server/db/client.server";
import { affiliateClicks, affiliateLinks } from "./schema";
import { isAffiliateCode } from "./applications.server";
import { generateAffiliateCode } from "./code";

export const SLUG_TAKEN_MESSAGE = "That slug is already taken. Please choose another.";
export const SLUG_IS_CODE_MESSAGE = "That slug is an affiliate code. Please choose another.";
export const SLUG_RESERVED_MESSAGE = "That slug is one of the site's own addresses. Please choose another.";

/** First path segments of the site's routes ("bootcamp", "admin", "api", ...): not slugs. */
const RESERVED_SLUGS = new Set(
  Object.keys(routeAccess)
    .map((pattern) => pattern.split("/")[1] ?? "")
    .filter((segment) => segment && !segment.startsWith(":") && segment !== "*"),
);

export function isReservedSlug(slug: string): boolean {
  return RESERVED_SLUGS.has(slug.toLowerCase());
}

const NAME_PART_LENGTH = 41;
const GENERATED_SLUG_ATTEMPTS = 5;

/**
 * A slug from the link's name and a random tail ("Booking (YouTube)" → "booking-youtube-k3x9qa"):
 * ASCII letters and digits (accents dropped), at most 48 characters. Its hyphen keeps it from ever
 * reading as a code; the tail (the code alphabet, 31^6 values) keeps it unique.
 */
export function slugFromName(name: string, tail: string = generateAffiliateCode().slice(0, 6).toLowerCase()): string {
  const words = name
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .slice(0, NAME_PART_LENGTH)
    .replace(/^-+|-+$/g, "");
  return `${words || "link"}-${tail}`;
}

export type NewLink = { name: string; targetUrl: string; customSlug?: string };
export type CreateLinkOutcome = { outcome: "created"; id: string; slug: string } | { outcome: "slug-refused"; message: string };

export async function createAffiliateLink(affiliateId: string, link: NewLink, executor: Executor = getDb()): Promise<CreateLinkOutcome> {
  const chosen = link.customSlug?.toLowerCase() || null;
  if (chosen && isReservedSlug(chosen)) return { outcome: "slug-refused", message: SLUG_RESERVED_MESSAGE };
  if (chosen && (await isAffiliateCode(chosen, executor))) return { outcome: "slug-refused", message: SLUG_IS_CODE_MESSAGE };
  // A taken slug leaves no row (and no failed statement, so this may run inside a transaction).
  for (let attempt = 0; attempt < (chosen ? 1 : GENERATED_SLUG_ATTEMPTS); attempt += 1) {
    const slug = chosen ?? slugFromName(link.name);
    if (isReservedSlug(slug)) continue;
    const [row] = await executor
      .insert(affiliateLinks)
      .values({ affiliateId, name: link.name, originalUrl: link.targetUrl, customSlug: slug })
      .onConflictDoNothing({ target: affiliateLinks.customSlug })
      .returning({ id: affiliateLinks.id });
    if (row) return { outcome: "created", id: row.id, slug };
  }
  if (chosen) return { outcome: "slug-refused", message: SLUG_TAKEN_MESSAGE };
  throw new Error(`No free slug for a link after ${GENERATED_SLUG_ATTEMPTS} attempts`);
}

/** Deactivates one of the affiliate's own links; false when it is not theirs (or gone). */
export async function deactivateAffiliateLink(affiliateId: string, linkId: string, executor: Executor = getDb()): Promise<boolean> {
  const rows = await executor
    .update(affiliateLinks)
    .set({ isActive: false })
    .where(and(eq(affiliateLinks.id, linkId), eq(affiliateLinks.affiliateId, affiliateId)))
    .returning({ id: affiliateLinks.id });
  return rows.length > 0;
}

/** The affiliate's links, newest first, each with the clicks it brought. */
export async function listAffiliateLinks(affiliateId: string, executor: Executor = getDb()) {
  return executor
    .select({
      id: affiliateLinks.id,
      name: affiliateLinks.name,
      originalUrl: affiliateLinks.originalUrl,
      customSlug: affiliateLinks.customSlug,
      isActive: affiliateLinks.isActive,
      createdAt: affiliateLinks.createdAt,
      clicks: count(affiliateClicks.id),
    })
    .from(affiliateLinks)
    .leftJoin(affiliateClicks, eq(affiliateClicks.linkId, affiliateLinks.id))
    .where(eq(affiliateLinks.affiliateId, affiliateId))
    .groupBy(affiliateLinks.id)
    .orderBy(desc(affiliateLinks.createdAt));
}
