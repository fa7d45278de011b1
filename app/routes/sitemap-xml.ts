import { listPublishedPostSlugs } from "~/features/blog/posts.server";
import { getEnv } from "~/lib/env.server";
import { buildSitemap } from "~/lib/sitemap";

export async function loader() {
  const posts = await listPublishedPostSlugs();
  const entries = posts.map((post) => ({ path: `/blog/${encodeURIComponent(post.slug)}`, lastModified: post.updatedAt }));
  return new Response(buildSitemap(getEnv().SITE_URL, entries), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=600" },
  });
}
