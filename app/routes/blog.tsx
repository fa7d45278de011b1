import type { Route } from "./+types/blog";
import { BlogIndexPage } from "~/features/blog/components/blog-index-page";
import { blogIndexData } from "~/features/blog/pages.server";
import { blogIndexMeta, feedLinks } from "~/features/blog/seo";
import { BlogNewsletter } from "~/features/newsletter/components/blog-newsletter";

export const meta: Route.MetaFunction = (args) => blogIndexMeta(args);

export const links: Route.LinksFunction = feedLinks;

export async function loader() {
  return blogIndexData();
}

export default function Blog({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <BlogIndexPage posts={loaderData.posts} />
      <BlogNewsletter />
    </>
  );
}
