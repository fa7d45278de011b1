import type { Route } from "./+types/admin-login";
import { PagePlaceholder } from "~/components/page-placeholder";
import { seo } from "~/lib/seo";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Admin Login",
    description: "Sign in to the admin area.",
    noIndex: true,
  });

export default function AdminLogin() {
  return <PagePlaceholder title="Admin Login" />;
}
