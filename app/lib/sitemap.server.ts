import { and, desc, eq, isNotNull } from "drizzle-orm";
import { getDb } from "#server/db/client.server";
import { blogPosts } from "#server/db/schema";

/** Public, indexable pages; published posts are added from the database. */
export const publicPaths = [
  "/",
  "/bootcamp",
  "/about",
  "/marketplace",
  "/booking",
  "/blog",
  "/affiliate-program",
] as const;

const escapeXml = (value: string) =>
  value.replace(/[<>&'"]/g, (c) => `&${{ "<": "lt", ">": "gt", "&": "amp", "'": "apos", '"': "quot" }[c]};`);

export async function buildSitemap(siteUrl: string) {
  const posts = await getDb()
    .select({ slug: blogPosts.slug, updatedAt: blogPosts.updatedAt })
    .from(blogPosts)
    .where(and(eq(blogPosts.status, "published"), isNotNull(blogPosts.publishedAt)))
    .orderBy(desc(blogPosts.publishedAt));
  const entries = [
    ...publicPaths.map((path) => ({ loc: `${siteUrl}${path === "/" ? "/" : path}`, lastmod: undefined })),
    ...posts.map((post) => ({
      loc: `${siteUrl}/blog/${encodeURIComponent(post.slug)}`,
      lastmod: post.updatedAt.toISOString(),
    })),
  ];
  const urls = entries
    .map(
      (entry) =>
        `  <url><loc>${escapeXml(entry.loc)}</loc>${entry.lastmod ? `<lastmod>${entry.lastmod}</lastmod>` : ""}</url>`,
    )
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

export function buildRobots(siteUrl: string) {
  return [
    "User-agent: *",
    "Allow: /",
    "Disallow: /admin",
    "Disallow: /admin-login",
    "Disallow: /affiliate-management",
    "Disallow: /affiliate-dashboard",
    "Disallow: /affiliate-application",
    "Disallow: /auth",
    "Disallow: /a/",
    "",
    `Sitemap: ${siteUrl}/sitemap.xml`,
    "",
  ].join("\n");
}
