import type { Route } from "./+types/blog";
import { BlogIndexPage } from "~/features/blog/components/blog-index-page";
import { blogIndexData } from "~/features/blog/pages.server";
import { blogIndexMeta, feedLinks } from "~/features/blog/seo";
import { BlogNewsletter } from "~/features/newsletter/components/blog-newsletter";
import { contentPageHandle, loadAsDocument } from "~/lib/content-page";

// A content page: no React in the browser (decision 040). Its newsletter forms, popup and share
// buttons are app/enhance/newsletter.ts's and share.ts's.
export const handle = contentPageHandle;
export const clientLoader = loadAsDocument;

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
