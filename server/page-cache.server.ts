// Server-side cache of the public pages for anonymous visitors (DESIGN.md section 8: at least 0.80
// of a bare Node server and 0.55 of nginx). A page is rendered once per process; its status,
// headers, body and brotli/gzip encodings, ETags and CSP (hashes of its inline scripts, no nonce)
// are computed then. A request only picks the encoding: it is answered on the raw Node request,
// ahead of Express (docs/decisions/007-cached-pages.md). Part of the HTTP fast path
// (server/fast-path.server.ts), which alone uses it.
import crypto from "node:crypto";
import type http from "node:http";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import type { Env } from "~/lib/env.server";
import { hasFlashToast } from "~/lib/flash-toast.server";
import type { AppHooks } from "./app-hooks";
import { pageCacheRenderContext } from "~/lib/request-context";
import { nextCentralMidnight } from "~/lib/central-time";
import { isCacheablePath, ruleFor } from "~/lib/route-access";
import { chooseEncoding, DOCUMENT_ENCODINGS, etagMatches, type Encoding } from "./content-encoding.server";
import { logger } from "./logger.server";
import { hearingPageChanges, onPagesChanged } from "./page-invalidation.server";
import { fixedSecurityHeaders, inlineScriptHashes } from "./security-headers.server";

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

/**
 * Browsers revalidate every time (a deploy shows at once; the answer is a 304 when nothing
 * changed); a CDN may serve the page for 60 s and, after that, a stale copy for up to 5 minutes
 * while it revalidates in the background. Only anonymous visitors get this answer, so a CDN in
 * front must pass requests that carry the session or flash cookie through (decision 007).
 */
export const PAGE_CACHE_CONTROL = "public, max-age=0, s-maxage=60, stale-while-revalidate=300";

/** Flat [name, value, …] lists, as http.ServerResponse#writeHead takes them. */
type Variant = { body: Buffer; etag: string; head: string[]; notModifiedHead: string[] };
/** A page's three encodings, served until `expiresAt` (ms; Infinity for a page only a change drops). */
type CachedPage = { variants: Record<Encoding, Variant>; expiresAt: number };

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

function encode(html: Buffer, encoding: Encoding): Promise<Buffer> {
  if (encoding === "br") {
    return brotli(html, {
      params: {
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: html.length,
      },
    });
  }
  return encoding === "gzip" ? gzip(html, { level: zlib.constants.Z_BEST_COMPRESSION }) : Promise.resolve(html);
}

/** The cache key (the path) of a request the cache may answer, or null. */
function cacheKey(req: http.IncomingMessage, isSignedIn: AppHooks["isSignedIn"]): string | null {
  if (req.method !== "GET" && req.method !== "HEAD") return null;
  // A body on a GET is odd: the general chain (and its request limits) deals with it.
  if (req.headers["transfer-encoding"] !== undefined) return null;
  if (req.headers["content-length"] !== undefined && req.headers["content-length"] !== "0") return null;
  const url = req.url ?? "/";
  const queryStart = url.indexOf("?");
  const path = queryStart === -1 ? url : url.slice(0, queryStart);
  // One key per page: another spelling of the same address (a trailing slash, "%2D" for "-") is
  // rendered, never cached, so invalidating a page's one key reaches every copy of it.
  if (!isCanonicalPath(path) || !isCacheablePath(path)) return null;
  if (queryStart !== -1) {
    for (const key of new URLSearchParams(url.slice(queryStart + 1)).keys()) if (!ignoredParams.has(key)) return null;
  }
  const cookie = req.headers.cookie;
  if (cookie) {
    // Only a validly signed session cookie makes a visitor signed in; a forged one is served from memory.
    if (isSignedIn(cookie)) return null;
    // A toast handed over by a redirect is read (and cleared) by the rendered page.
    if (hasFlashToast(cookie)) return null;
  }
  return path;
}

function isCanonicalPath(path: string): boolean {
  if (path !== "/" && path.endsWith("/")) return false;
  try {
    return path.split("/").every((segment) => encodeURIComponent(decodeURIComponent(segment)) === segment);
  } catch {
    return false;
  }
}

/** Until when a page rendered at `renderedAt` may be served: a page of the day until midnight in Chicago. */
function servedUntil(path: string, renderedAt: number): number {
  return ruleFor(path).rule.cache === "until-central-midnight" ? nextCentralMidnight(renderedAt).getTime() : Number.POSITIVE_INFINITY;
}

function entityTag(body: Buffer) {
  return `"${crypto.createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
}

/**
 * The pre-rendered answers to GET and HEAD of cacheable pages. Call it with the raw request first;
 * it calls `next` for every request it does not answer (and after a render it could not share).
 */
export function pageCache(
  build: ServerBuild,
  env: Env,
  isSignedIn: AppHooks["isSignedIn"],
): (req: http.IncomingMessage, res: http.ServerResponse, next: () => void) => void {
  const ready = new Map<string, CachedPage>();
  const rendering = new Map<string, Promise<CachedPage | null>>();
  const handler = createRequestHandler(build, "production");
  // Bumped by every change: a render that started before it may hold old data and is not kept.
  let generation = 0;
  onPagesChanged((paths) => {
    generation += 1;
    for (const path of paths === "all" ? [...ready.keys(), ...rendering.keys()] : paths) {
      ready.delete(path);
      rendering.delete(path);
    }
  });

  async function render(path: string): Promise<CachedPage | null> {
    // Taken before the loaders run: a render that crosses midnight expires at once, never late.
    const expiresAt = servedUntil(path, Date.now());
    const context = new RouterContextProvider();
    context.set(pageCacheRenderContext, true);
    // SITE_URL, not the first visitor's Host header, is the origin the page is rendered for.
    const request = new Request(new URL(path, env.SITE_URL), { headers: { accept: "text/html" } });
    const response = await handler(request, context);
    // Only plain, successful, cookie-free, shareable pages are served to every visitor.
    const shareable = !/no-store|private/i.test(response.headers.get("cache-control") ?? "");
    if (response.status !== 200 || response.headers.has("set-cookie") || !shareable) return null;
    // Without modulepreload hints, as every public page (app/entry.server.tsx).
    const text = await response.text();
    const html = Buffer.from(text);
    const common: Array<[string, string]> = [
      ...[...response.headers].filter(([name]) => !["content-length", "cache-control", "vary", "etag"].includes(name)),
      ...fixedSecurityHeaders(env, inlineScriptHashes(text)),
      ["Cache-Control", PAGE_CACHE_CONTROL],
      ["Vary", "Accept-Encoding"],
      ["X-Page-Cache", "hit"],
    ];
    // A 304 carries the validators and caching headers, not the representation's metadata.
    const notModifiedCommon = common.filter(([name]) => name.toLowerCase() !== "content-type");
    const variant = async (encoding: Encoding): Promise<Variant> => {
      const body = await encode(html, encoding);
      const etag = entityTag(body);
      const encodingHead: Array<[string, string]> = encoding === "identity" ? [] : [["Content-Encoding", encoding]];
      return {
        body,
        etag,
        head: [...common, ...encodingHead, ["ETag", etag], ["Content-Length", String(body.length)]].flat(),
        notModifiedHead: [...notModifiedCommon, ["ETag", etag]].flat(),
      };
    };
    const [br, gz, identity] = await Promise.all([variant("br"), variant("gzip"), variant("identity")]);
    return { variants: { br, gzip: gz, identity }, expiresAt };
  }

  function send(page: CachedPage, req: http.IncomingMessage, res: http.ServerResponse) {
    const variant = page.variants[chooseEncoding(req.headers["accept-encoding"], DOCUMENT_ENCODINGS)];
    if (etagMatches(req.headers["if-none-match"], variant.etag)) {
      res.writeHead(304, variant.notModifiedHead).end();
    } else {
      res.writeHead(200, variant.head).end(req.method === "HEAD" ? undefined : variant.body);
    }
  }

  return (req, res, next) => {
    const path = hearingPageChanges() ? cacheKey(req, isSignedIn) : null;
    if (path === null) return next();
    const page = ready.get(path);
    if (page && Date.now() < page.expiresAt) return send(page, req, res);
    if (page) ready.delete(path);
    let pending = rendering.get(path);
    if (!pending) {
      const startedAt = generation;
      const started: Promise<CachedPage | null> = render(path).catch((error: unknown) => {
        logger.error({ err: error, path }, "page cache: render failed");
        return null;
      });
      pending = started;
      rendering.set(path, started);
      void started.then((rendered) => {
        if (rendering.get(path) === started) rendering.delete(path);
        if (rendered && generation === startedAt) ready.set(path, rendered);
      });
    }
    void pending.then((rendered) => (rendered ? send(rendered, req, res) : next()));
  };
}
