import type { Route } from "./+types/blog-post";
import { BlogPostPage, PostNotFound } from "~/features/blog/components/blog-post-page";
import { blogPostData } from "~/features/blog/pages.server";
import { blogPostMeta, feedLinks } from "~/features/blog/seo";
import { BlogNewsletter } from "~/features/newsletter/components/blog-newsletter";
import { contentPageHandle, loadAsDocument } from "~/lib/content-page";

// A content page: no React in the browser (decision 040). Its newsletter forms, popup and share
// buttons are app/enhance/newsletter.ts's and share.ts's.
export const handle = contentPageHandle;
export const clientLoader = loadAsDocument;

export const meta: Route.MetaFunction = (args) => blogPostMeta(args);

export const links: Route.LinksFunction = feedLinks;

export async function loader({ params }: Route.LoaderArgs) {
  return blogPostData(params.slug);
}

export default function BlogPost({ loaderData }: Route.ComponentProps) {
  return (
    <>
      {loaderData.post ? <BlogPostPage post={loaderData.post} /> : <PostNotFound />}
      <BlogNewsletter />
    </>
  );
}
