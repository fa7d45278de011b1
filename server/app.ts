// The HTTP server: configuration, database, the fast path (server/fast-path.server.ts: cached pages
// ahead of Express, partner links ahead of React Router), then Express: security headers, request
// limits (the address, the method, the body), health check, origin check, precompressed static
// files, compression and React Router's request handler. Built by Vite into build/server/index.js; `node server.js` calls startServer(). The
// development server loads this module through Vite.
import http from "node:http";
import path from "node:path";
import compression from "compression";
import express from "express";
import { RouterContextProvider, type ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import { getEnv } from "~/lib/env.server";
import { clientIpContext, nonceContext } from "~/lib/request-context";
import { NO_STORE } from "~/lib/cache-headers";
import { appHooksOf, type AppHooks } from "./app-hooks";
import { BACKUP_REQUEST_PATH, backupRequestHandler } from "./backup/schedule.server";
import { RESPONSE_BROTLI_PARAMS } from "./content-encoding.server";
import { refuseCrossSitePosts } from "./cross-site.server";
import { openDatabase, ping, setDatabase, type OpenDatabase } from "./db/client.server";
import { closeTransports } from "./email/transport.server";
import { emailOutboxPass } from "./email/worker.server";
import { startJobRunner } from "./jobs/runner.server";
import { httpFastPath } from "./fast-path.server";
import { logger } from "./logger.server";
import { countedRequests, metricsEndpoint } from "./metrics/http.server";
import { rateLimitNoticesQueued } from "./rate-limits.server";
import { reactRouterHandler } from "./react-router-handler.server";
import { limitRequestBodies, refuseOtherMethods, refuseUnreadableAddresses } from "./request-limits.server";
import { securityHeaders } from "./security-headers.server";
import { staticAssets } from "./static-assets.server";

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
    createInChildProcess: true,
  });
  setDatabase(database.db);
  logger.info({ database: database.kind }, "database ready");
  // Development reloads the build on every request (HMR); production imports it once: a build
  // *function* makes React Router re-derive its routes on every request (~9 ms each).
  const build: ServerBuild | (() => Promise<ServerBuild>) = viteDevServer
    ? () => viteDevServer.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>
    : await import("virtual:react-router/server-build");
  let hooks: AppHooks;
  try {
    // Accounts and the admin bootstrap belong to the app: it hands the server what it needs.
    hooks = appHooksOf((typeof build === "function" ? await build() : build).entry.module);
    await hooks.start();
  } catch (error) {
    await database.close();
    throw error;
  }

  // Production only: the development server leaves every request to React Router, so an edit applies
  // without a restart.
  const fastPath = typeof build === "function" ? undefined : httpFastPath(build, env, hooks);
  const app = express();
  app.disable("x-powered-by");
  app.set("etag", false);
  app.set("trust proxy", env.TRUST_PROXY.split(",").map((item) => item.trim()));
  app.use(securityHeaders(env, { dev: Boolean(viteDevServer) }));
  app.use(refuseUnreadableAddresses());
  // `npm run backup` asking this process for PGlite's snapshot: loopback and a token, else a 404.
  app.post(BACKUP_REQUEST_PATH, backupRequestHandler(database.db, env));
  app.use(refuseOtherMethods());
  app.use(limitRequestBodies());
  if (fastPath) app.use(fastPath.partnerLinks);

  app.get("/healthz", async (_req, res) => {
    res.set(NO_STORE);
    try {
      await ping(database.db);
      res.status(200).json({ status: "ok" });
    } catch (error) {
      logger.error({ err: error }, "health check: database did not answer");
      res.status(503).json({ status: "unavailable" });
    }
  });

  // Prometheus' scrape: the bearer token, or this machine only (server/metrics/http.server.ts).
  app.get("/metrics", metricsEndpoint(env));

  // One origin check for every mutating request, before any route runs.
  app.use(refuseCrossSitePosts(env));
  if (viteDevServer) {
    app.use(viteDevServer.middlewares);
  } else {
    // Compressed at build time (scripts/vite/precompress.ts): no compression() for them.
    app.use(staticAssets(path.resolve(process.env.BUILD_DIR ?? "build", "client")));
  }
  // Data requests, resource routes and errors; rendered documents come compressed already
  // (app/entry.server.tsx), which compression() leaves alone.
  app.use(compression({ brotli: { params: RESPONSE_BROTLI_PARAMS } }));

  app.use(
    reactRouterHandler({
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

  // Every instance drops the cached pages a change on any instance affects (blog posts: decision 015).
  const stopListening = fastPath ? await fastPath.hearPageChanges(database) : async () => {};
  // Every request counted for /metrics; a cached page only in memory (its budget).
  const listener: http.RequestListener = countedRequests(app, fastPath?.listener);

  let server: http.Server;
  try {
    server = await new Promise<http.Server>((resolve, reject) => {
      const listening = http.createServer(listener);
      listening.once("error", reject);
      listening.listen(env.PORT, env.HOST, () => resolve(listening));
    });
  } catch (error) {
    await database.close();
    throw error;
  }
  const url = `http://localhost:${env.PORT}`;
  logger.info({ url, siteUrl: env.SITE_URL }, "listening");
  // All background work, started and stopped here: the features' jobs and the outbox's sender.
  const jobRunner = startJobRunner({ jobs: hooks.jobs, passes: [emailOutboxPass()] });

  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      });
      // A newsletter being queued stops after its batch, to be taken up again at the next start.
      await jobRunner.stop();
      await hooks.beforeClose();
      await stopListening();
      await rateLimitNoticesQueued();
      closeTransports();
      setDatabase(undefined);
      await database.close();
      logger.info("stopped");
    })());
  return { server, url, close };
}
