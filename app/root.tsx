import { useEffect } from "react";
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteError,
  useMatches,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import { NotFound } from "~/components/not-found";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import { requireAdmin, requireUser, sessionMiddleware } from "~/features/auth/guards.server";
import { getRootAuthState } from "~/features/auth/root-auth.server";
import { PageToasts } from "~/components/page-toasts";
import { Toasts, useToast } from "~/components/toast";
import { PageViewBeacon } from "~/features/analytics/components/page-view-beacon";
import { getPublicEnv } from "~/lib/env.server";
import { takeFlashToast } from "~/lib/flash-toast.server";
import { useNonce } from "~/lib/nonce";
import stylesheet from "./app.css?url";
// Vite bundles a `?worker&url` import as a standalone ES module and gives its hashed URL: here it
// is a content page's only script, not a worker.
import enhanceScript from "./enhance/content.ts?worker&url";
import { isContentPage } from "~/lib/content-page";
import { loaderOrActionHeaders, noStore } from "~/lib/cache-headers";
import { ruleFor } from "~/lib/route-access";

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

/**
 * The route table's access rule (app/lib/route-access.ts), applied to every page and data request
 * before any loader runs: an anonymous visitor of a protected route is sent to its sign-in page, a
 * signed-in user without the admin role who opens an admin page to /admin-login. Each protected
 * loader and action still runs its own guard (DESIGN.md section 2). Left to them: a post (a route
 * without an action answers 405 to everyone, and React Router decides that after middleware), and
 * the refusals that are pages (503 when the session lookup fails), which show in the route's error
 * boundary ('Authentication Error'), not the root's.
 */
const routeAccessMiddleware: Route.MiddlewareFunction = async (args, next) => {
  const { method } = args.request;
  const { access } = ruleFor(args.url.pathname).rule;
  if (access === "public" || (method !== "GET" && method !== "HEAD")) return next();
  try {
    await (access === "admin" ? requireAdmin(args) : requireUser(args));
  } catch (refusal) {
    if (refusal instanceof Response && refusal.status >= 300 && refusal.status < 400) throw refusal;
  }
  return next();
};

export const middleware: Route.MiddlewareFunction[] = [sessionMiddleware, routeAccessMiddleware];

// The root renders every error boundary: a thrown refusal's headers (429 + Retry-After) reach the
// document through it; otherwise its loader's (the flash cookie's no-store).
export const headers = loaderOrActionHeaders;

export async function loader(args: Route.LoaderArgs) {
  const [auth, flash] = await Promise.all([getRootAuthState(args), takeFlashToast(args.request)]);
  return data(
    { env: getPublicEnv(), ...auth, toast: flash.toast },
    flash.clear ? { headers: noStore({ "Set-Cookie": flash.clear }) } : undefined,
  );
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  // Absent when the root's loader failed (an error page): a view of it is still a view.
  const rootData = useRouteLoaderData<typeof loader>("root");
  // A content page (its route's handle, decision 040) gets no React scripts: its enhancement module.
  const withoutReact = isContentPage(useMatches());
  const pageViews = rootData?.env.pageViews !== false;
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1e3a5f" />
        {/* First in <head>: the page cannot paint before its CSS, so it must not queue behind the
            module preloads. */}
        <link rel="stylesheet" href={stylesheet} precedence="high" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-background focus:px-4 focus:py-2 focus:shadow"
        >
          Skip to content
        </a>
        <SiteHeader withoutReact={withoutReact} />
        <main id="main" className="flex-1">
          {children}
        </main>
        <SiteFooter />
        {withoutReact ? (
          <>
            <PageToasts toast={rootData?.toast} />
            <script type="module" src={enhanceScript} nonce={nonce} data-page-views={pageViews ? "on" : "off"} />
          </>
        ) : (
          <>
            <Toasts />
            {pageViews ? <PageViewBeacon /> : null}
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        )}
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  // A toast handed over by a redirect (sign-out, say).
  useToast(loaderData.toast);
  // Tests (and nothing else) wait for this marker instead of guessing when React has hydrated.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  // A rate limit's refusal says when to try again (server/rate-limits.server.ts).
  if (isRouteErrorResponse(error) && error.status === 429 && typeof error.data === "string") {
    return (
      <div className="mx-auto max-w-xl px-4 py-24 text-center">
        <h1 className="text-2xl font-semibold">Too many requests</h1>
        <p className="mt-3 text-muted-foreground">{error.data}</p>
      </div>
    );
  }
  // Never show a stack trace or internal message to a visitor; the server has logged it.
  const detail = import.meta.env.DEV && error instanceof Error ? error.stack : null;
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-2xl font-semibold">Something went wrong</h1>
      <p className="mt-3 text-muted-foreground">
        Please try again in a moment. If the problem persists, use the booking page to reach us.
      </p>
      {detail ? <pre className="mt-6 overflow-auto text-left text-xs">{detail}</pre> : null}
    </div>
  );
}
