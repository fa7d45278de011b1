import type { Route } from "./+types/admin-blog";
import { PagePlaceholder } from "~/components/page-placeholder";
import { seo } from "~/lib/seo";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Blog Management",
    description: "Create, edit and publish blog posts.",
    noIndex: true,
  });

export default function AdminBlog() {
  return <PagePlaceholder title="Blog Management" />;
}
