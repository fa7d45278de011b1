// Reads the body of a route whose rule takes JSON (app/lib/route-access.ts): anything else is
// refused with a plain 415 before a parser sees it. A form body would otherwise reach a parser
// that costs more per field (Better Auth reads forms too) within the route's byte limit.
import { NO_STORE } from "./cache-headers";

const JSON_TYPE = /^\s*application\/([a-z0-9.+-]*\+)?json\s*(;|$)/i;

export const NOT_JSON_MESSAGE = "Unsupported media type: this address accepts JSON only.";

/** The body's bytes (null without one); a non-empty body that is not JSON is a thrown 415. */
export async function readJsonBytes(request: Request): Promise<ArrayBuffer | null> {
  if (request.method === "GET" || request.method === "HEAD") return null;
  const body = await request.arrayBuffer();
  if (body.byteLength > 0 && !JSON_TYPE.test(request.headers.get("content-type") ?? "")) {
    // A Response, as-is: a resource route has no error boundary to render a thrown data().
    throw new Response(NOT_JSON_MESSAGE, {
      status: 415,
      headers: { "Content-Type": "text/plain; charset=utf-8", ...NO_STORE },
    });
  }
  return body;
}
