import { Cog, Menu, X } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/utils";
import { SITE_NAME } from "~/lib/seo";
import { navLinks } from "./site-nav-links";

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    // Narrower from 1024 to 1279 px, so the six links and the site's name fit on one line each.
    "rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap transition-colors hover:bg-muted hover:text-foreground lg:px-2 xl:px-3",
    isActive ? "bg-secondary text-primary font-semibold" : "text-muted-foreground",
  );

function MenuLinks() {
  return (
    <ul className="mx-auto flex max-w-7xl flex-col gap-1 px-4 py-3 sm:px-6">
      {navLinks.map((link) => (
        <li key={link.to}>
          <NavLink to={link.to} end={link.to === "/"} className={(state) => cn(linkClass(state), "block text-base")}>
            {link.label}
          </NavLink>
        </li>
      ))}
      <li className="pt-2">
        <Button asChild variant="brand" className="w-full">
          <Link to="/bootcamp">Enroll Now</Link>
        </Button>
      </li>
    </ul>
  );
}

/**
 * `withoutReact`: a content page's header (decision 040). The menu's links wait in a template, and
 * app/enhance/menu.ts opens and closes it as React does here on the other pages.
 */
export function SiteHeader({ withoutReact = false }: { withoutReact?: boolean }) {
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const menuId = useId();

  // Close the mobile menu after navigating and on Escape.
  useEffect(() => setOpen(false), [location.pathname]);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => event.key === "Escape" && setOpen(false);
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [open]);

  return (
    <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4 sm:px-6 lg:px-8">
        <Link to="/" className="flex items-center gap-2 font-semibold text-primary">
          <Cog aria-hidden="true" className="size-6 text-brand" />
          <span>{SITE_NAME}</span>
        </Link>
        <ul className="ml-auto hidden items-center gap-1 lg:flex">
          {navLinks.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} end={link.to === "/"} className={linkClass} prefetch="intent">
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
        <Button asChild variant="brand" className="ml-auto hidden sm:inline-flex lg:ml-2">
          <Link to="/bootcamp">Enroll</Link>
        </Button>
        <Button
          type="button"
          variant="ghost"
          size="icon"
          aria-expanded={open}
          aria-controls={menuId}
          aria-label={open ? "Close menu" : "Open menu"}
          data-menu-toggle=""
          className="group ml-auto sm:ml-0 lg:hidden"
          onClick={() => setOpen((value) => !value)}
        >
          <Menu aria-hidden="true" className="group-aria-expanded:hidden" />
          <X aria-hidden="true" className="hidden group-aria-expanded:block" />
        </Button>
      </nav>
      {/* The menu's links only while it is open: it opens with JavaScript, so a closed one drawn on
          the server is markup nobody sees (the wide screen's row above holds the same links). */}
      <div id={menuId} hidden={!open} className="border-t bg-background lg:hidden">
        {open ? <MenuLinks /> : null}
      </div>
      {withoutReact ? (
        <template data-menu-links="">
          <MenuLinks />
        </template>
      ) : null}
    </header>
  );
}
