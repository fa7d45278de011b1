// Better Auth's HTTP endpoints (/api/auth/*): sign-up, sign-in, sign-out, e-mail verification
// links, password reset links. The request is rebuilt with the client IP from Express so that the
// rate limits count per visitor (see toAuthRequest).
import type { Route } from "./+types/api-auth";
import { getAuth, toAuthRequest } from "~/features/auth/auth.server";
import { getEnv } from "~/lib/env.server";
import { clientIpContext } from "~/lib/request-context";
import { NO_STORE } from "~/lib/cache-headers";

async function handle({ request, context }: Route.LoaderArgs | Route.ActionArgs) {
  const url = new URL(request.url);
  const hasBody = request.method !== "GET" && request.method !== "HEAD";
  const response = await getAuth().handler(
    toAuthRequest(request, context.get(clientIpContext), {
      // Better Auth builds its links from SITE_URL; give it the same origin.
      url: `${getEnv().SITE_URL}${url.pathname}${url.search}`,
      method: request.method,
      body: hasBody ? await request.arrayBuffer() : null,
      contentType: request.headers.get("content-type"),
    }),
  );
  response.headers.set("Cache-Control", NO_STORE["Cache-Control"]);
  return response;
}

export const loader = handle;
export const action = handle;
