import type { Route } from "./+types/admin";
import { PagePlaceholder } from "~/components/page-placeholder";
import { seo } from "~/lib/seo";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Admin Dashboard",
    description: "Manage the blog, affiliates and analytics.",
    noIndex: true,
  });

export default function Admin() {
  return <PagePlaceholder title="Admin Dashboard" />;
}
