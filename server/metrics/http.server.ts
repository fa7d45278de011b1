// The metrics' two ends on the HTTP server: counting every request (around the fast path and the
// app), and /metrics itself, which is not public: with METRICS_TOKEN set it asks for
// `Authorization: Bearer <token>`; without, it answers this machine's own clients only.
import crypto from "node:crypto";
import type http from "node:http";
import type { RequestHandler } from "express";
import type { Env } from "~/lib/env.server";
import { NO_STORE } from "~/lib/cache-headers";
import { ruleFor } from "~/lib/route-access";
import { logger } from "#server/logger.server";
import { countAnswer, countCachedAnswer, metricsText } from "./registry.server";

/** Paths Express answers itself, outside the route table: labelled as they are. */
const SERVER_PATHS = new Set(["/healthz", "/metrics"]);
const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

function routeOf(url: string): string {
  const queryStart = url.indexOf("?");
  const path = queryStart === -1 ? url : url.slice(0, queryStart);
  return SERVER_PATHS.has(path) ? path : ruleFor(path).pattern;
}

/**
 * The server's listener with every request counted. `fastPath` (production) answers cached pages
 * before the app: a page it answers at once is counted in memory only; the rest are timed.
 */
export function countedRequests(
  app: http.RequestListener,
  fastPath?: (app: http.RequestListener) => http.RequestListener,
): http.RequestListener {
  // Set by `timed` while the fast path runs: the request went on to the app at once.
  let toApp = false;
  // Responses the fast path is still preparing (a page being rendered for the cache).
  const rendering = new Set<http.ServerResponse>();
  const timed: http.RequestListener = (req, res) => {
    toApp = true;
    rendering.delete(res);
    const started = performance.now();
    res.once("close", () => {
      const method = METHODS.has(req.method!) ? req.method! : "other";
      const status = res.writableFinished ? String(res.statusCode) : "aborted";
      countAnswer(routeOf(req.url ?? "/"), method, status, (performance.now() - started) / 1000);
    });
    app(req, res);
  };
  if (!fastPath) return timed;
  const listener = fastPath(timed);
  return (req, res) => {
    toApp = false;
    const started = performance.now();
    listener(req, res);
    if (toApp) return;
    if (res.writableEnded) {
      const url = req.url!;
      const queryStart = url.indexOf("?");
      return countCachedAnswer(queryStart === -1 ? url : url.slice(0, queryStart), req.method!, res.statusCode);
    }
    // Rendered for the cache now: sent from it when ready, or handed to the app (timed there).
    rendering.add(res);
    res.once("close", () => {
      if (!rendering.delete(res)) return;
      const status = res.writableFinished ? String(res.statusCode) : "aborted";
      countAnswer(routeOf(req.url!), req.method!, status, (performance.now() - started) / 1000);
    });
  };
}

const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/;

/** Whether `given` is `token`, in time that does not depend on where they differ. */
function sameToken(given: string, token: string): boolean {
  const digest = (text: string) => crypto.createHash("sha256").update(text).digest();
  return crypto.timingSafeEqual(digest(given), digest(token));
}

export type MetricsAccess = "allowed" | "token-needed" | "not-local";

/**
 * Who may read /metrics. Without a token: a client on this machine that no proxy forwarded (a
 * proxy on the same machine connects from the loopback on behalf of anyone).
 */
export function metricsAccess(
  request: { authorization?: string; forwarded: boolean; remoteAddress?: string },
  token: string | undefined,
): MetricsAccess {
  if (token) {
    const given = /^Bearer +(\S+) *$/i.exec(request.authorization ?? "")?.[1];
    return given !== undefined && sameToken(given, token) ? "allowed" : "token-needed";
  }
  return !request.forwarded && LOOPBACK.test(request.remoteAddress ?? "") ? "allowed" : "not-local";
}

/** GET /metrics. */
export function metricsEndpoint(env: Pick<Env, "METRICS_TOKEN">): RequestHandler {
  return async (req, res) => {
    res.set(NO_STORE);
    const access = metricsAccess(
      {
        authorization: req.headers.authorization,
        forwarded: ["x-forwarded-for", "forwarded", "x-real-ip"].some((name) => req.headers[name] !== undefined),
        remoteAddress: req.socket.remoteAddress,
      },
      env.METRICS_TOKEN,
    );
    if (access === "token-needed") {
      res.set("WWW-Authenticate", 'Bearer realm="metrics"').status(401).type("text/plain").send("Unauthorized: /metrics needs the METRICS_TOKEN bearer token.\n");
      return;
    }
    if (access === "not-local") {
      res.status(403).type("text/plain").send("Forbidden: /metrics answers this machine only unless METRICS_TOKEN is set.\n");
      return;
    }
    try {
      const { contentType, body } = await metricsText();
      res.status(200).type(contentType).send(body);
    } catch (error) {
      logger.error({ err: error }, "metrics: the scrape failed");
      res.status(503).type("text/plain").send("Metrics unavailable.\n");
    }
  };
}
