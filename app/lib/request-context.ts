import { createContext } from "react-router";

/** The per-request CSP nonce, set by the server before React Router handles the request. */
export const nonceContext = createContext<string>("");

/**
 * Set when the page cache renders a page once for every anonymous visitor: the whole document is
 * rendered before it is sent (no streamed Suspense boundaries) and carries no nonce; its CSP
 * allows its inline scripts by hash instead (server/page-cache.server.ts).
 */
export const pageCacheRenderContext = createContext<boolean>(false);

/** The client's address as Express resolved it (honouring `trust proxy`); used for rate limits. */
export const clientIpContext = createContext<string | undefined>(undefined);
