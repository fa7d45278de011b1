import type { Route } from "./+types/admin-blog";
import { PagePlaceholder } from "~/components/page-placeholder";
import { requireAdmin } from "~/features/auth/guards.server";
import { seo } from "~/lib/seo";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Blog Management",
    description: "Create, edit and publish blog posts.",
    noIndex: true,
  });

// Admin only (SPEC.md section 6), under the admin layout: the guard runs in this loader too, and
// every action added here must call it as well.
export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  return null;
}

export default function AdminBlog() {
  return <PagePlaceholder title="Blog Management" />;
}
