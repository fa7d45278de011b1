// /sitemap.xml and /robots.txt, built from the route-access table; the routes add the dynamic
// entries (published posts) they get from the features that own them.
import { robotsDisallowPrefixes, sitemapPaths } from "./route-access";

export type SitemapEntry = { path: string; lastModified?: Date };

const escapeXml = (value: string) =>
  value.replace(/[<>&'"]/g, (c) => `&${{ "<": "lt", ">": "gt", "&": "amp", "'": "apos", '"': "quot" }[c]};`);

/** The table's sitemap pages first, then `extra` (e.g. published posts). */
export function buildSitemap(siteUrl: string, extra: SitemapEntry[] = []) {
  const entries: SitemapEntry[] = [...sitemapPaths.map((path) => ({ path })), ...extra];
  const urls = entries
    .map(({ path, lastModified }) => {
      const lastmod = lastModified ? `<lastmod>${lastModified.toISOString()}</lastmod>` : "";
      return `  <url><loc>${escapeXml(`${siteUrl}${path}`)}</loc>${lastmod}</url>`;
    })
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

export function buildRobots(siteUrl: string) {
  return [
    "User-agent: *",
    "Allow: /",
    ...robotsDisallowPrefixes().map((prefix) => `Disallow: ${prefix}`),
    "",
    `Sitemap: ${siteUrl}/sitemap.xml`,
    "",
  ].join("\n");
}
