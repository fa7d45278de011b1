import type { Route } from "./+types/home";
import { FloatingAdminButton } from "~/components/floating-admin-button";
import { PagePlaceholder } from "~/components/page-placeholder";
import { SITE_NAME, seo } from "~/lib/seo";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: `${SITE_NAME} — CNC, Aerospace and Manufacturing Consulting`,
    description:
      "20+ years of aerospace CNC experience: a 3-day on-site manufacturing bootcamp, free 30-minute manufacturing assessments and tools for machine shops.",
  });

export default function Home() {
  return (
    <>
      <PagePlaceholder title="CNC, Aerospace and Manufacturing Consulting" />
      <FloatingAdminButton />
    </>
  );
}
