// Partner links, `/a/{code}`, answered before React Router (docs/decisions/037-speed-behind-seams.md).
// The answer is a 302 with two cookies, and React Router's document pipeline (a Fetch API request
// and response, route matching, middleware, the loader's thrown redirect) cost more than the
// redirect's own work. The app decides the answer (AppHooks.followAffiliateLink, the function the
// route's loader calls too); this reads the request and writes the answer. It is mounted after the
// security headers and the request limits, so its answers carry the same headers, and an odd
// method or an oversized body meets the same refusals first.
import type { RequestHandler } from "express";
import { AFFILIATE_LINK_PATH } from "~/lib/affiliate-reference";
import type { AppHooks } from "./app-hooks";

/**
 * What it takes: `/a/` and one plain segment (letters, digits, `-`, `_`), as every link the site
 * hands out is. The rest at `/a` goes on to React Router, whose route decodes it as routing does
 * and calls the same function: the `.data` request of a client-side navigation, `/a` alone, a
 * trailing slash, percent-encoded characters.
 */
const LINK_PATH = AFFILIATE_LINK_PATH;

export function affiliateLinks(follow: AppHooks["followAffiliateLink"]): RequestHandler {
  return (req, res, next) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || !LINK_PATH.test(req.path)) return next();
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
