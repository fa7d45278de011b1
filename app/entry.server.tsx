import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import { ServerRouter, type EntryContext, type RouterContextProvider } from "react-router";
import { followAffiliateLink } from "~/features/affiliates/redirect.server";
import { flushPageViews } from "~/features/analytics/recorder.server";
import { analyticsHousekeeping } from "~/features/analytics/rollup.server";
import { authAppHooks } from "~/features/auth/app-hooks.server";
import { calendarSyncJob } from "~/features/booking/index.server";
import { SIGNED_IN_CACHE_CONTROL } from "~/features/auth/guards.server";
import { issueQueuingJob } from "~/features/newsletter/issue-queue.server";
import { NO_STORE } from "~/lib/cache-headers";
import type { AppHooks } from "#server/app-hooks";
import { dailyBackupJob } from "#server/backup/schedule.server";
import { chooseEncoding, DOCUMENT_ENCODINGS, encodeDocument } from "#server/content-encoding.server";
import { NonceProvider } from "~/lib/nonce";
import { nonceContext, pageCacheRenderContext } from "~/lib/request-context";
import { isProtectedPath } from "~/lib/route-access";
import { loggedPath } from "~/lib/request-path";
import { logger } from "#server/logger.server";

export const streamTimeout = 5_000;

/** What the server needs from the app at start, at shutdown, for the page cache and for partner links. */
export const appHooks: AppHooks = {
  start: authAppHooks.start,
  async beforeClose() {
    // Page views still waiting in memory are written before the database closes.
    await Promise.all([authAppHooks.beforeClose(), flushPageViews()]);
  },
  jobs: [...authAppHooks.jobs, analyticsHousekeeping, issueQueuingJob, dailyBackupJob, calendarSyncJob],
  isSignedIn: authAppHooks.isSignedIn,
  // The route's answer (its loader calls the same function), with the Cache-Control the root
  // middleware gives it: a signed-in visitor's answers are private.
  async followAffiliateLink(visit) {
    const answer = await followAffiliateLink(visit);
    return { ...answer, cacheControl: authAppHooks.isSignedIn(visit.cookie ?? "") ? SIGNED_IN_CACHE_CONTROL : NO_STORE["Cache-Control"] };
  },
};

/**
 * A page open to everyone paints without JavaScript (its forms post without it), so it leaves out
 * React Router's modulepreload hints, cached or rendered: its modules then load from the module
 * script at the end of <body>, after the HTML, instead of competing with the HTML and the
 * stylesheet for a slow connection before the first paint (decision 007). Admin and account
 * pages, applications that wait for their code, keep them. The hints are found with Buffer's
 * native search and cut out of the bytes: no string of the whole page is made and scanned.
 */
const MODULE_PRELOAD = Buffer.from('<link rel="modulepreload"');
const TAG_END = ">".charCodeAt(0);
function withoutModulePreloads(html: Buffer): Buffer {
  const kept: Buffer[] = [];
  let from = 0;
  for (let at = html.indexOf(MODULE_PRELOAD); at !== -1; at = html.indexOf(MODULE_PRELOAD, from)) {
    const end = html.indexOf(TAG_END, at + MODULE_PRELOAD.length);
    if (end === -1) break;
    if (at > from) kept.push(html.subarray(from, at));
    from = end + 1;
  }
  if (from === 0) return html;
  kept.push(html.subarray(from));
  return Buffer.concat(kept);
}

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

  // The page cache compresses its copy itself, once, at the highest quality.
  const encoding = forPageCache ? "identity" : chooseEncoding(request.headers.get("accept-encoding") ?? undefined, DOCUMENT_ENCODINGS);

  // The whole document, then one answer (decision 037): no route defers data, so the shell is
  // the page, and sent at once it is compressed in one call instead of as a stream.
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const timeoutId = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        // React moves a Suspense boundary's finished content over 12,800 bytes to the end of the
        // document, revealed by an inline script: sent whole, the page has it in place instead (the
        // booking form, behind React.lazy; a visitor without JavaScript would see its fallback).
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onShellReady() {
          shellRendered = true;
        },
        onAllReady() {
          const chunks: Buffer[] = [];
          const document = new Writable({
            write(chunk: Buffer, _encoding, callback) {
              chunks.push(chunk);
              callback();
            },
          });
          document.on("finish", () => {
            clearTimeout(timeoutId);
            const html = Buffer.concat(chunks);
            const page = isProtectedPath(new URL(request.url).pathname) ? html : withoutModulePreloads(html);
            const body = encodeDocument(page, encoding);
            responseHeaders.set("Content-Type", "text/html; charset=utf-8");
            responseHeaders.set("Content-Length", String(body.length));
            if (encoding !== "identity") responseHeaders.set("Content-Encoding", encoding);
            responseHeaders.append("Vary", "Accept-Encoding");
            // Node allocates its buffers on plain ArrayBuffers, never shared ones.
            resolve(new Response(body as Uint8Array<ArrayBuffer>, { headers: responseHeaders, status: responseStatusCode }));
          });
          pipe(document);
        },
        onShellError(error: unknown) {
          clearTimeout(timeoutId);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) logger.error({ err: error, path: loggedPath(request.url) }, "render error");
        },
      },
    );
  });
}

// Loader and action errors: logged here, never shown to the visitor (the ErrorBoundary shows a
// plain message in production).
export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  logger.error({ err: error, method: request.method, path: loggedPath(request.url) }, "request error");
}
