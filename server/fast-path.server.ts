// The HTTP fast path, the request pipeline's one seam for speed (docs/decisions/037-speed-behind-seams.md):
// production answers two kinds of request without React Router's document pipeline, each exactly
// as the route would (tests/integration/page-cache.test.ts and affiliate-links.test.ts compare the
// two paths).
// - Cached pages (server/page-cache.server.ts): GET and HEAD of the public pages, for anonymous
//   visitors, answered on the raw Node request before Express from answers prepared once.
// - Partner links, `/a/{code}`: a 302 with two cookies, where React Router's pipeline (a Fetch API
//   request and response, route matching, middleware, the loader's thrown redirect) cost 2-4 times
//   the redirect's own work. The app decides the answer (AppHooks.followAffiliateLink, the function
//   the route's loader calls too); this reads the request and writes the answer, after the security
//   headers and request limits, so its answers carry the same headers and meet the same refusals.
import type http from "node:http";
import type { RequestHandler } from "express";
import type { ServerBuild } from "react-router";
import { AFFILIATE_LINK_PATH } from "~/lib/affiliate-reference";
import type { Env } from "~/lib/env.server";
import type { AppHooks } from "./app-hooks";
import type { OpenDatabase } from "./db/client.server";
import { pageCache } from "./page-cache.server";
import { listenForPageChanges } from "./page-invalidation.server";
import { addressRefusal } from "./request-limits.server";

export type FastPath = {
  /** Express middleware for `/a/{code}`, mounted after the security headers and the request limits. */
  partnerLinks: RequestHandler;
  /** The server's listener: cached pages first, every other request to `app`. */
  listener: (app: http.RequestListener) => http.RequestListener;
  /** Starts dropping the cached pages a change on any instance affects; resolves to its stop. */
  hearPageChanges: (database: OpenDatabase) => Promise<() => Promise<void>>;
};

export function httpFastPath(build: ServerBuild, env: Env, hooks: AppHooks): FastPath {
  const servePageCache = pageCache(build, env, hooks.isSignedIn);
  return {
    partnerLinks: partnerLinks(hooks.followAffiliateLink),
    // An address Express refuses (a control character, overlong) is never looked up in the page
    // cache either: the cache would render it to find out. Only GET and HEAD without a body reach
    // the cache, so every mutating request still meets the method, size and origin checks.
    listener: (app) => (req, res) => (addressRefusal(req.url ?? "/") ? app(req, res) : servePageCache(req, res, () => app(req, res))),
    hearPageChanges: listenForPageChanges,
  };
}

/**
 * What it takes: `/a/` and one plain segment, as every link the site hands out is. The rest at `/a`
 * goes on to React Router, whose route decodes it as routing does and calls the same function: the
 * `.data` request of a client-side navigation, `/a` alone, a trailing slash, percent-encoded characters.
 */
function partnerLinks(follow: AppHooks["followAffiliateLink"]): RequestHandler {
  return (req, res, next) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || !AFFILIATE_LINK_PATH.test(req.path)) return next();
    const path = req.path;
    follow({
      method: req.method,
      parameter: path.slice("/a/".length),
      path,
      cookie: req.headers.cookie,
      userAgent: req.headers["user-agent"],
      referrer: req.headers.referer,
      // The address Express resolves with `trust proxy` (TRUST_PROXY), as React Router's load context gets it.
      clientIp: req.ip,
    })
      .then(({ location, setCookies, cacheControl }) => {
        res.statusCode = 302;
        res.setHeader("Cache-Control", cacheControl);
        res.setHeader("Location", location);
        if (setCookies.length > 0) res.setHeader("Set-Cookie", setCookies);
        res.end();
      })
      .catch(next);
  };
}
