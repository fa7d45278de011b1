import type { Route } from "./+types/blog";
import { PagePlaceholder } from "~/components/page-placeholder";
import { BlogNewsletter } from "~/features/newsletter/components/blog-newsletter";
import { seo } from "~/lib/seo";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Manufacturing Intelligence Blog",
    description: "Articles on CNC machining, aerospace manufacturing, reshoring and shop-floor improvement.",
  });

export default function Blog() {
  return (
    <>
      <PagePlaceholder title="Manufacturing Intelligence Blog" />
      <BlogNewsletter />
    </>
  );
}
