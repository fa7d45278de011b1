import type { Route } from "./+types/about";
import { about } from "~/content/about";
import { AboutPage } from "~/features/marketing/about/about-page";
import { seo } from "~/lib/seo";

export const meta: Route.MetaFunction = (args) => seo(args, { ...about.meta, path: "/about" });

export default function About() {
  return <AboutPage />;
}
