// The site's security headers, defined once (helmet). Rendered responses get a fresh CSP nonce per
// request; a page-cache entry gets the same headers computed once, its CSP allowing exactly the
// inline scripts of its HTML by hash (docs/decisions/007-cached-pages.md).
import crypto from "node:crypto";
import type http from "node:http";
import type express from "express";
import helmet from "helmet";
import type { Env } from "~/lib/env.server";

declare module "express-serve-static-core" {
  interface Locals {
    cspNonce: string;
  }
}

type ScriptSource = string | ((req: http.IncomingMessage, res: http.ServerResponse) => string);

function helmetFor(env: Env, scriptSources: ScriptSource[], dev: boolean) {
  const https = env.SITE_URL.startsWith("https://");
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        "default-src": ["'self'"],
        "script-src": ["'self'", ...scriptSources, ...(dev ? ["'unsafe-inline'"] : [])],
        "style-src": ["'self'", "'unsafe-inline'"],
        "img-src": ["'self'", "data:", "blob:", "https:"],
        "font-src": ["'self'", "data:"],
        "connect-src": ["'self'", ...(dev ? ["ws:"] : [])],
        "frame-ancestors": ["'none'"],
        "form-action": ["'self'", "https://checkout.stripe.com"],
        "base-uri": ["'self'"],
        "object-src": ["'none'"],
        "upgrade-insecure-requests": https ? [] : null,
      },
    },
    strictTransportSecurity: https ? { maxAge: 63_072_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    crossOriginEmbedderPolicy: false,
    frameguard: { action: "deny" },
  });
}

const NONCE_BYTES = 16;
/** Random bytes for 256 nonces, drawn from the system at once (as crypto.randomUUID caches its own). */
const NONCE_POOL_BYTES = 256 * NONCE_BYTES;
let noncePool = Buffer.alloc(0);
let nonceOffset = 0;

/**
 * A fresh nonce: 16 random bytes in base64, each handed out once. `randomBytes(16)` per request was
 * a system call per request (3 % of a partner link's CPU); a pool takes one per 256 requests.
 */
export function nextNonce(): string {
  if (nonceOffset + NONCE_BYTES > noncePool.length) {
    noncePool = crypto.randomBytes(NONCE_POOL_BYTES);
    nonceOffset = 0;
  }
  const nonce = noncePool.toString("base64", nonceOffset, nonceOffset + NONCE_BYTES);
  nonceOffset += NONCE_BYTES;
  return nonce;
}

/** Express middleware: a fresh nonce in `res.locals.cspNonce`, then helmet with it in script-src. */
export function securityHeaders(env: Env, { dev = false } = {}): express.RequestHandler[] {
  const setNonce: express.RequestHandler = (_req, res, next) => {
    res.locals.cspNonce = nextNonce();
    next();
  };
  const nonce = (_req: unknown, res: http.ServerResponse) => `'nonce-${(res as express.Response).locals.cspNonce}'`;
  return [setNonce, helmetFor(env, [nonce], dev)];
}

/**
 * The headers helmet sets, with `scriptSources` (e.g. script hashes) instead of a nonce: run once
 * against a recorder, so a response can send them without any per-request work.
 */
export function fixedSecurityHeaders(env: Env, scriptSources: readonly string[]): Array<[string, string]> {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader: (name: string, value: string) => headers.set(name, value),
    removeHeader: (name: string) => headers.delete(name),
  };
  let error: unknown = "helmet did not finish synchronously";
  helmetFor(env, [...scriptSources], false)(
    {} as http.IncomingMessage,
    recorder as unknown as http.ServerResponse,
    (err?: unknown) => (error = err),
  );
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return [...headers];
}

const EXECUTABLE_TYPES = new Set(["", "module", "text/javascript", "application/javascript"]);

/**
 * CSP source expressions ('sha256-…') for every inline script the browser would run in `html`:
 * `<script>` elements without `src` whose type is JavaScript or a module (data blocks such as
 * JSON-LD are never executed, so they need none). The hash is of the text exactly as written.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = "", body = ""] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    if (/\ssrc\s*=/i.test(attributes)) continue;
    const type = /\stype\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(attributes);
    if (!EXECUTABLE_TYPES.has((type?.[1] ?? type?.[2] ?? type?.[3] ?? "").trim().toLowerCase())) continue;
    hashes.add(`'sha256-${crypto.createHash("sha256").update(body, "utf8").digest("base64")}'`);
  }
  return [...hashes];
}
