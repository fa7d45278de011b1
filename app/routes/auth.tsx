import type { Route } from "./+types/auth";
import { PagePlaceholder } from "~/components/page-placeholder";
import { seo } from "~/lib/seo";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Sign In or Create Account",
    description: "Sign in or create an account to apply as an affiliate partner.",
    noIndex: true,
  });

export default function Auth() {
  return <PagePlaceholder title="Sign In or Create Account" />;
}
