import { data } from "react-router";
import type { Route } from "./+types/not-found";
import { NotFound } from "~/components/not-found";
import { loggedPath } from "~/lib/request-path";
import { seo } from "~/lib/seo";
import { logger } from "#server/logger.server";

export function loader({ request }: Route.LoaderArgs) {
  logger.warn({ path: loggedPath(request.url), method: request.method }, "not found");
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Page not found",
    description: "The page you were looking for does not exist.",
    noIndex: true,
  });

export default function NotFoundRoute() {
  return <NotFound />;
}
