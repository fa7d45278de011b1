// Content pages render without React's scripts (docs/decisions/040-content-pages-without-hydration.md):
// their route says so in its handle, and the root layout then sends the page's small enhancement
// module (app/enhance/content.ts) instead of React, React DOM and React Router.

/** A route's `handle`: `hydrate: false` marks a content page (read by app/root.tsx). */
export type PageHandle = { hydrate?: boolean };

export const contentPageHandle: PageHandle = { hydrate: false };

/**
 * The `loader` of a content page that has none of its own: with a clientLoader alone, React Router
 * would leave the page to the browser and render nothing on the server.
 */
export function noServerData() {
  return null;
}

/**
 * A content page's `clientLoader`: an app page's client-side navigation to a content page loads it
 * as a document instead, so the page runs its own enhancements and never React's copy of it. Never
 * resolves: the browser leaves this page.
 */
export function loadAsDocument({ request }: { request: Request }): Promise<never> {
  window.location.assign(request.url);
  return new Promise<never>(() => {});
}

/** True when every route below the root is a content page (a lone root is an error page: hydrated). */
export function isContentPage(matches: ReadonlyArray<{ id: string; handle?: unknown }>): boolean {
  const routes = matches.filter((match) => match.id !== "root");
  return routes.length > 0 && routes.every((match) => (match.handle as PageHandle | undefined)?.hydrate === false);
}
