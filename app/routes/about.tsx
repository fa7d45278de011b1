import type { Route } from "./+types/about";
import { about } from "~/content/about";
import { AboutPage } from "~/features/marketing/about/about-page";
import { seo } from "~/lib/seo";
import { contentPageHandle, loadAsDocument, noServerData } from "~/lib/content-page";

// A content page: no React in the browser (decision 040).
export const handle = contentPageHandle;
export const loader = noServerData;
export const clientLoader = loadAsDocument;

export const meta: Route.MetaFunction = (args) => seo(args, { ...about.meta, path: "/about" });

export default function About() {
  return <AboutPage />;
}
