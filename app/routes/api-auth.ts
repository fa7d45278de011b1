// Better Auth's HTTP endpoints (/api/auth/*): sign-up, sign-in, sign-out, e-mail verification
// links, password reset links. The request is rebuilt with the client IP from Express so that the
// rate limits count per visitor (see toAuthRequest).
import type { Route } from "./+types/api-auth";
import { getAuth, toAuthRequest } from "~/features/auth/auth.server";
import { getEnv } from "~/lib/env.server";
import { readJsonBytes } from "~/lib/json-body.server";
import { clientIpContext } from "~/lib/request-context";
import { NO_STORE } from "~/lib/cache-headers";

/** The methods Better Auth's endpoints take. */
const ALLOWED_METHODS = "GET, POST, OPTIONS";

async function handle({ request, context }: Route.LoaderArgs | Route.ActionArgs) {
  // Same-origin only (no CORS): a preflight has nothing to ask Better Auth, and handing it over
  // would count it against the caller's sign-in limit.
  if (request.method === "OPTIONS") {
    return new Response(null, { status: 204, headers: { Allow: ALLOWED_METHODS, ...NO_STORE } });
  }
  const url = new URL(request.url);
  // JSON only (the route's rule): Better Auth's own form parsing is not reached.
  const body = await readJsonBytes(request);
  const response = await getAuth().handler(
    toAuthRequest(request, context.get(clientIpContext), {
      // Better Auth builds its links from SITE_URL; give it the same origin.
      url: `${getEnv().SITE_URL}${url.pathname}${url.search}`,
      method: request.method,
      body,
      contentType: request.headers.get("content-type"),
    }),
  );
  response.headers.set("Cache-Control", NO_STORE["Cache-Control"]);
  return response;
}

export const loader = handle;
export const action = handle;
