import type { Route } from "./+types/blog-post";
import { BlogPostPage, PostNotFound } from "~/features/blog/components/blog-post-page";
import { blogPostData } from "~/features/blog/pages.server";
import { blogPostMeta, feedLinks } from "~/features/blog/seo";
import { BlogNewsletter } from "~/features/newsletter/components/blog-newsletter";

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
