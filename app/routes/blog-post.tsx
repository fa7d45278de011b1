import type { Route } from "./+types/blog-post";
import { PagePlaceholder } from "~/components/page-placeholder";
import { BlogNewsletter } from "~/features/newsletter/components/blog-newsletter";
import { seo } from "~/lib/seo";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Blog Post",
    description: "An article from the manufacturing intelligence blog.",
  });

export default function BlogPost() {
  return (
    <>
      <PagePlaceholder title="Blog Post" />
      <BlogNewsletter />
    </>
  );
}
