import type { JobDefinition } from "./jobs/runner.server";

// What the app hands the server. `server/` sits below the app's features and never imports them:
// the app's server entry (app/entry.server.tsx) exports `appHooks`, and the server reads it from
// the build React Router gives it (`build.entry.module`).

export type AppHooks = {
  /** Runs once the database is open, before the server listens: a failure stops the start. */
  start: () => Promise<void>;
  /** Runs at shutdown, after the last request was answered and the jobs stopped, before the database closes. */
  beforeClose: () => Promise<void>;
  /** The features' jobs, run by the server's one job runner (server/jobs/runner.server.ts). */
  jobs: readonly JobDefinition[];
  /** True when this Cookie header makes the visitor signed in: the page cache serves only others. */
  isSignedIn: (cookieHeader: string) => boolean;
  /**
   * A partner link `/a/{parameter}` followed: where to send the visitor (302), the cookies to set
   * and the answer's Cache-Control. The server answers document requests for it before React
   * Router (decision 037).
   */
  followAffiliateLink: (visit: LinkVisit) => Promise<LinkAnswer & { cacheControl: string }>;
};

/** What a partner link's answer depends on, read from the request by whoever takes it. */
export type LinkVisit = {
  /** GET or HEAD: only a GET is a visit that counts; a HEAD gets the same answer. */
  method: string;
  /** The `/a/` path's parameter as routed (decoded), if any. */
  parameter: string | undefined;
  /** The request's pathname as sent: the click's landing page. */
  path: string;
  cookie: string | null | undefined;
  userAgent: string | null | undefined;
  referrer: string | null | undefined;
  /** The client's address as Express resolves it (`trust proxy`, i.e. TRUST_PROXY): its click limit. */
  clientIp: string | undefined;
};

/** A followed link's answer: a 302 to `location` with these Set-Cookie headers. */
export type LinkAnswer = { location: string; setCookies: string[] };

/** The hooks in a server build's entry module (every build of this app exports them). */
export function appHooksOf(entryModule: object): AppHooks {
  const hooks = (entryModule as { appHooks?: AppHooks }).appHooks;
  if (!hooks) throw new Error("app/entry.server.tsx must export appHooks (server/app-hooks.ts).");
  return hooks;
}
