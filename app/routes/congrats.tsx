import type { Route } from "./+types/congrats";
import { PagePlaceholder } from "~/components/page-placeholder";
import { seo } from "~/lib/seo";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Enrolment Confirmed",
    description: "Your bootcamp enrolment is confirmed.",
    noIndex: true,
  });

export default function Congrats() {
  return <PagePlaceholder title="Enrolment Confirmed" />;
}
