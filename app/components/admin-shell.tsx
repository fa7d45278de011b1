// The frame of every admin page: a bar with the admin areas as a row of tabs (the current area
// marked with aria-current; on phones the row scrolls sideways and keeps the current tab in
// view), 'Back to Site' and 'Sign Out'. Pages draw their own title and actions below it.
import { ArrowLeft } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link, useLocation } from "react-router";
import { Button } from "~/components/ui/button";
import { SignOutButton } from "~/features/auth/components/sign-out-button";
import { cn } from "~/lib/utils";
import { activeAdminArea, adminAreas } from "./admin-areas";

export function AdminShell({ children }: { children: React.ReactNode }) {
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
        <div className="mx-auto grid max-w-7xl grid-cols-[1fr_auto] items-center gap-x-4 px-4 sm:px-6 lg:px-8">
          <p className="py-2 text-sm font-semibold text-primary sm:hidden">Admin</p>
          <nav aria-label="Admin" className="col-span-2 row-start-2 -mx-4 min-w-0 scroll-px-4 overflow-x-auto px-4 sm:col-span-1 sm:row-start-1 sm:mx-0 sm:px-0">
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
                      <area.icon aria-hidden="true" className="size-4" />
                      {area.label}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </nav>
          <div className="flex items-center gap-2 py-2">
            <Button asChild variant="ghost" size="sm">
              <Link to="/">
                <ArrowLeft aria-hidden="true" />
                Back to Site
              </Link>
            </Button>
            <SignOutButton redirectTo="/" page="admin" variant="outline" />
          </div>
        </div>
      </div>
      {children}
    </>
  );
}
