import { getEnv } from "~/lib/env.server";
import { buildSitemap } from "~/lib/sitemap.server";

export async function loader() {
  return new Response(await buildSitemap(getEnv().SITE_URL), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=600" },
  });
}
