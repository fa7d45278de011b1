import type { Route } from "./+types/home";
import { home } from "~/content/home";
import { HomePage } from "~/features/marketing/home/home-page";
import { seo } from "~/lib/seo";

export const meta: Route.MetaFunction = (args) => seo(args, { ...home.meta, path: "/" });

export default function Home() {
  return <HomePage />;
}
