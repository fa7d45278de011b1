// Express wiring of the origin check (app/lib/origin-check.ts): runs before the page cache and
// React Router, so every action and resource route is covered, data requests (`.data`) included.
import type express from "express";
import type { Env } from "~/lib/env.server";
import { crossSiteRefusal } from "~/lib/origin-check";
import { NO_STORE } from "~/lib/cache-headers";
import { loggedPath } from "~/lib/request-path";
import { logger } from "./logger.server";

export function refuseCrossSitePosts(env: Env): express.RequestHandler {
  const siteOrigin = new URL(env.SITE_URL).origin;
  return (req, res, next) => {
    const origin = req.get("origin");
    const reason = crossSiteRefusal(
      { method: req.method, pathname: req.path, origin, secFetchSite: req.get("sec-fetch-site") },
      [siteOrigin, `${req.protocol}://${req.get("host")}`],
    );
    if (!reason) return next();
    // The route's pattern: a path may carry a token (an unsubscribe link's).
    logger.warn({ method: req.method, path: loggedPath(req.path), origin }, "cross-site request refused");
    res.status(403).set({ ...NO_STORE, "Content-Type": "text/plain; charset=utf-8" }).send(reason);
  };
}
