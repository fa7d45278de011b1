import type { Route } from "./+types/api-analytics-view";
import { receiveBeacon } from "~/features/analytics/beacon.server";
import { clientIpContext } from "~/lib/request-context";

// A page's view beacon (decision 020): JSON from navigator.sendBeacon, answered 204.
export async function action(args: Route.ActionArgs) {
  return receiveBeacon(args, args.context.get(clientIpContext));
}
