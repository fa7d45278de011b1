// Cache-Control for answers that must never be stored (signed-in pages, form answers, exports),
// and the route `headers` function that hands a loader's or an action's headers to the document.
import type { HeadersFunction } from "react-router";

export const NO_STORE = { "Cache-Control": "no-store" } as const;

/** `no-store` plus the headers given (Set-Cookie, Content-Type, ...). */
export function noStore(headers: Record<string, string> = {}): Headers {
  return new Headers({ ...headers, ...NO_STORE });
}

/**
 * A route's document headers: those of a response its loader or action threw (a 429's Retry-After),
 * else the action's when it set Cache-Control (the answer to a post), otherwise the loader's.
 * Without it React Router drops them all and the page goes out cacheable.
 */
export const loaderOrActionHeaders: HeadersFunction = ({ actionHeaders, loaderHeaders, errorHeaders }) =>
  errorHeaders ?? (actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders);
