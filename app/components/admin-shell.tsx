// The frame of every admin page: 'Back to Site' and 'Sign Out' above a row of tabs for the admin
// areas (the current area marked with aria-current; where the row does not fit, on phones and
// tablets, it scrolls sideways and keeps the current tab in view). Pages draw their own title and
// actions below it.
import { ArrowLeft } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link, useLocation } from "react-router";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/utils";
import { activeAdminArea, adminAreas } from "./admin-areas";

/** `signOut` is the auth feature's button, handed in by the admin layout (shared UI knows no feature). */
export function AdminShell({ signOut, children }: { signOut: React.ReactNode; children: React.ReactNode }) {
  const { pathname } = useLocation();
  const active = activeAdminArea(pathname);
  const activeTab = useRef<HTMLAnchorElement>(null);

  // A phone shows a few tabs at a time: bring the current one into view.
  useEffect(() => {
    activeTab.current?.scrollIntoView({ block: "nearest", inline: "nearest" });
  }, [active?.to]);

  return (
    <>
      <div className="border-b bg-muted/40">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <div className="flex items-center justify-between gap-4 pt-2">
            <p className="text-sm font-semibold text-primary">Admin</p>
            <div className="flex items-center gap-2">
              <Button asChild variant="ghost" size="sm">
                <Link to="/">
                  <ArrowLeft aria-hidden="true" />
                  Back to Site
                </Link>
              </Button>
              {signOut}
            </div>
          </div>
          <nav aria-label="Admin" className="-mx-4 scroll-px-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
            <ul className="flex gap-1">
              {adminAreas.map((area) => {
                const current = area === active;
                return (
                  <li key={area.to} className="shrink-0">
                    <Link
                      to={area.to}
                      ref={current ? activeTab : undefined}
                      // The area's own page is the current page; on a page inside it the area is the current location.
                      aria-current={current ? (pathname.replace(/\/+$/, "") === area.to ? "page" : "location") : undefined}
                      prefetch="intent"
                      className={cn(
                        "inline-flex items-center gap-2 border-b-2 px-3 py-3 text-sm font-medium whitespace-nowrap transition-colors",
                        "rounded-t-md focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none",
                        current
                          ? "border-primary text-primary"
                          : "border-transparent text-muted-foreground hover:border-muted-foreground/40 hover:text-foreground",
                      )}
                    >
                      {/* Below 1280 px the icons make way, so all nine areas fit from 1024 px up. */}
                      <area.icon aria-hidden="true" className="hidden size-4 xl:block" />
                      {area.label}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </nav>
        </div>
      </div>
      {children}
    </>
  );
}
