// The blog pages' head (SPEC sections 1 and 2 'Blog'): canonical, Open Graph, Twitter card, the
// RSS link, and on a post the article's own title/description/image fallbacks and JSON-LD Article.
import type { LinkDescriptor } from "react-router";
import { site } from "~/content/site";
import { absoluteUrl, seo, siteUrlFrom } from "~/lib/seo";
import type { BlogPostView } from "./pages.server";

export const BLOG_TITLE = "Manufacturing Intelligence Blog";
export const BLOG_DESCRIPTION =
  "Articles on CNC machining, aerospace manufacturing, reshoring, tariffs and AI on the shop floor from a senior CNC machinist and consultant.";
export const FEED_PATH = "/blog/rss.xml";

/** Every blog page's <head> names the feed. */
export const feedLinks = (): LinkDescriptor[] => [
  { rel: "alternate", type: "application/rss+xml", title: BLOG_TITLE, href: FEED_PATH },
];

type MetaArgs = Parameters<typeof seo>[0];

export function blogIndexMeta(args: MetaArgs) {
  return seo(args, { title: BLOG_TITLE, description: BLOG_DESCRIPTION, path: "/blog" });
}

export function articleJsonLd(siteUrl: string, post: BlogPostView) {
  return {
    "@context": "https://schema.org",
    "@type": "Article",
    headline: post.meta.title,
    description: post.meta.description,
    image: [absoluteUrl(siteUrl, post.meta.image)],
    datePublished: post.publishedAt,
    dateModified: post.updatedAt,
    mainEntityOfPage: post.url,
    url: post.url,
    author: { "@type": "Person", name: site.name, jobTitle: site.jobTitle, url: absoluteUrl(siteUrl, "/about") },
    publisher: { "@type": "Organization", name: site.businessName, url: siteUrl },
  };
}

export function blogPostMeta(args: MetaArgs & { loaderData: { post: BlogPostView | null } | undefined }) {
  const post = args.loaderData?.post;
  if (!post) {
    return seo(args, { title: "Post not found", description: "No published post has this address.", noIndex: true });
  }
  return [
    ...seo(args, {
      title: post.meta.title,
      description: post.meta.description,
      path: `/blog/${encodeURIComponent(post.slug)}`,
      image: post.meta.image,
      type: "article",
      jsonLd: articleJsonLd(siteUrlFrom(args.matches), post),
    }),
    { property: "article:published_time", content: post.publishedAt },
    { property: "article:modified_time", content: post.updatedAt },
  ];
}
