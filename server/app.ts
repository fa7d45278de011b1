// The HTTP server: configuration, database, security headers, static files, health check and
// React Router's request handler. Built by Vite into build/server/index.js; `node server.js` calls
// startServer(). The development server loads this module through Vite instead.
import crypto from "node:crypto";
import type http from "node:http";
import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import helmet from "helmet";
import { RouterContextProvider, type ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import { getAuth } from "~/features/auth/auth.server";
import { ensureAdmin } from "~/features/auth/bootstrap.server";
import { passwordResetEmailsQueued } from "~/features/auth/emails.server";
import { getEnv, type Env } from "~/lib/env.server";
import { clientIpContext, nonceContext } from "~/lib/request-context";
import { refuseCrossSitePosts } from "./cross-site.server";
import { openDatabase, ping, setDatabase, type OpenDatabase } from "./db/client.server";
import { startEmailWorker } from "./email/worker.server";
import { logger } from "./logger.server";
import { pageCache } from "./page-cache.server";
import { limitRequestBodies, refuseOtherMethods } from "./request-limits.server";

declare module "express-serve-static-core" {
  interface Locals {
    cspNonce: string;
  }
}

export function securityHeaders(env: Env, { dev = false } = {}) {
  const https = env.SITE_URL.startsWith("https://");
  const setNonce: express.RequestHandler = (_req, res, next) => {
    res.locals.cspNonce = crypto.randomBytes(16).toString("base64");
    next();
  };
  const nonce = (_req: unknown, res: unknown) =>
    `'nonce-${(res as express.Response).locals.cspNonce}'`;
  return [
    setNonce,
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          "default-src": ["'self'"],
          "script-src": ["'self'", nonce, ...(dev ? ["'unsafe-inline'"] : [])],
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
    }),
  ];
}

export type StartedServer = {
  server: http.Server;
  url: string;
  close: () => Promise<void>;
};

export async function startServer({
  viteDevServer,
}: { viteDevServer?: ViteDevServer } = {}): Promise<StartedServer> {
  const env = getEnv();
  const database: OpenDatabase = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
  });
  setDatabase(database.db);
  logger.info({ database: database.kind }, "database ready");
  try {
    // Resolves the session-signing key now: a bad DATA_DIR/secret stops the start, not a request.
    getAuth();
    if (env.ADMIN_EMAIL && env.ADMIN_PASSWORD) {
      const admin = await ensureAdmin({ email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD });
      logger.info({ email: env.ADMIN_EMAIL, created: admin.created }, "admin account from ADMIN_EMAIL is ready");
    }
  } catch (error) {
    await database.close();
    throw error;
  }

  const app = express();
  app.disable("x-powered-by");
  app.set("etag", false);
  app.set("trust proxy", "loopback");
  app.use(compression());
  app.use(securityHeaders(env, { dev: Boolean(viteDevServer) }));
  app.use(refuseOtherMethods());
  app.use(limitRequestBodies());

  app.get("/healthz", async (_req, res) => {
    res.set("Cache-Control", "no-store");
    try {
      await ping(database.db);
      res.status(200).json({ status: "ok" });
    } catch (error) {
      logger.error({ err: error }, "health check: database did not answer");
      res.status(503).json({ status: "unavailable" });
    }
  });

  const build = viteDevServer
    ? () => viteDevServer.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>
    : () => import("virtual:react-router/server-build");

  const clientDir = path.resolve(process.env.BUILD_DIR ?? "build", "client");
  // One origin check for every mutating request, before any route runs.
  app.use(refuseCrossSitePosts(env));
  // Cached pages first: they never need the file system.
  if (!viteDevServer) app.use(pageCache(build));
  if (viteDevServer) {
    app.use(viteDevServer.middlewares);
  } else {
    app.use(
      "/assets",
      express.static(path.join(clientDir, "assets"), { immutable: true, maxAge: "1y" }),
    );
    app.use(express.static(clientDir, { maxAge: "1h", index: false }));
  }

  app.use(
    createRequestHandler({
      build,
      mode: viteDevServer ? "development" : "production",
      getLoadContext(req, res) {
        const context = new RouterContextProvider();
        context.set(nonceContext, res.locals.cspNonce);
        context.set(clientIpContext, req.ip);
        return context;
      },
    }),
  );

  let server: http.Server;
  try {
    server = await new Promise<http.Server>((resolve, reject) => {
      const listening = app.listen(env.PORT, env.HOST, (error?: Error) =>
        error ? reject(error) : resolve(listening),
      );
    });
  } catch (error) {
    await database.close();
    throw error;
  }
  const url = `http://localhost:${env.PORT}`;
  logger.info({ url, siteUrl: env.SITE_URL }, "listening");
  const emailWorker = startEmailWorker();

  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      });
      // A reset mail requested just before the signal is queued after its answer: let it land.
      await passwordResetEmailsQueued();
      await emailWorker.stop();
      setDatabase(undefined);
      await database.close();
      logger.info("stopped");
    })());
  return { server, url, close };
}
