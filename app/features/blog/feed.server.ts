// /blog/rss.xml: the newest published posts as RSS 2.0 (the `feed` library writes and escapes the
// XML). Drafts never appear: the query asks for published posts only. A feed reader has no page to
// resolve a relative link against, so each item's links and images are absolute (on the post's URL).
import { Feed } from "feed";
import { site } from "~/content/site";
import { absoluteUrl } from "~/lib/seo";
import { postImage, postMetaDescription } from "./metadata";
import { listPublishedPostsWithContent } from "./posts.server";
import { postPlainText, sanitizePostHtml } from "~/lib/sanitize";
import { BLOG_DESCRIPTION, BLOG_TITLE, FEED_PATH } from "./seo";

export const FEED_SIZE = 50;

export async function blogFeedXml(siteUrl: string): Promise<string> {
  const posts = await listPublishedPostsWithContent(FEED_SIZE);
  const feed = new Feed({
    title: BLOG_TITLE,
    description: BLOG_DESCRIPTION,
    id: absoluteUrl(siteUrl, "/blog"),
    link: absoluteUrl(siteUrl, "/blog"),
    language: "en",
    copyright: `© ${site.businessName}`,
    updated: posts[0]?.updatedAt,
    feedLinks: { rss: absoluteUrl(siteUrl, FEED_PATH) },
  });
  for (const post of posts) {
    const link = absoluteUrl(siteUrl, `/blog/${encodeURIComponent(post.slug)}`);
    feed.addItem({
      title: post.title,
      id: link,
      link,
      description: postMetaDescription(post, postPlainText(post.content)),
      content: sanitizePostHtml(post.content, { baseUrl: link }),
      date: post.publishedAt ?? post.updatedAt,
      image: absoluteUrl(siteUrl, postImage(post)),
    });
  }
  return feed.rss2();
}
