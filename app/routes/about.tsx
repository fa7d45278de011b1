import type { Route } from "./+types/about";
import { PagePlaceholder } from "~/components/page-placeholder";
import { seo } from "~/lib/seo";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "About the Consultant",
    description: "20+ years in aerospace, CNC programming and robotics: the experience, expertise and achievements behind the consulting.",
  });

export default function About() {
  return <PagePlaceholder title="About the Consultant" />;
}
