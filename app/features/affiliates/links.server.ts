// A partner's custom links (SPEC.md: 'Create Custom Link'): a name, a same-site target and an
// optional slug that is unique (the column's constraint decides), is no affiliate's code and does
// not read as one of the site's own addresses.
import { and, count, desc, eq } from "drizzle-orm";
import { routeAccess } from "~/lib/route-access";
import { getDb, type Executor } from "#server/db/client.server";
import { databaseError, UNIQUE_VIOLATION } from "#server/db/errors.server";
import { affiliateClicks, affiliateLinks } from "#server/db/schema";
import { isAffiliateCode } from "./applications.server";

const SLUG_UNIQUE = "affiliate_links_custom_slug_unique";
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

export type NewLink = { name: string; targetUrl: string; customSlug?: string };
export type CreateLinkOutcome = { outcome: "created"; id: string } | { outcome: "slug-refused"; message: string };

export async function createAffiliateLink(affiliateId: string, link: NewLink, executor: Executor = getDb()): Promise<CreateLinkOutcome> {
  const slug = link.customSlug?.toLowerCase() || null;
  if (slug && isReservedSlug(slug)) return { outcome: "slug-refused", message: SLUG_RESERVED_MESSAGE };
  if (slug && (await isAffiliateCode(slug, executor))) return { outcome: "slug-refused", message: SLUG_IS_CODE_MESSAGE };
  try {
    const [row] = await executor
      .insert(affiliateLinks)
      .values({ affiliateId, name: link.name, originalUrl: link.targetUrl, customSlug: slug })
      .returning({ id: affiliateLinks.id });
    return { outcome: "created", id: row!.id };
  } catch (error) {
    const known = databaseError(error);
    if (known?.code === UNIQUE_VIOLATION && known.constraint === SLUG_UNIQUE) return { outcome: "slug-refused", message: SLUG_TAKEN_MESSAGE };
    throw error;
  }
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
