// What the app hands the server. `server/` sits below the app's features and never imports them:
// the app's server entry (app/entry.server.tsx) exports `appHooks`, and the server reads it from
// the build React Router gives it (`build.entry.module`).

export type AppHooks = {
  /** Runs once the database is open, before the server listens: a failure stops the start. */
  start: () => Promise<void>;
  /** Runs at shutdown, after the last request was answered, before the database closes. */
  beforeClose: () => Promise<void>;
  /** True when this Cookie header makes the visitor signed in: the page cache serves only others. */
  isSignedIn: (cookieHeader: string) => boolean;
};

/** The hooks in a server build's entry module (every build of this app exports them). */
export function appHooksOf(entryModule: object): AppHooks {
  const hooks = (entryModule as { appHooks?: AppHooks }).appHooks;
  if (!hooks) throw new Error("app/entry.server.tsx must export appHooks (server/app-hooks.ts).");
  return hooks;
}
