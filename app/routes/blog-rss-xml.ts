import { blogFeedXml } from "~/features/blog/feed.server";
import { getEnv } from "~/lib/env.server";

export async function loader() {
  return new Response(await blogFeedXml(getEnv().SITE_URL), {
    headers: { "Content-Type": "application/rss+xml; charset=utf-8", "Cache-Control": "public, max-age=600" },
  });
}
