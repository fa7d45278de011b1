import type { Route } from "./+types/home";
import { home } from "~/content/home";
import { HomePage } from "~/features/marketing/home/home-page";
import { contentPageHandle, loadAsDocument, noServerData } from "~/lib/content-page";
import { seo } from "~/lib/seo";

// A content page: no React in the browser (decision 040).
export const handle = contentPageHandle;
export const loader = noServerData;
export const clientLoader = loadAsDocument;

export const meta: Route.MetaFunction = (args) => seo(args, { ...home.meta, path: "/" });

export default function Home() {
  return <HomePage />;
}
