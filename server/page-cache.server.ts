// Server-side cache of public marketing pages for anonymous visitors (DESIGN.md section 8: these
// pages must serve at a good fraction of a static file server's rate). A page is rendered once with
// a placeholder nonce; every response swaps in the request's own CSP nonce, so the security headers
// stay per-request while React renders only once per process.
import type express from "express";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import { hasSignedSessionCookie } from "~/features/auth/session-cookie.server";
import { FLASH_TOAST_COOKIE } from "~/lib/flash-toast.server";
import { nonceContext } from "~/lib/request-context";
import { cacheablePaths } from "~/lib/route-access";
import { logger } from "./logger.server";

// Query parameters that the server render ignores (read in the browser, or by analytics).
const ignoredParams = new Set([
  "ref",
  "utm_source",
  "utm_medium",
  "utm_campaign",
  "utm_term",
  "utm_content",
  "gclid",
  "fbclid",
]);

const NONCE_PLACEHOLDER = "csp-nonce-placeholder-7f3a9c";

// The page split at the nonce placeholder, pre-encoded: a response is a memcpy, not a render.
type CachedPage = { parts: Buffer[]; headers: Array<[string, string]> };

function isCacheable(req: express.Request) {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  if (!cacheablePaths.has(req.path)) return false;
  // Only a validly signed session cookie makes a visitor signed in; a forged one is served from memory.
  if (hasSignedSessionCookie(req.headers.cookie)) return false;
  // A toast handed over by a redirect is read (and cleared) by the rendered page.
  if (req.headers.cookie?.includes(`${FLASH_TOAST_COOKIE}=`)) return false;
  for (const key of Object.keys(req.query)) if (!ignoredParams.has(key)) return false;
  return true;
}

export function pageCache(build: () => Promise<ServerBuild>): express.RequestHandler {
  const pages = new Map<string, Promise<CachedPage | null>>();
  let handler: ReturnType<typeof createRequestHandler> | undefined;

  async function render(req: express.Request): Promise<CachedPage | null> {
    handler ??= createRequestHandler(await build(), "production");
    const context = new RouterContextProvider();
    context.set(nonceContext, NONCE_PLACEHOLDER);
    const url = new URL(req.path, `${req.protocol}://${req.get("host")}`);
    const response = await handler(new Request(url, { headers: { accept: "text/html" } }), context);
    // Only plain, successful, cookie-free pages are shared between visitors.
    if (response.status !== 200 || response.headers.has("set-cookie")) return null;
    const headers = [...response.headers].filter(([name]) => name !== "content-length");
    const parts = (await response.text()).split(NONCE_PLACEHOLDER).map((part) => Buffer.from(part));
    return { parts, headers };
  }

  return (req, res, next) => {
    if (!isCacheable(req)) return next();
    let page = pages.get(req.path);
    if (!page) {
      page = render(req).catch((error) => {
        logger.error({ err: error, path: req.path }, "page cache: render failed");
        return null;
      });
      pages.set(req.path, page);
    }
    page.then(
      (cached) => {
        if (!cached) {
          pages.delete(req.path);
          return next();
        }
        for (const [name, value] of cached.headers) res.setHeader(name, value);
        res.setHeader("Cache-Control", "public, max-age=0, must-revalidate");
        res.setHeader("X-Page-Cache", "hit");
        const nonce = Buffer.from(res.locals.cspNonce);
        const body = Buffer.concat(cached.parts.flatMap((part, i) => (i === 0 ? [part] : [nonce, part])));
        res.setHeader("Content-Length", body.length);
        res.status(200).end(req.method === "HEAD" ? undefined : body);
      },
      (error) => next(error),
    );
  };
}
