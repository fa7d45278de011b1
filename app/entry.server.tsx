import { Transform } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from "react-dom/server";
import { ServerRouter, type EntryContext, type RouterContextProvider } from "react-router";
import { followAffiliateLink } from "~/features/affiliates/redirect.server";
import { flushPageViews } from "~/features/analytics/recorder.server";
import { analyticsHousekeeping } from "~/features/analytics/rollup.server";
import { authAppHooks } from "~/features/auth/app-hooks.server";
import { SIGNED_IN_CACHE_CONTROL } from "~/features/auth/guards.server";
import { startIssueQueueing, stopIssueQueueing } from "~/features/newsletter/issue-queue.server";
import { NO_STORE } from "~/lib/cache-headers";
import type { AppHooks } from "#server/app-hooks";
import { NonceProvider } from "~/lib/nonce";
import { nonceContext, pageCacheRenderContext } from "~/lib/request-context";
import { logger } from "#server/logger.server";

export const streamTimeout = 5_000;

/** What the server needs from the app at start, at shutdown, for the page cache and for partner links. */
export const appHooks: AppHooks = {
  async start() {
    await authAppHooks.start();
    analyticsHousekeeping.start();
    startIssueQueueing();
  },
  async beforeClose() {
    analyticsHousekeeping.stop();
    // Page views still waiting in memory are written before the database closes; a newsletter
    // being queued stops after its batch, to be taken up again at the next start.
    await Promise.all([authAppHooks.beforeClose(), flushPageViews(), stopIssueQueueing()]);
  },
  isSignedIn: authAppHooks.isSignedIn,
  // The route's answer (its loader calls the same function), with the Cache-Control the root
  // middleware gives it: a signed-in visitor's answers are private.
  async followAffiliateLink(visit) {
    const answer = await followAffiliateLink(visit);
    return { ...answer, cacheControl: authAppHooks.isSignedIn(visit.cookie ?? "") ? SIGNED_IN_CACHE_CONTROL : NO_STORE["Cache-Control"] };
  },
};

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const forPageCache = loadContext.get(pageCacheRenderContext);
  // A cached page is shared: no nonce (an empty one would still be written as nonce="").
  const nonce = forPageCache ? undefined : loadContext.get(nonceContext) || undefined;

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers and the page cache get the whole document at once; people get the shell as soon as
    // it is ready.
    const readyOption: keyof RenderToPipeableStreamOptions =
      forPageCache || (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = batchedBody(() => {
            clearTimeout(timeoutId);
            timeoutId = undefined;
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) logger.error({ err: error, url: request.url }, "render error");
        },
      },
    );
  });
}

// Loader and action errors: logged here, never shown to the visitor (the ErrorBoundary shows a
// plain message in production).
export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  logger.error({ err: error, method: request.method, url: request.url }, "request error");
}

/**
 * The render's output, passed on one batch at a time: React writes in 4 KB pieces and calls
 * `flush()` when a batch (the shell, a resolved boundary) is complete. React Router's adapter
 * flushes the response's compression after every chunk it gets, so 4 KB chunks cost a compression
 * flush each (half the CPU of a compressed render); one chunk per batch keeps streaming intact.
 */
function batchedBody(onEnd: () => void) {
  let pending: Buffer[] = [];
  const release = () => {
    if (pending.length === 0) return;
    body.push(pending.length === 1 ? pending[0] : Buffer.concat(pending));
    pending = [];
  };
  const body = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      pending.push(chunk);
      callback();
    },
    flush(callback) {
      release();
      onEnd();
      callback();
    },
  });
  return Object.assign(body, { flush: release });
}
